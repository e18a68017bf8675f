import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, screenshot } from './support/browser';
import { openPage } from './support/open-page';
import { thisWorkersPortal } from './support/portal';

const { baseUrl, port } = thisWorkersPortal();

describe('the portal in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(() => browser.close());

  const open = (path: string, viewport = DESKTOP) => openPage(browser, `http://localhost:${port}${path}`, { viewport, console: 'errors' });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('home (%s): header, hero and a footer with the five popular cities from the database', async (name, viewport) => {
    const { page, errors } = await open('/', viewport);
    await page.getByRole('heading', { level: 1, name: 'Find din næste lejebolig' }).waitFor();
    const popular = page.locator('nav[aria-labelledby="footer-popular"] a');
    await expect.poll(() => popular.allTextContents()).toEqual(['København', 'Aarhus', 'Odense', 'Aalborg', 'Esbjerg', 'Vis alle byer']);
    expect(await page.locator('nav[aria-labelledby="footer-more"] a').count()).toBeGreaterThan(5);
    expect(await page.getByRole('link', { name: 'Opret profil' }).first().isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('da');
    expect(await page.title()).toContain('Husly');
    // Nothing may overflow sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    // The hero's search icon sits on the input's line, also where the button wraps under it (360 px).
    const hero = page.locator('main form[role="search"]').first();
    const [icon, input] = await Promise.all([hero.locator('svg').first().boundingBox(), hero.getByRole('combobox').boundingBox()]);
    expect(Math.abs(icon!.y + icon!.height / 2 - (input!.y + input!.height / 2))).toBeLessThanOrEqual(2);
    await screenshot(page, `home-${name}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/byer lists every city in four columns, each linking to its page', async () => {
    const { page, errors } = await open('/byer');
    await page.getByRole('heading', { level: 1, name: 'Hvor vil du gerne bo?' }).waitFor();
    const links = page.locator('main a[href="/aarhus"]');
    expect(await links.count()).toBeGreaterThan(0);
    const cityLinks = await page.locator('main li a').count();
    expect(cityLinks).toBeGreaterThanOrEqual(131);
    const columns = await page.evaluate(() => {
      const lists = [...document.querySelectorAll('main ul')].filter((ul) => ul.querySelectorAll('a').length > 5);
      return new Set(lists.map((ul) => Math.round(ul.getBoundingClientRect().left))).size;
    });
    expect(columns).toBe(4);
    await screenshot(page, 'byer-desktop');
    await links.first().click();
    await page.waitForURL(`${baseUrl}/aarhus`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('honours reduced motion: a button changes colour at once for who asked for less motion, in 0.15 s for who did not', async () => {
    const { page } = await open('/');
    const button = page.locator('main form[role="search"] button[type="submit"]').first();
    const transition = () => button.evaluate((el) => getComputedStyle(el).transitionDuration);
    // The journeys' browser asks for reduced motion (support/browser.ts); a person may not.
    expect(await transition()).toBe('0s');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await transition()).toBe('0.15s, 0.15s, 0.15s');
    await page.close();
  });

  it('an unknown path shows "Ups! Siden findes ikke" with its causes', async () => {
    const { page } = await open('/den-her-side-findes-ikke/123');
    await page.getByRole('heading', { name: 'Ups! Siden findes ikke' }).waitFor();
    expect(await page.getByText('adressen er skrevet forkert').isVisible()).toBe(true);
    await screenshot(page, 'not-found-phone');
    await page.close();
  });

  it('the language switch moves to the en. subdomain and back, keeping the path', async () => {
    const { page, errors } = await open('/byer');
    await page.getByLabel(/Sprog/).click();
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`http://en.localhost:${port}/byer`);
    await page.getByRole('heading', { level: 1, name: 'Where do you want to live?' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await screenshot(page, 'byer-english');

    await page.getByLabel(/Language/).click();
    await page.getByRole('link', { name: 'Dansk' }).click();
    await page.waitForURL(`http://localhost:${port}/byer`);
    await page.getByRole('heading', { level: 1, name: 'Hvor vil du gerne bo?' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a failing API call shows "Øv! Noget gik galt." and "Prøv igen" recovers', async () => {
    let fail = true;
    const references: string[] = [];
    // /byer arrives server-rendered; the next page's loader calls the API from the browser. The
    // portal's own answer, with its X-Request-Id, turned into a 500.
    const { page } = await openPage(browser, `${baseUrl}/byer`, {
      viewport: PHONE,
      waitUntil: 'load',
      beforeGoto: (page) =>
        page.route('**/api/dwellings/area/**', async (route) => {
          if (!fail) return route.continue();
          const response = await route.fetch();
          references.push(response.headers()['x-request-id'] ?? '');
          return route.fulfill({ response, status: 500, body: '{}' });
        }),
    });
    await page.locator('main a[href="/aarhus"]').first().click();
    await page.getByText('Øv! Noget gik galt.').waitFor();
    // The failed call's request id, for support to find in the logs; whole on a 360 px phone.
    expect(references.at(-1)).toMatch(/^[0-9a-f-]{36}$/);
    const reference = page.getByRole('alert').locator('code');
    expect(await reference.textContent()).toBe(references.at(-1));
    const box = await reference.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await screenshot(page, 'error-phone');
    fail = false;
    await page.getByRole('button', { name: 'Prøv igen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Lejeboliger i Aarhus' }).waitFor();
    await page.close();
  });

  it('serves the translation files the spec names', async () => {
    for (const lang of ['da', 'en']) {
      const response = await fetch(`${baseUrl}/locales/${lang}/translation.json`);
      expect(response.status).toBe(200);
      expect(Object.keys((await response.json()) as object)).toContain('notFound');
    }
  });
});
