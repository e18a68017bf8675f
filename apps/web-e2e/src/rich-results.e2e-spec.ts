import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { openPage } from './support/open-page';
import { thisWorkersPortal } from './support/portal';

const { baseUrl } = thisWorkersPortal();

/** What a crawler that runs the page reads from its head. */
async function head(page: Page) {
  return page.evaluate(() => ({
    title: document.title,
    description: document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content,
    canonical: [...document.querySelectorAll<HTMLLinkElement>('link[rel="canonical"]')].map((l) => l.href),
    ogUrl: document.querySelector<HTMLMetaElement>('meta[property="og:url"]')?.content,
    ogTitle: document.querySelector<HTMLMetaElement>('meta[property="og:title"]')?.content,
    robots: document.querySelector<HTMLMetaElement>('meta[name="robots"]')?.content,
    // JSON.parse in the page: what Google's renderer would read.
    types: [...document.querySelectorAll('script[type="application/ld+json"]')].flatMap((s) => {
      const value = JSON.parse(s.textContent ?? 'null') as { '@type': string } | Array<{ '@type': string }>;
      return (Array.isArray(value) ? value : [value]).map((node) => node['@type']);
    }),
    // Set before the first navigation: still there only if no page load happened.
    sameDocument: (window as unknown as { __richResultsMarker?: boolean }).__richResultsMarker === true,
  }));
}

/**
 * Issue 16, rich results: the JSON-LD the server wrote parses in a real browser, and client-side
 * navigation (no page load) moves title, description, canonical and JSON-LD to the new page, so the
 * head never describes the page before. The portal runs on the demo data.
 */
describe('rich results in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(() => browser.close());

  it('city → dwelling → home → search: head and JSON-LD follow each client navigation', async () => {
    // Not about the boligagent modal (boligagent.e2e-spec.ts is); the dwelling's map tiles answered here.
    const { page, errors } = await openPage(browser, `${baseUrl}/aarhus`, { agentModalSeen: true, console: 'errors', tiles: true, waitUntil: 'networkidle' });
    await page.evaluate(() => ((window as unknown as { __richResultsMarker: boolean }).__richResultsMarker = true));
    const city = await head(page);
    expect(city.title).toBe('Lejeboliger Aarhus - viser nu ledige lejligheder nær Aarhus');
    expect(city.canonical).toEqual([`${baseUrl}/aarhus`]);
    expect(city.ogUrl).toBe(`${baseUrl}/aarhus`);
    expect(city.types).toEqual(['BreadcrumbList', 'ItemList']);

    // To a dwelling by its card: a client navigation.
    const link = page.locator('main a[href^="/vis/"]').first();
    const href = (await link.getAttribute('href'))!;
    await link.click();
    await page.waitForURL(`${baseUrl}${href}`);
    await expect.poll(async () => (await head(page)).types).toEqual(['BreadcrumbList', 'RealEstateListing']);
    // Read once the dwelling page is committed (the URL may change a moment before it renders).
    const headline = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    const dwelling = await head(page);
    expect(dwelling.sameDocument).toBe(true);
    expect(dwelling.title.startsWith(headline)).toBe(true);
    expect(dwelling.ogTitle).toBe(dwelling.title);
    expect(dwelling.description).toContain(headline);
    expect(dwelling.description).not.toBe(city.description);
    expect(dwelling.canonical).toEqual([`${baseUrl}${href}`]);
    expect(dwelling.ogUrl).toBe(`${baseUrl}${href}`);

    // Home by the header's logo link.
    await page.locator('header a[href="/"]').first().click();
    await page.waitForURL(`${baseUrl}/`);
    await expect.poll(async () => (await head(page)).types).toEqual(['Organization', 'WebSite']);
    const home = await head(page);
    expect(home.sameDocument).toBe(true);
    expect(home.canonical).toEqual([`${baseUrl}/`]);
    expect(home.title).toBe('Husly – ledige lejeboliger i hele Danmark');

    // A search that names a city is canonical on the city page.
    await page.getByRole('main').getByRole('combobox', { name: 'Hvor vil du bo?' }).fill('aarhus');
    await page.getByRole('main').getByRole('button', { name: 'Søg', exact: true }).click();
    await page.waitForURL(`${baseUrl}/search?q=aarhus`);
    await expect.poll(async () => (await head(page)).canonical).toEqual([`${baseUrl}/aarhus`]);
    const search = await head(page);
    expect(search.sameDocument).toBe(true);
    expect(search.types).toEqual([]);
    expect(search.title).toBe('Lejeboliger Aarhus - viser nu ledige lejligheder nær Aarhus');
    expect(search.robots).toBeUndefined();

    expect(errors).toEqual([]);
    await page.close();
  });

  it('a page kept out of the index has a robots meta and no canonical, and a description of its own', async () => {
    const { page } = await openPage(browser, `${baseUrl}/login`, { waitUntil: 'networkidle' });
    const login = await head(page);
    expect(login.robots).toBe('noindex');
    expect(login.canonical).toEqual([]);
    expect(login.description).toMatch(/^Log ind på din Husly-profil/);
    await page.close();
  });
});
