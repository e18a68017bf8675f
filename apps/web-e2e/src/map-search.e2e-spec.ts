import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import polyline from '@mapbox/polyline';
import { DESKTOP, PHONE, launchBrowser, screenshot } from './support/browser';
import { chunk } from './support/build-manifest';
import { openPage } from './support/open-page';
import { mailIn, verifyLinkOf } from './support/outbox';
import { thisWorkersPortal } from './support/portal';
import { randomBytes } from 'node:crypto';

const { port, mailDir } = thisWorkersPortal();
const HOST = `localhost:${port}`;

/**
 * The map's list as the API answered the request `wanted` picks, after `action`: the search's total,
 * and how many the map shows (those with a position, not rented).
 */
async function mapList(page: Page, action: () => Promise<unknown>, wanted: (query: URLSearchParams) => boolean): Promise<{ total: number; shown: number }> {
  const response = page.waitForResponse((r) => r.url().includes('/api/dwellings/') && wanted(new URL(r.url()).searchParams));
  await action();
  const body = (await (await response).json()) as { meta: { total: number }; data: Array<{ lat: number | null; deletedAt: string | null }> };
  return { total: body.meta.total, shown: body.data.filter((item) => item.lat !== null && item.deletedAt === null).length };
}

/** The map's markers and clusters on screen (Leaflet's icons; the drawing's own vertices are not results). */
const resultIcons = (page: Page) => page.locator('[data-testid="search-map"] .leaflet-marker-pane [aria-label]');

/** Clicks clusters (each zooms in) until a single dwelling's marker is on screen, then opens its card. */
async function openAMarker(page: Page) {
  for (let i = 0; i < 8; i++) {
    const single = page.locator('[data-testid="search-map"] .leaflet-marker-pane [aria-label]:not(.marker-cluster)');
    if ((await single.count()) > 0) {
      const label = await single.first().getAttribute('aria-label');
      await single.first().click();
      return label;
    }
    await page.locator('[data-testid="search-map"] .marker-cluster').first().click();
    // The zoom animation; then the clusters are redrawn.
    await page.waitForTimeout(600);
  }
  throw new Error('no single marker after eight zooms');
}

/** Draws a polygon over the middle of the map with the mouse: four corners, then the first again. */
async function drawPolygon(page: Page) {
  await page.getByRole('button', { name: 'Tegn område' }).click();
  await page.getByRole('status').filter({ hasText: 'Klik på kortet for hvert hjørne' }).waitFor();
  // Mouse clicks land in the viewport: the whole map in view first.
  const map = page.locator('[data-testid="search-map"] .leaflet-container');
  await map.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = (await map.boundingBox())!;
  const at = (x: number, y: number) => ({ x: box.x + box.width * x, y: box.y + box.height * y });
  const corners = [at(0.3, 0.3), at(0.7, 0.3), at(0.7, 0.7), at(0.3, 0.7)];
  for (const corner of [...corners, corners[0]]) {
    await page.mouse.click(corner.x, corner.y);
    await page.waitForTimeout(150);
  }
}

