import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, screenshot, gotoInteractive } from './support/browser';
import { openPage } from './support/open-page';
import { thisWorkersPortal } from './support/portal';

const { baseUrl } = thisWorkersPortal();

/**
 * Issue 15, place search, as a person types: a misspelt place still finds its dwellings under the
 * place's own name, suggestions are picked with the arrow keys and Enter, and a place we cannot name
 * says so and offers the nearest ones. The portal runs on the demo data (every real city).
 */
describe('place search in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(() => browser.close());

  // Not about the boligagent modal (boligagent.e2e-spec.ts is).
  const open = (path: string, viewport: { width: number; height: number }) => openPage(browser, `${baseUrl}${path}`, { viewport, agentModalSeen: true, console: 'errors' });

  const noSidewaysScroll = async (page: Page, width: number) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`${name}: a misspelt place finds its dwellings under its own name`, async () => {
      const { page, errors } = await open('/', viewport);
      const box = page.getByRole('main').getByRole('combobox', { name: 'Hvor vil du bo?' });
      await box.fill('odnese');
      // One typo: the box already offers Odense.
      await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Odense']);
      await page.getByRole('main').getByRole('button', { name: 'Søg', exact: true }).click();
      await page.waitForURL(`${baseUrl}/search?q=odnese`);
      await page.getByRole('heading', { level: 1, name: 'Lejeboliger i Odense' }).waitFor();
      // The title follows the client navigation in an effect after the heading renders.
      await expect.poll(() => page.title()).toBe('Lejeboliger Odense - viser nu ledige lejligheder nær Odense');
      expect(await page.getByText('Du har søgt efter boliger i Odense').count()).toBe(1);
      expect(await page.locator('main a[href^="/vis/"]').count()).toBeGreaterThan(0);
      // The boligagent block names the matched city (it posted no area before: a 400).
      expect(await page.getByTestId('boligagent-block-above').textContent()).toContain('Odense');
      await noSidewaysScroll(page, viewport.width);
      expect(errors).toEqual([]);
      await page.close();
    });

    it(`${name}: suggestions by how the name starts, picked with the arrow keys and Enter`, async () => {
      const { page, errors } = await open('/', viewport);
      const box = page.getByRole('main').getByRole('combobox', { name: 'Hvor vil du bo?' });
      await box.fill('aa');
      const options = page.getByRole('option');
      await expect.poll(() => options.count()).toBeGreaterThan(3);
      expect((await options.allTextContents()).slice(0, 3)).toEqual(['Aarhus', 'Aalborg', 'Aabenraa']);
      await box.press('ArrowDown');
      await box.press('ArrowDown');
      const active = page.locator('[role="option"][aria-selected="true"]');
      expect(await active.textContent()).toBe('Aalborg');
      expect(await box.getAttribute('aria-activedescendant')).toBe(await active.getAttribute('id'));
      await screenshot(page, `place-search-suggestions-aa-${name}`);
      await box.press('Enter');
      await page.waitForURL(`${baseUrl}/search?q=Aalborg`);
      await page.getByRole('heading', { level: 1, name: 'Lejeboliger i Aalborg' }).waitFor();

      // A postal code says what it matched.
      await gotoInteractive(page, `${baseUrl}/`);
      const again = page.getByRole('main').getByRole('combobox', { name: 'Hvor vil du bo?' });
      await again.fill('2400');
      await expect.poll(() => page.getByRole('option').allTextContents()).toEqual([expect.stringMatching(/^2400 København NV → .*København$/)]);
      await screenshot(page, `place-search-suggestions-2400-${name}`);
      await again.press('ArrowDown');
      await again.press('Enter');
      await page.waitForURL(`${baseUrl}/search?q=K%C3%B8benhavn`);
      expect(errors).toEqual([]);
      await page.close();
    });

    it(`${name}: a place we cannot name says so and offers the nearest places`, async () => {
      const { page, errors } = await open('/search?q=Odnesee&rent=9000', viewport);
      await page.getByRole('heading', { level: 1, name: 'Vi kender ikke det sted' }).waitFor();
      expect(await page.getByTestId('no-place').textContent()).toContain('Vi kan ikke finde et sted, der hedder »Odnesee«.');
      expect(await page.getByTestId('boligagent-block-above').count()).toBe(0);
      await noSidewaysScroll(page, viewport.width);
      await screenshot(page, `place-search-no-match-${name}`);
      await page.getByTestId('no-place').getByRole('link', { name: 'Odense' }).click();
      await page.waitForURL(`${baseUrl}/search?q=Odense&rent=9000`);
      await page.getByRole('heading', { level: 1, name: 'Lejeboliger i Odense' }).waitFor();
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('q=kobenhavn and q=Kbh find København; start past the last page offers the last page', async () => {
    for (const q of ['kobenhavn', 'Kbh']) {
      const { page } = await open(`/search?q=${q}`, DESKTOP);
      await page.getByRole('heading', { level: 1, name: 'Lejeboliger i København' }).waitFor();
      expect(await page.locator('main a[href^="/vis/"]').count()).toBeGreaterThan(10);
      await page.close();
    }
    const { page } = await open('/search?q=Odense&start=99999', DESKTOP);
    const message = page.getByTestId('past-last-page');
    await message.waitFor();
    await message.getByRole('link', { name: /Gå til sidste side/ }).click();
    await page.waitForURL(/\/search\?q=Odense(&start=\d+)?$/);
    await page.locator('main a[href^="/vis/"]').first().waitFor();
    expect(await page.getByTestId('past-last-page').count()).toBe(0);
    await page.close();
  });
});
