import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, screenshot } from './support/browser';
import { openPage } from './support/open-page';
import { thisWorkersPortal } from './support/portal';

const { port } = thisWorkersPortal();
const HOST = `localhost:${port}`;

/** 10450 → "10.450 kr." as the pages write amounts. */
const kroner = (amount: number) => `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} kr.`;

// Issue 15, "Results": refine the results with filters and an order without a page load, the
// back button undoing each step; the costs and the fair-rent hint on a detail page.
describe('search filters in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(() => browser.close());

  // The city page's boligagent modal is not what this journey is about (see find-a-home). `documents`:
  // a document request after the first one means the filters reloaded the page.
  const open = (path: string, viewport: { width: number; height: number }, host = HOST) =>
    openPage(browser, `http://${host}${path}`, { viewport, agentModalSeen: true, console: 'errors', tiles: true });

  /** The cards' rents and monthly totals, in list order. */
  async function cards(page: Page): Promise<Array<{ rent: number; monthly: number | null; href: string }>> {
    return page.locator('main a[href^="/vis/"]').evaluateAll((links) =>
      links.map((link) => {
        // The card's paragraphs: the rent first, then the costs line.
        const text = [...link.querySelectorAll('p')].map((p) => p.textContent ?? '').join('\n');
        const rent = /^([\d.]+) kr\./m.exec(text)?.[1] ?? '0';
        const monthly = /(?:I alt|Total) ([\d.]+) kr\./.exec(text)?.[1] ?? null;
        return { rent: Number(rent.replace(/\./g, '')), monthly: monthly === null ? null : Number(monthly.replace(/\./g, '')), href: link.getAttribute('href') ?? '' };
      }),
    );
  }

  /**
   * Runs `action` (a change in the panel, the back button) and waits until the list the router
   * fetched for it is on the page: the API response whose query passes `wanted`, then two frames.
   */
  async function refine(page: Page, action: () => Promise<unknown>, wanted: (query: URLSearchParams) => boolean) {
    const response = page.waitForResponse((r) => r.url().includes('/api/dwellings/') && wanted(new URL(r.url()).searchParams));
    await action();
    const body = (await (await response).json()) as { data: Array<{ dwellingId: string; deletedAt: string | null }> };
    // React renders the resolved list in a transition, later on a busy machine: wait for its links
    // (a rented dwelling is listed but not a link).
    const hrefs = body.data.filter((item) => item.deletedAt === null).map((item) => `/vis/${item.dwellingId}`);
    await page.waitForFunction(
      (expected) => {
        const shown = [...document.querySelectorAll('main a[href^="/vis/"]')].map((a) => a.getAttribute('href'));
        return shown.length === expected.length && shown.every((href, i) => href === expected[i]);
      },
      hrefs,
      { timeout: 15_000 },
    );
  }

  /** Waits until the panel's control `name` shows `value` (a checkbox: checked or not); the URL drives it. */
  async function shows(page: Page, name: string, value: string | boolean) {
    await page.waitForFunction(
      ([field, wanted]) => {
        const control = document.querySelector<HTMLInputElement | HTMLSelectElement>(`main form [name="${field}"]`);
        if (!control) return false;
        return typeof wanted === 'boolean' ? (control as HTMLInputElement).checked === wanted : control.value === wanted;
      },
      [name, value] as const,
      { timeout: 10_000 },
    );
  }

  it('refines /search with filters and an order without a page load, and the back button undoes each step', async () => {
    const { page, errors, documents } = await open('/search?q=Aarhus', DESKTOP);
    await page.getByRole('heading', { level: 1, name: 'Lejeboliger i Aarhus' }).waitFor();
    await page.evaluate(() => ((window as unknown as { journeyMarker: number }).journeyMarker = 1));
    const all = await cards(page);
    expect(all.length).toBeGreaterThan(10);
    const ascending = (values: number[]) => expect(values).toEqual([...values].sort((a, b) => a - b));

    // Order: lowest rent first.
    await refine(page, () => page.getByLabel('Sortér efter').selectOption('rent'), (q) => q.get('sort') === 'rent' && !q.has('pets'));
    expect(new URL(page.url()).search).toBe('?q=Aarhus&sort=rent');
    ascending((await cards(page)).map((c) => c.rent));

    // Pets allowed, then apartments only. A click, not check(): the box shows the URL's state.
    await refine(page, () => page.getByLabel('Husdyr tilladt').click(), (q) => q.get('pets') === '1' && !q.has('type'));
    await shows(page, 'pets', true);
    await refine(page, () => page.getByLabel('Boligtype').selectOption('apartment'), (q) => q.get('type') === 'apartment' && !q.has('monthly'));

    // The monthly total: every card's "I alt" at or below it, still cheapest first.
    await refine(page, () => page.getByLabel('Maks. i alt pr. md.').fill('12000'), (q) => q.get('monthly') === '12000');
    const cheap = await cards(page);
    expect(cheap.length).toBeGreaterThan(0);
    expect(cheap.length).toBeLessThan(all.length);
    for (const card of cheap) expect(card.monthly ?? Infinity).toBeLessThanOrEqual(12000);
    ascending(cheap.map((c) => c.rent));
    expect(new URL(page.url()).search).toBe('?q=Aarhus&monthly=12000&pets=1&type=apartment&sort=rent');
    await screenshot(page, 'search-filters-da-desktop');

    // No page load on the way: one document (the first), and the page's own state survived.
    expect(documents).toHaveLength(1);
    expect(await page.evaluate(() => (window as unknown as { journeyMarker?: number }).journeyMarker)).toBe(1);

    // Back: each step undone, the controls showing the URL's state again.
    await refine(page, () => page.goBack(), (q) => q.get('type') === 'apartment' && !q.has('monthly'));
    expect(new URL(page.url()).search).toBe('?q=Aarhus&pets=1&type=apartment&sort=rent');
    await shows(page, 'monthly', '20000');
    await shows(page, 'type', 'apartment');
    await refine(page, () => page.goBack(), (q) => q.get('pets') === '1' && !q.has('type'));
    await shows(page, 'type', '');
    await shows(page, 'pets', true);
    await refine(page, () => page.goBack(), (q) => q.get('sort') === 'rent' && !q.has('pets'));
    await shows(page, 'pets', false);
    await refine(page, () => page.goBack(), (q) => !q.has('sort') && !q.has('pets'));
    expect(page.url()).toBe(`http://${HOST}/search?q=Aarhus`);
    await shows(page, 'sort', 'newest');
    expect((await cards(page)).map((c) => c.href)).toEqual(all.map((c) => c.href));
    expect(documents).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  // One journey per host and page: each loads a page and takes a full-page shot, and together they
  // outran one test's budget on a busy CI machine.
  it.each([
    [HOST, 'Filtre', 'Husdyr tilladt', 'Lejeboliger i Aarhus'],
    [`en.localhost:${port}`, 'Filters', 'Pets allowed', 'Rental homes in Aarhus'],
  ] as const)('opens the filters from a "Filtre" button on a phone (%s)', async (host, button, label, heading) => {
    const { page, errors, documents } = await open('/search?q=Aarhus&sort=size', PHONE, host);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    // Closed at first on a phone; the order stays in view.
    expect(await page.getByLabel(label).isVisible()).toBe(false);
    await page.getByRole('button', { name: button, exact: true }).click();
    await refine(page, () => page.getByLabel(label).click(), (q) => q.get('pets') === '1');
    expect(await page.getByRole('button', { name: `${button} (1)` }).getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `search-filters-${host.startsWith('en.') ? 'en' : 'da'}-phone`);
    expect(documents).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sets a filter on the city page without a page load (desktop)', async () => {
    const { page, errors } = await open('/aarhus', DESKTOP);
    await refine(page, () => page.getByLabel('Lejeperiode').selectOption('nolimit'), (q) => q.get('timeframe') === 'nolimit');
    expect(page.url()).toBe(`http://${HOST}/aarhus?timeframe=nolimit`);
    expect(await page.locator('main a[href^="/vis/"]').count()).toBeGreaterThan(0);
    await screenshot(page, 'city-filters-da-desktop');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('server-renders a filtered URL with the filtered list and the controls set', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/search?q=aarhus&sort=size&type=apartment`, { headers: { host: HOST } });
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(body).toMatch(/<option value="size" selected="">/);
    expect(body).toMatch(/<option value="apartment" selected="">/);
    const sizes = [...body.matchAll(/(\d+) m²<\/p>|· (\d+) m²/g)].map((m) => Number(m[1] ?? m[2]));
    expect(sizes.length).toBeGreaterThan(5);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });

  it('shows the monthly total, the move-in cost and the fair-rent hint on a detail page', async () => {
    // Aarhus apartments of 60–79 m², newest first: plenty of comparables in the demo data.
    const list = await (await fetch(`http://127.0.0.1:${port}/api/dwellings/area/aarhus?type=apartment&size=60`)).json();
    const candidates = (list.data as Array<{ dwellingId: string; size: number; monthlyCost: number; deletedAt: string | null }>).filter((d) => d.size < 80 && !d.deletedAt);
    let shown: { id: string; monthly: number } | null = null;
    for (const candidate of candidates.slice(0, 10)) {
      const detail = await (await fetch(`http://127.0.0.1:${port}/api/dwellings/${candidate.dwellingId}`)).json();
      if (detail.fairRent) {
        shown = { id: candidate.dwellingId, monthly: detail.costs.monthly };
        break;
      }
    }
    expect(shown).not.toBeNull();
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { page, errors } = await open(`/vis/${shown?.id}`, viewport);
      const costs = page.getByTestId('dwelling-costs');
      await costs.waitFor();
      expect(await costs.textContent()).toContain(kroner(shown?.monthly ?? 0));
      await page.getByTestId('fair-rent').waitFor();
      expect(await page.getByTestId('fair-rent').textContent()).toMatch(/Huslejen ligger|ledige boliger på/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `detail-costs-da-${name}`);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
