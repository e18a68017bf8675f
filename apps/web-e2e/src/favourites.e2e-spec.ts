import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Browser, Locator, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PHONE, SCREENSHOT_DIR, SCREENSHOTS, launchBrowser, gotoInteractive } from './support/browser';
import { openPage } from './support/open-page';
import { signUpThroughApi } from './support/accounts';
import { thisWorkersPortal } from './support/portal';

// Favourites (issue 15) in a real browser against the built portal: a visitor's heart goes to login
// and back; saving from a result card and from a detail page; both under the profile; one rented.

const { baseUrl, port, databaseUrl } = thisWorkersPortal();
const HOST = `http://localhost:${port}`;
const PASSWORD = 'min-kode-2026';

/** The server-rendered HTML of a page, with a cookie, as the browser's first request gets it. */
function pageHtml(path: string, cookie: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host: `localhost:${port}`, cookie, accept: 'text/html' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}

/** DD/MM/YYYY in Danish time, as the site writes dates. */
function danishDate(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Copenhagen', day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(date).map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year}`;
}

/**
 * What the viewport shows, `element` near its top below the sticky header (the lists are too long for
 * a full-page shot); only when asked (`SCREENSHOTS=1`), as support/browser.ts's screenshot.
 */
async function screenshot(page: Page, name: string, element?: Locator): Promise<void> {
  if (!SCREENSHOTS) return;
  if (element) await element.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  if (element) await page.evaluate(() => window.scrollBy(0, -140));
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

const idOf = (href: string | null) => (href ?? '').replace('/vis/', '');

describe('favourites in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(() => browser.close());

  /** Waits for a favourites call to be answered 204 (the heart's PUT or DELETE). */
  const answered = (page: Page, method: 'PUT' | 'DELETE', dwellingId: string) =>
    page.waitForResponse((r) => r.request().method() === method && r.url().endsWith(`/api/users/me/favourites/${dwellingId}`) && r.status() === 204);

  it('visitor heart → login → back; save from a card and a detail page; both in the profile; one rented shows Udlejet', async () => {
    const email = `favourites-${randomBytes(4).toString('hex')}@husly.test`;
    const ip = `10.15.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const { token } = await signUpThroughApi(baseUrl, { email, name: 'Mette Gemmer', password: PASSWORD, ip });

    // The hearts are never in the server's HTML, not even for a logged-in user (ADR 0016).
    const html = await pageHtml('/search?q=Aarhus', `token=${token}`);
    expect(html).toContain('aria-label="Gem bolig"');
    expect(html).not.toContain('aria-pressed="true"');

    // A visitor's heart asks for a login, and the login comes back to the results.
    // The city page's boligagent modal is not this journey's (boligagent.e2e-spec.ts): marked shown.
    const { page, errors } = await openPage(browser, `${HOST}/search?q=Aarhus`, { agentModalSeen: true });
    const cards = page.getByRole('main').getByRole('listitem').filter({ has: page.locator('a[href^="/vis/"]') });
    const firstCard = cards.first();
    const cardId = idOf(await firstCard.locator('a[href^="/vis/"]').getAttribute('href'));
    await firstCard.getByRole('button', { name: 'Gem bolig' }).click();
    await page.waitForURL(`${HOST}/login?next=/search%3Fq%3DAarhus`);
    await page.getByRole('main').getByLabel('Email-adresse').fill(email);
    await page.getByRole('main').getByLabel('Adgangskode').fill(PASSWORD);
    const idsLoaded = page.waitForResponse((r) => r.url().endsWith('/api/users/me/favourites/ids') && r.status() === 200);
    const savedAfterLogin = answered(page, 'PUT', cardId);
    await page.getByRole('main').getByRole('button', { name: 'Log ind' }).click();
    await page.waitForURL(`${HOST}/search?q=Aarhus`);
    await idsLoaded;

    // The heart tapped as a visitor is saved once the login is through (issue 29): stored, and pressed.
    await savedAfterLogin;
    const cardHeart = firstCard.getByTestId('favourite-button');
    await expect.poll(() => cardHeart.getAttribute('aria-pressed')).toBe('true');

    // Unsave and save again from the result card: each pressed at once, and stored.
    const removedFromCard = answered(page, 'DELETE', cardId);
    await cardHeart.click();
    await removedFromCard;
    expect(await cardHeart.getAttribute('aria-pressed')).toBe('false');
    const savedFromCard = answered(page, 'PUT', cardId);
    await cardHeart.click();
    await savedFromCard;
    expect(await cardHeart.getAttribute('aria-pressed')).toBe('true');
    expect(await cardHeart.getAttribute('aria-label')).toBe('Fjern fra gemte');
    await screenshot(page, 'favourites-card-desktop', firstCard);

    // Save from a detail page.
    const secondCard = cards.nth(1);
    const detailId = idOf(await secondCard.locator('a[href^="/vis/"]').getAttribute('href'));
    const headline = (await secondCard.locator('h3').textContent()) ?? '';
    await secondCard.locator('a[href^="/vis/"]').click();
    await page.waitForURL(`${HOST}/vis/${detailId}`);
    await page.getByRole('heading', { level: 1, name: headline }).waitFor();
    const detailHeart = page.getByRole('main').getByRole('button', { name: 'Gem bolig' });
    const savedFromDetail = answered(page, 'PUT', detailId);
    await detailHeart.click();
    await savedFromDetail;
    const pressed = page.getByRole('main').getByRole('button', { name: 'Fjern fra gemte' });
    expect(await pressed.getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'favourites-detail-desktop');

    // Both under the profile, the newest saved first.
    await page.goto(`${HOST}/profile/favourites`);
    const items = page.getByTestId('favourite-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(2);
    expect(await items.nth(0).locator('a').getAttribute('href')).toBe(`/vis/${detailId}`);
    expect(await items.nth(1).locator('a').getAttribute('href')).toBe(`/vis/${cardId}`);

    // The card's dwelling is rented: it stays, says "Udlejet {date}", and is no longer a link.
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    let rentedAt: Date;
    try {
      const { rows } = await db.query<{ deleted_at: Date }>('UPDATE dwellings SET deleted_at = now() WHERE id = $1 RETURNING deleted_at', [Number(cardId)]);
      rentedAt = rows[0].deleted_at;
    } finally {
      await db.end();
    }
    await page.reload();
    await items.first().waitFor();
    expect(await items.count()).toBe(2);
    const rented = items.nth(1);
    await rented.getByText(`Udlejet ${danishDate(rentedAt)}`).first().waitFor();
    expect(await rented.locator('a').count()).toBe(0);
    expect(await items.nth(0).locator('a').count()).toBe(1);

    // The favourites' mail (issue 34): off until ticked; ticked, it is stored (and shown so after a reload).
    const mailsBox = page.getByRole('checkbox', { name: 'Send mig en mail, når en gemt bolig ændrer sig' });
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('[data-testid="favourite-mails"] input')?.disabled === false);
    expect(await mailsBox.isChecked()).toBe(false);
    const switched = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/users/me/favourites/settings') && r.status() === 200);
    await mailsBox.check();
    await switched;
    await page.reload();
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('[data-testid="favourite-mails"] input')?.disabled === false);
    expect(await mailsBox.isChecked()).toBe(true);
    await items.first().waitFor();
    await screenshot(page, 'favourites-profile-desktop', page.getByRole('heading', { level: 2, name: 'Gemte boliger' }));

    await page.setViewportSize(PHONE);
    await items.first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'favourites-profile-phone', page.getByRole('heading', { level: 2, name: 'Gemte boliger' }));

    // Removing from the profile: gone there, and its heart on the detail page is empty again.
    const removed = answered(page, 'DELETE', detailId);
    await items.nth(0).getByRole('button', { name: /^Fjern / }).click();
    await removed;
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="favourite-item"]').length === 1);
    await page.goto(`${HOST}/vis/${detailId}`);
    await page.getByRole('main').getByRole('button', { name: 'Gem bolig' }).waitFor();

    // The phone's result list, with the saved (now rented) card's heart pressed where it is listed.
    await gotoInteractive(page, `${HOST}/search?q=Aarhus`);
    const phoneCard = page.getByRole('main').getByRole('listitem').filter({ has: page.getByTestId('favourite-button') }).first();
    await screenshot(page, 'favourites-card-phone', phoneCard);
    // A logged-in user's results at 360 px: the boligagent button wraps instead of widening the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // The heart sits on the image, inside the card: nothing of it sticks out past the card's right edge.
    const [card, heart] = await Promise.all([phoneCard.boundingBox(), phoneCard.getByTestId('favourite-button').boundingBox()]);
    expect(heart!.x).toBeGreaterThanOrEqual(card!.x);
    expect(heart!.x + heart!.width).toBeLessThanOrEqual(card!.x + 130);
    expect(heart!.width).toBeGreaterThanOrEqual(44);
    expect(heart!.height).toBeGreaterThanOrEqual(44);
    expect(errors).toEqual([]);
  });
});
