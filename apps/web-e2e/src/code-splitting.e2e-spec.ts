import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, screenshot } from './support/browser';
import { openPage } from './support/open-page';
import { chunk } from './support/build-manifest';
import { thisWorkersPortal } from './support/portal';

const { baseUrl } = thisWorkersPortal();

/** A page that records the scripts and documents it requests, and marks the server's nodes before any script runs. */
async function openRecording(browser: Browser, path: string, viewport = PHONE, tiles = false) {
  const scripts: string[] = [];
  // The city page's boligagent modal (4 s after landing) would cover what a slow run taps.
  const opened = await openPage(browser, `${baseUrl}${path}`, {
    viewport,
    agentModalSeen: true,
    console: 'errors',
    tiles,
    waitUntil: 'networkidle',
    beforeGoto: async (page) => {
      page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
      // A hydration that does not match the server's HTML makes React replace its nodes; a page that
      // starts with an unloaded lazy route shows the loading fallback in <main> first.
      await page.addInitScript(() => {
        const w = window as unknown as { __fallbackShown: boolean };
        w.__fallbackShown = false;
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return;
          for (const node of document.querySelectorAll('#root main *')) (node as unknown as { __server: boolean }).__server = true;
          new MutationObserver(() => {
            if (document.querySelector('#root main [role="status"][aria-live="polite"]')) w.__fallbackShown = true;
          }).observe(document.getElementById('root')!, { subtree: true, childList: true });
        });
      });
    },
  });
  return { ...opened, scripts };
}

/** The scripts the page's HTML names: the entry and every modulepreload. */
const namedScripts = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel="modulepreload"]')].map((e) => new URL('src' in e ? e.src : e.href).pathname));

