import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { PHONE, DESKTOP, launchBrowser, screenshot } from './support/browser';
import { openPage } from './support/open-page';
import { thisWorkersPortal } from './support/portal';

const { baseUrl } = thisWorkersPortal();

// Issue 15: nothing wrote bn.prf, the UTM cookie or the visitor cookie, so prefs after signup and
// UTM on signup never happened. Now they are written, and only after the visitor says yes.
describe('cookie consent, remembered searches and the landing campaign', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(() => browser.close());

  const cookiesOf = async (page: Page) =>
    Object.fromEntries((await page.context().cookies()).map((c) => [c.name, decodeURIComponent(c.value)]));

  it('"Tillad alle": the campaign and the searches reach the new profile and its boligagent (phone)', async () => {
    const { page, errors } = await openPage(browser, `${baseUrl}/?utm_source=google&utm_campaign=vinter-2026`, { viewport: PHONE, freshVisitor: true, waitUntil: 'networkidle' });
    const banner = page.getByRole('region', { name: 'Cookies på Husly' });
    await banner.waitFor();
    // A bottom card, not a wall: the page's heading is still in view above it.
    const box = (await banner.boundingBox())!;
    expect(box.height).toBeLessThan(PHONE.height * 0.4);
    await screenshot(page, 'cookie-banner-phone');
    // What the visitor sees: the banner over the first screenful.
    await screenshot(page, 'cookie-banner-phone-viewport', { fullPage: false });
    expect(Object.keys(await cookiesOf(page)).filter((n) => n.startsWith('bn.'))).toEqual([]);

    await banner.getByRole('button', { name: 'Tillad alle' }).click();
    await banner.waitFor({ state: 'detached' });
    let cookies = await cookiesOf(page);
    expect(JSON.parse(cookies['bn.utm'])).toEqual({ source: 'google', campaign: 'vinter-2026' });
    expect(cookies['bn.visitor']).toMatch(/^[0-9a-f-]{36}$/);

    await page.goto(`${baseUrl}/search?q=aarhus&rent=8000`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    cookies = await cookiesOf(page);
    expect(JSON.parse(cookies['bn.prf'])).toEqual([{ area: 'aarhus', rent: 8000 }]);

    const email = `consent-${randomBytes(4).toString('hex')}@husly.test`;
    await page.goto(`${baseUrl}/signup`, { waitUntil: 'networkidle' });
    await page.getByRole('main').getByLabel('Navn').fill('Camilla Kampagne');
    await page.getByRole('main').getByLabel('Email-adresse').fill(email);
    await page.getByRole('main').getByLabel('Adgangskode', { exact: true }).fill('min-kode-2026');
    await page.getByRole('main').getByLabel('Gentag adgangskode').fill('min-kode-2026');
    await page.getByRole('checkbox', { name: /Jeg accepterer Huslys/ }).check();
    await page.getByRole('button', { name: 'Opret profil' }).click();
    await page.waitForURL(`${baseUrl}/profile/subscription`);

    const token = (await cookiesOf(page)).token;
    const exported = await (await fetch(`${baseUrl}/api/users/me/export`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(JSON.stringify(exported)).toContain('vinter-2026');
    expect(exported.boligagent.prefs.map((p: { city: { slug: string }; rent: number }) => [p.city.slug, p.rent])).toEqual([['aarhus', 8000]]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('"Kun nødvendige": nothing optional is written, and the footer brings the choice back (desktop)', async () => {
    const { page } = await openPage(browser, `${baseUrl}/search?q=aarhus&rent=8000&utm_source=facebook`, { viewport: DESKTOP, freshVisitor: true, waitUntil: 'networkidle' });
    const banner = page.getByRole('region', { name: 'Cookies på Husly' });
    await screenshot(page, 'cookie-banner-desktop');
    await banner.getByRole('button', { name: 'Kun nødvendige' }).click();
    await page.goto(`${baseUrl}/search?q=odense`, { waitUntil: 'networkidle' });
    const cookies = await cookiesOf(page);
    expect(cookies['bn.consent']).toBe('necessary');
    for (const name of ['bn.prf', 'bn.utm', 'bn.visitor']) expect(cookies[name], name).toBeUndefined();
    expect(await banner.count()).toBe(0);

    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie-indstillinger' }).click();
    await banner.waitFor();
    await page.goto(`${baseUrl}/info/terms#cookies`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Cookies', exact: true }).waitFor();
    await screenshot(page, 'cookie-table-desktop');
    await page.close();
  });
});
