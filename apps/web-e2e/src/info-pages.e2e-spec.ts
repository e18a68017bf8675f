import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, screenshot } from './support/browser';
import { openPage } from './support/open-page';
import da from '../../web/public/locales/da/translation.json';
import en from '../../web/public/locales/en/translation.json';
import { INFO_PAGES } from '../../../libs/domain/src/info-pages';
import { thisWorkersPortal } from './support/portal';

const { port, mailDir } = thisWorkersPortal();

const LANGUAGES = [
  ['da', da, `localhost:${port}`],
  ['en', en, `en.localhost:${port}`],
] as const;

/** The spec's rule: " | Husly" after a title shorter than 45 characters. */
const fullTitle = (title: string) => (title.length < 45 ? `${title} | Husly` : title);

describe('the information pages in a real browser (issue #14)', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(() => browser.close());

  const open = (url: string, viewport: { width: number; height: number }, headers?: Record<string, string>) => openPage(browser, url, { viewport, headers, console: 'errors' });

  for (const [language, texts, host] of LANGUAGES) {
    for (const [viewportName, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      it(`every /info page in ${language} on a ${viewportName} (${viewport.width} px): heading, title, no sideways scroll`, async () => {
        for (const { slug, key } of INFO_PAGES) {
          const { page, status, errors } = await open(`http://${host}/info/${slug}`, viewport);
          expect(status, slug).toBe(200);
          await page.getByRole('heading', { level: 1, name: texts.info[key].heading }).waitFor();
          expect(await page.title(), slug).toBe(fullTitle(texts.info[key].title));
          expect(await page.locator('link[rel="canonical"]').getAttribute('href'), slug).toBe(`http://${host}/info/${slug}`);
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), slug).toBeLessThanOrEqual(viewport.width);
          await screenshot(page, `info-${slug}-${language}-${viewportName}`);
          expect(errors, slug).toEqual([]);
          await page.close();
        }
      });
    }
  }

  it('/info/terms#elektronisk-kommunikation scrolls to that section; an unknown /info page is the 404 page', async () => {
    const { page } = await open(`http://localhost:${port}/info/terms#elektronisk-kommunikation`, PHONE);
    const section = page.locator('#elektronisk-kommunikation');
    expect(await section.textContent()).toBe('Elektronisk kommunikation');
    await expect.poll(() => section.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(PHONE.height);
    await page.close();

    const missing = await open(`http://localhost:${port}/info/xyz`, DESKTOP);
    expect(missing.status).toBe(404);
    await missing.page.getByRole('heading', { name: 'Ups! Siden findes ikke' }).waitFor();
    await missing.page.close();
  });

  it('the contact form: a missing field is named, then the message is sent and mailed to support', async () => {
    const { page, errors } = await open(`http://localhost:${port}/info/contact`, PHONE, { 'x-forwarded-for': '198.18.0.14' });
    // The form in the page, not the login form in the header's dropdown.
    const form = page.locator('main form');
    await form.getByRole('button', { name: 'Send besked' }).click();
    await form.getByText('Udfyld venligst feltet.').first().waitFor();

    const subject = `Journey ${Date.now().toString(36)}`;
    await form.getByLabel('Navn', { exact: true }).fill('Ida Jensen');
    await form.getByLabel('Email', { exact: true }).fill('ida@example.dk');
    await form.getByLabel('Emne', { exact: true }).fill(subject);
    await form.getByLabel('Besked', { exact: true }).fill('Hej, hvordan opretter jeg en boligagent for Aarhus?');
    await form.getByRole('button', { name: 'Send besked' }).click();
    await form.getByRole('status').filter({ hasText: 'Tak for din besked' }).waitFor();
    // From the top: the sticky header would otherwise sit in the middle of the full-page shot.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'info-contact-sent-da-phone');

    await expect
      .poll(() => (existsSync(mailDir) ? readdirSync(mailDir).filter((f) => f.endsWith('.eml')).map((f) => readFileSync(join(mailDir, f), 'utf8')) : []).filter((m) => m.includes(subject)).length)
      .toBe(1);
    const mail = readdirSync(mailDir).map((f) => readFileSync(join(mailDir, f), 'utf8')).find((m) => m.includes(subject)) ?? '';
    expect(mail).toMatch(/^To: support@husly\.dk$/m);
    expect(mail).toMatch(/^Reply-To: ida@example\.dk$/m);
    expect(errors).toEqual([]);
    await page.close();
  });
});