// Issue 34: the list/map switch of /search and the city pages, the results as clustered markers on
// local tiles, an area drawn with the mouse that narrows the search through the URL, a marker's card,
// and the back button undoing each step.
describe('map search in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(() => browser.close());

  const open = (path: string, viewport: { width: number; height: number }) => {
    const scripts: string[] = [];
    return openPage(browser, `http://${HOST}${path}`, {
      viewport,
      agentModalSeen: true,
      console: 'errors',
      tiles: true,
      beforeGoto: (page) => {
        page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
      },
    }).then((opened) => ({ ...opened, scripts }));
  };

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('on /search (%s): choose the map, draw an area, open a marker, and go back', async (name, viewport) => {
    const { page, errors, documents, scripts } = await open('/search?q=Aarhus', viewport);
    await page.getByRole('heading', { level: 1, name: 'Lejeboliger i Aarhus' }).waitFor();
    // The list pages stay light: no map code until the map is chosen.
    const mapCode = [chunk('../../node_modules/leaflet/dist/leaflet-src.js'), chunk('src/features/search-map/components/search-map.tsx')];
    expect(scripts.filter((s) => mapCode.includes(s))).toEqual([]);
    const list = page.getByRole('group', { name: 'Visning' });
    expect(await list.getByRole('link', { name: 'Liste' }).getAttribute('aria-current')).toBe('true');

    // The map: the same search's results as clustered markers, over the (local) tiles.
    const all = await mapList(page, () => list.getByRole('link', { name: 'Kort' }).click(), (q) => q.get('pageSize') === '500' && !q.has('area'));
    await page.waitForURL(`http://${HOST}/search?q=Aarhus&view=map`);
    expect(await list.getByRole('link', { name: 'Kort' }).getAttribute('aria-current')).toBe('true');
    expect(scripts).toEqual(expect.arrayContaining(mapCode));
    await resultIcons(page).first().waitFor();
    await page.locator('.leaflet-tile-loaded').first().waitFor();
    expect(all.shown).toBeGreaterThan(10);
    expect(all.total).toBeLessThanOrEqual(500);
    await page.getByText(`${all.shown} boliger på kortet.`).waitFor();
    await screenshot(page, `map-search-${name}-map`, { fullPage: false });

    // Draw: the URL gets the area, the search runs again inside it, and the list narrows.
    const inArea = await mapList(page, () => drawPolygon(page), (q) => q.has('area') && q.get('pageSize') === '500');
    await page.waitForURL(/[?&]area=/);
    const url = new URL(page.url());
    expect(url.searchParams.get('view')).toBe('map');
    expect(url.searchParams.get('q')).toBe('Aarhus');
    expect(inArea.shown).toBeGreaterThan(0);
    expect(inArea.total).toBeLessThan(all.total);
    await page.getByText(new RegExp(`^${inArea.shown} boliger? på kortet\\.$`)).waitFor();
    await page.locator('[data-testid="search-map"] path.leaflet-interactive, [data-testid="search-map"] path').first().waitFor();
    await page.getByRole('button', { name: 'Fjern området' }).waitFor();

    // A marker opens its card, with a link to the dwelling.
    const headline = await openAMarker(page);
    const card = page.getByTestId('map-card');
    await card.waitFor();
    expect(await card.getByRole('link').textContent()).toBe(headline);
    expect(await card.getByRole('link').getAttribute('href')).toMatch(/^\/vis\/\d+$/);
    await screenshot(page, `map-search-${name}-area`, { fullPage: false });

    // The keyboard: a marker is a button; Enter opens its card and takes the focus to its link.
    await card.getByRole('button', { name: 'Luk' }).click();
    await card.waitFor({ state: 'detached' });
    const marker = page.locator('[data-testid="search-map"] .leaflet-marker-pane [aria-label]:not(.marker-cluster)').first();
    await marker.focus();
    await page.keyboard.press('Enter');
    await card.waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="map-card"]') !== null && document.activeElement?.tagName)).toBe('A');

    // The list of the same area: narrowed too, and it says so.
    await page.getByRole('group', { name: 'Visning' }).getByRole('link', { name: 'Liste' }).click();
    await page.getByTestId('area-note').waitFor();
    expect(new URL(page.url()).searchParams.get('area')).toBe(url.searchParams.get('area'));
    expect(new URL(page.url()).searchParams.has('view')).toBe(false);
    if (inArea.total > 10) await page.getByRole('heading', { level: 2, name: `${inArea.total} ledige boliger` }).waitFor();
    await page.getByTestId('search-map').waitFor({ state: 'detached' });
    await screenshot(page, `map-search-${name}-list-in-area`, { fullPage: false });

    // Back: the map of the area, then the map without it, then the list; no page load on the way.
    await page.goBack();
    await page.getByRole('button', { name: 'Fjern området' }).waitFor();
    await page.goBack();
    await page.waitForURL(`http://${HOST}/search?q=Aarhus&view=map`);
    await page.getByText(`${all.shown} boliger på kortet.`).waitFor();
    expect(await page.getByRole('button', { name: 'Fjern området' }).count()).toBe(0);
    await page.goBack();
    await page.waitForURL(`http://${HOST}/search?q=Aarhus`);
    await page.getByTestId('search-map').waitFor({ state: 'detached' });
    expect(await page.getByRole('group', { name: 'Visning' }).getByRole('link', { name: 'Liste' }).getAttribute('aria-current')).toBe('true');
    expect(documents).toHaveLength(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('speaks English on the English site', async () => {
    const { page, errors } = await openPage(browser, `http://en.localhost:${port}/aarhus?view=map`, { viewport: DESKTOP, agentModalSeen: true, console: 'errors', tiles: true });
    const views = page.getByRole('group', { name: 'View' });
    expect(await views.getByRole('link', { name: 'Map' }).getAttribute('aria-current')).toBe('true');
    await views.getByRole('link', { name: 'List' }).waitFor();
    await page.getByRole('button', { name: 'Draw area' }).waitFor();
    await page.getByRole('button', { name: 'Draw circle' }).waitFor();
    await page.getByRole('region', { name: 'Map of the homes in the search' }).waitFor();
    await resultIcons(page).first().waitFor();
    await page.getByText(/^\d+ homes on the map\.$/).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens a shared link with an area on a city page: the area drawn, "Fjern området" removes it, a circle drawn instead', async () => {
    // A triangle in central Aarhus, as a shared URL carries it.
    const { page: first } = await open('/search?q=Aarhus&view=map', DESKTOP);
    await resultIcons(first).first().waitFor();
    await drawPolygon(first);
    await first.waitForURL(/[?&]area=/);
    const area = new URL(first.url()).searchParams.get('area')!;
    await first.close();

    const { page, errors } = await open(`/aarhus?view=map&area=${encodeURIComponent(area)}`, PHONE);
    await page.locator('[data-testid="search-map"] .leaflet-overlay-pane path').first().waitFor();
    await page.getByRole('button', { name: 'Fjern området' }).click();
    await page.waitForURL(`http://${HOST}/aarhus?view=map`);
    // The router renders the new URL's page once its list is loaded.
    await page.locator('[data-testid="search-map"] .leaflet-overlay-pane path').waitFor({ state: 'detached' });
    await resultIcons(page).first().waitFor();

    // A circle: its centre, then its edge; the URL gets it as a ring of 32 corners (closed: 33 points).
    await page.getByRole('button', { name: 'Tegn cirkel' }).click();
    await page.getByRole('status').filter({ hasText: 'Klik på midten' }).waitFor();
    const map = page.locator('[data-testid="search-map"] .leaflet-container');
    await map.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.5);
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.5, { steps: 4 });
    await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.5);
    await page.waitForURL(/[?&]area=/);
    const ring = polyline.decode(new URL(page.url()).searchParams.get('area')!, 5);
    expect(ring).toHaveLength(33);
    expect(ring[32]).toEqual(ring[0]);
    await page.locator('[data-testid="search-map"] .leaflet-overlay-pane path').first().waitFor();
    await screenshot(page, 'map-search-city-phone', { fullPage: false });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a visitor draws an area, creates a BoligAgent for it, verifies it from the mail, and manages the area on the agent page (360 px and desktop)', async () => {
    const { page, errors } = await open('/search?q=Aarhus&view=map', DESKTOP);
    await resultIcons(page).first().waitFor();
    await drawPolygon(page);
    await page.waitForURL(/[?&]area=/);
    const drawn = new URL(page.url()).searchParams.get('area')!;

    // "Opret BoligAgent for området": the dialog sends the drawn area.
    await page.getByRole('button', { name: 'Opret BoligAgent for området' }).click();
    const dialog = page.getByRole('dialog', { name: 'Få nye boliger i området på mail' });
    const email = `e2e-area-${randomBytes(4).toString('hex')}@husly.test`;
    await dialog.getByLabel('Din email').fill(email);
    await dialog.getByRole('button', { name: 'Opret BoligAgent' }).click();
    await dialog.getByText('Tjek din indbakke!').waitFor();

    // The mail's link verifies the agent: its page lists the area, switched on.
    const verifyUrl = verifyLinkOf(await mailIn(mailDir, email));
    const token = new URL(verifyUrl).searchParams.get('token')!;
    await page.goto(verifyUrl.replace(/^http:\/\/[^/]+/, `http://${HOST}`));
    await page.getByText('Tak! Din BoligAgent er bekræftet').waitFor();
    const areas = page.getByRole('list', { name: 'Tegnede områder' });
    const row = areas.getByTestId('boligagent-map-area');
    // Its name and, under it, its corners and size.
    await row.getByText('Tegnet område').waitFor();
    // Four corners clicked, the first again to close: four corners.
    expect(await row.getByText(/^4 hjørner · ca\. [\d.,]+ km²$/).count()).toBe(1);
    expect(await row.getByText('(Inaktiv)', { exact: false }).count()).toBe(0);

    // Its sliders, edited as a city pref's; the API rounds, the row shows what it stored.
    await row.getByRole('button', { name: 'Ret' }).click();
    await page.getByLabel('Max husleje (kr.)').fill('6500');
    await page.getByLabel('Min. værelser').fill('2');
    await page.getByRole('button', { name: 'Gem' }).click();
    await page.getByText('Gemt.').waitFor();
    const stored = async () => ((await (await fetch(`http://${HOST}/api/boligagents/${token}`)).json()) as { mapAreas: Array<{ area: string; rent: number | null; rooms: number | null }> }).mapAreas;
    const [saved] = await stored();
    expect(saved).toMatchObject({ area: drawn, rooms: 2 });
    expect(saved.rent).not.toBeNull();
    await row.getByText(`max ${saved.rent!.toLocaleString('da-DK')} kr.`).waitFor();
    await row.getByText('min. 2').waitFor();
    await screenshot(page, 'boligagent-map-area-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'boligagent-map-area-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESKTOP);

    // "Vis på kort": the area's search in all of Denmark, on the map, with the area drawn and its sliders.
    await row.getByRole('link', { name: 'Vis på kort' }).click();
    await page.getByRole('heading', { level: 1, name: 'Lejeboliger i det tegnede område' }).waitFor();
    const shown = new URL(page.url());
    expect(shown.pathname).toBe('/search');
    expect(shown.searchParams.get('area')).toBe(drawn);
    expect(shown.searchParams.get('view')).toBe('map');
    expect(shown.searchParams.get('rooms')).toBe('2');
    expect(shown.searchParams.has('q')).toBe(false);
    await page.locator('[data-testid="search-map"] .leaflet-overlay-pane path').first().waitFor();
    await page.getByRole('button', { name: 'Opret BoligAgent for området' }).waitFor();

    // Back on the agent page: Slet removes the area, here and in the API.
    await page.goBack();
    await row.getByRole('button', { name: 'Slet' }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByText('Din BoligAgent holder ikke øje med nogen områder.', { exact: false }).waitFor();
    expect(await stored()).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