describe('route-level code splitting in a real browser (docs/decisions/0022)', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(() => browser.close());

  it.each(['/koebenhavn', '/', '/search?q=aarhus'])(
    '%s loads only the scripts its HTML names (no waterfall), hydrates the server nodes and shows no loading fallback',
    async (path) => {
      const { page, scripts, errors } = await openRecording(browser, path);
      const named = await namedScripts(page);
      // Every script it fetched was named by the HTML, so none waited for another to be parsed first.
      expect(scripts.filter((s) => !named.includes(s))).toEqual([]);
      expect(named.filter((s) => !scripts.includes(s))).toEqual([]);
      for (const other of ['src/features/subscriptions/pages/subscription-page.tsx', 'src/features/subscriptions/components/stripe-payment.tsx', 'src/features/accounts/pages/login-page.tsx']) {
        expect(scripts).not.toContain(chunk(other));
      }
      await page.getByRole('heading', { level: 1 }).waitFor();
      const kept = await page.evaluate(() => [...document.querySelectorAll('#root main h1, #root main a')].every((node) => (node as unknown as { __server?: boolean }).__server));
      expect(kept).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { __fallbackShown: boolean }).__fallbackShown)).toBe(false);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it('/koebenhavn preloads the city chunk; a tap on a heart takes a visitor to /login client-side, fetching its chunk then', async () => {
    const { page, scripts, documents, errors } = await openRecording(browser, '/koebenhavn');
    expect(scripts).toContain(chunk('src/features/cities/pages/city-page.tsx'));
    expect(scripts).not.toContain(chunk('src/features/accounts/pages/login-page.tsx'));
    await screenshot(page, 'code-splitting-city-phone');

    await page.getByRole('button', { name: 'Gem bolig' }).first().click();
    await page.waitForURL(`${baseUrl}/login?next=/koebenhavn`);
    await page.getByRole('heading', { level: 1, name: 'Log ind' }).waitFor();
    expect(scripts).toContain(chunk('src/features/accounts/pages/login-page.tsx'));
    // One document: the navigation ran in the page.
    expect(documents).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/vis/{id} loads the map library when the map nears the screen: later on a phone, at once on a desktop', async () => {
    const leaflet = chunk('../../node_modules/leaflet/dist/leaflet-src.js');
    const { page: list } = await openPage(browser, `${baseUrl}/koebenhavn`, { viewport: PHONE, waitUntil: 'load' });
    const path = await list.locator('a[href^="/vis/"]').first().getAttribute('href');
    await list.close();
    expect(path).toMatch(/^\/vis\/\d+$/);

    // The tile server is on the internet, which is unreachable here: its tiles answer with a plain tile.
    const phone = await openRecording(browser, path!, PHONE, true);
    await phone.page.getByRole('heading', { level: 1 }).waitFor();
    // Below the fold: the page has loaded and gone quiet without it.
    expect(phone.scripts).not.toContain(leaflet);
    await phone.page.locator('[data-lat]').scrollIntoViewIfNeeded();
    // Leaflet has made the box its map.
    await phone.page.locator('.leaflet-container').waitFor();
    expect(phone.scripts).toContain(leaflet);
    expect(phone.errors).toEqual([]);
    await phone.page.close();

    const desktop = await openRecording(browser, path!, DESKTOP);
    await desktop.page.locator('.leaflet-container').waitFor();
    expect(desktop.scripts).toContain(leaflet);
    await desktop.page.close();
  });

  it('/login opened directly renders its page from the server and the browser without a fallback (desktop)', async () => {
    const { page, scripts, errors } = await openRecording(browser, '/login', DESKTOP);
    expect(await namedScripts(page)).toContain(chunk('src/features/accounts/pages/login-page.tsx'));
    expect(scripts).not.toContain(chunk('src/features/cities/pages/city-page.tsx'));
    await page.getByRole('heading', { level: 1, name: 'Log ind' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __fallbackShown: boolean }).__fallbackShown)).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("keeps the footer and the header's login menu as the server's HTML without their code, until the menu is used (docs/decisions/0034)", async () => {
    const deferred = ['src/app/layout/footer.tsx', 'src/app/layout/guest-menu.tsx', 'src/lib/structured-data-builders.ts'].map(chunk);
    const { page, scripts, documents, errors } = await openRecording(browser, '/koebenhavn');
    await page.getByRole('heading', { level: 1 }).waitFor();
    for (const file of deferred) expect(scripts).not.toContain(file);
    // Styled by the shell's stylesheet, without its chunk.
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('footer')!).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    // The server's nodes, marked before any script ran, are the ones shown after hydration.
    await page.evaluate(() => {
      for (const node of document.querySelectorAll('footer a, header details form input')) (node as unknown as { __server: boolean }).__server = true;
    });

    // A footer link is followed in the page, and the menu stays unhydrated through the navigation.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Om Husly' }).click();
    await page.waitForURL(`${baseUrl}/info/about`);
    await page.getByRole('heading', { level: 1, name: /Husly/ }).waitFor();
    expect(documents).toHaveLength(1);
    for (const file of deferred.slice(0, 2)) expect(scripts).not.toContain(file);
    const serverNodes = () =>
      page.evaluate(() => [...document.querySelectorAll('footer a, header details form input')].every((node) => (node as unknown as { __server?: boolean }).__server));
    expect(await serverNodes()).toBe(true);

    // Opening the menu renders the form in place of the server's: what is typed at once is what logs in.
    await page.locator('header summary[aria-label="Profil"]').click();
    const form = page.getByRole('banner').getByRole('form', { name: 'Log ind' });
    await form.getByLabel('Email').fill('lejer@husly.test');
    await form.getByLabel('Adgangskode').fill('husly-demo-2026');
    await form.getByRole('button', { name: 'Log ind' }).click();
    // Logged in: the user's menu toggle, named "Min profil: {name}", and the guest's form gone.
    await page.getByRole('banner').getByLabel(/^Min profil: /).waitFor();
    expect(await page.getByRole('banner').getByRole('form', { name: 'Log ind' }).count()).toBe(0);
    expect(scripts).toContain(deferred[1]);
    expect(scripts).not.toContain(deferred[0]);
    const footerRedrawn = await page.evaluate(() =>
      [...document.querySelectorAll('footer a')].filter((node) => !(node as unknown as { __server?: boolean }).__server).map((node) => node.outerHTML),
    );
    expect(footerRedrawn).toEqual([]);
    expect(documents).toHaveLength(1);
    expect(errors).toEqual([]);
    await screenshot(page, 'islands-logged-in-phone');
    await page.close();
  });
});
