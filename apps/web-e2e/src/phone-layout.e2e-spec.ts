import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, screenshot } from './support/browser';
import { openPage } from './support/open-page';
import { signUpThroughApi } from './support/accounts';
import { thisWorkersPortal } from './support/portal';

// Issue 36 "At 360 px": what a walk through the site on a phone found, each checked at 360 and
// 1280 px: the profile tabs in one row, the cost box, a site alert over "Kontakt udlejer", anchors
// under the sticky header, long landlord addresses, the ring on a focused results heading, and a
// title per profile tab. axe checks every page state (support/axe.ts).

const { baseUrl, port, databaseUrl } = thisWorkersPortal();
const HOST = `http://localhost:${port}`;

/** Long, as landlords' addresses are: breakable after "@" and "/" and before ".", one part longer than a phone's line. */
const LONG_EMAIL = 'udlejning.og.administration@ejendomsadministrationsselskabetkoebenhavnogomegn.dk';
const LONG_URL = 'https://www.ejendomsadministrationsselskabetkoebenhavnogomegn.dk/ledige-boliger/lejligheder';
/** A monthly total and move-in price as long as a large house's: "1.234.567 kr.". */
const MONTHLY = 1_234_567;
const MOVE_IN = 12_345_678;

const VIEWPORTS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

async function query<T extends object>(sql: string, params: unknown[] = []): Promise<T[]> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query<T>(sql, params)).rows;
  } finally {
    await db.end();
  }
}

/** A signed-up seeker with a subscription bought through the test provider (as unsubscribe.e2e-spec.ts). */
async function subscriber(): Promise<string> {
  const ip = `10.36.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const email = `telefon-${randomBytes(4).toString('hex')}@husly.test`;
  const { token } = await signUpThroughApi(baseUrl, { email, name: 'Mette Jensen', password: 'min-kode-2026', ip });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': ip };
  const created = await fetch(`${baseUrl}/api/subscriptions`, { method: 'POST', headers, body: JSON.stringify({ planId: 'tenantad-249kr-30days', terms: true, billing: { name: 'Mette Jensen', email } }) });
  expect(created.status).toBe(201);
  const { meta } = (await created.json()) as { meta: { paymentInfo: string } };
  const expiry = `07/${String((new Date().getUTCFullYear() + 4) % 100).padStart(2, '0')}`;
  const confirm = await fetch(`${baseUrl}/api/subscriptions/test-payments/${meta.paymentInfo}/confirm`, { method: 'POST', headers, body: JSON.stringify({ cardNumber: '4242 4242 4242 4242', expiry, cvc: '123' }) });
  expect(confirm.status).toBe(200);
  return token;
}

/** What the visitor sees: the viewport only, beside the whole page (with SCREENSHOTS=1). */
async function screenshots(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await screenshot(page, `${name}-viewport`, { fullPage: false });
}

const publishedAlertIds = async () => ((await (await fetch(`${baseUrl}/api/alerts`)).json()) as { data: { id: number }[] }).data.map((a) => a.id);

type Rect = { top: number; right: number; bottom: number; left: number };
const intersects = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const rectOf = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, right: r.right, bottom: r.bottom, left: r.left };
  });

describe('issue 36: the site at 360 px (and 1280 px)', () => {
  let browser: Browser;
  let token = '';
  let dwellingId = '';
  let alertId = 0;
  let restore: { landlord_id: number; monthly_cost: number | null; move_in_cost: number | null } | undefined;

  beforeAll(async () => {
    // The whole browser, not the journeys' headless shell: 360 px is what "done" is judged at.
    browser = await launchBrowser({ fullBrowser: true });
    token = await subscriber();
    // A dwelling of the demo data whose landlord gets long addresses and whose costs get long amounts;
    // put back afterwards, so the journeys that follow see the demo data as it was.
    const latest = (await (await fetch(`${baseUrl}/api/dwellings/latest`)).json()) as { data: { dwellingId: string; deletedAt: string | null }[] };
    dwellingId = latest.data.filter((d) => !d.deletedAt).at(-1)!.dwellingId;
    [restore] = await query<NonNullable<typeof restore>>('SELECT landlord_id, monthly_cost, move_in_cost FROM dwellings WHERE id = $1', [Number(dwellingId)]);
    const [landlord] = await query<{ id: number }>(
      "INSERT INTO landlords (name, email, phone, url, type, updated_at) VALUES ('Ejendomsadministrationsselskabet København og Omegn', $1, '+45 70 20 30 40', $2, 'COMPANY', now()) RETURNING id",
      [LONG_EMAIL, LONG_URL],
    );
    await query('UPDATE dwellings SET landlord_id = $1, monthly_cost = $2, move_in_cost = $3 WHERE id = $4', [landlord.id, MONTHLY, MOVE_IN, Number(dwellingId)]);
    // A site alert, shown on every page load of this file; the API keeps its list for up to 30 s.
    [{ id: alertId }] = await query<{ id: number }>(
      "INSERT INTO alerts (headline, text, style, views, active) VALUES ('Pas på svindel', 'Betal aldrig depositum, før du har set boligen og skrevet under på en lejekontrakt.', 'warning', 1000, true) RETURNING id",
    );
    await vi.waitFor(async () => expect(await publishedAlertIds()).toContain(alertId), { timeout: 60_000, interval: 500 });
  });

  afterAll(async () => {
    if (alertId) {
      await query('UPDATE alerts SET active = false WHERE id = $1', [alertId]);
      // Gone from the API's list before the next journey starts, which knows nothing of it.
      await vi.waitFor(async () => expect(await publishedAlertIds()).not.toContain(alertId), { timeout: 60_000, interval: 500 });
    }
    if (restore) await query('UPDATE dwellings SET landlord_id = $1, monthly_cost = $2, move_in_cost = $3 WHERE id = $4', [restore.landlord_id, restore.monthly_cost, restore.move_in_cost, Number(dwellingId)]);
    await browser?.close();
  });

  // The BoligAgent offer on the results pages opens once per session: already seen.
  const open = (path: string, viewport: { width: number; height: number }, loggedIn = true) =>
    openPage(browser, `${HOST}${path}`, { viewport, cookies: loggedIn ? { token } : undefined, agentModalSeen: true, waitUntil: 'load' });

  const noSidewaysScroll = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  for (const [name, viewport] of VIEWPORTS) {
    it(`${name}: the profile tabs are one row (scrolling sideways on a phone, the active tab in view) and each tab has its own title`, async () => {
      const { page, errors } = await open('/profile/subscription', viewport);
      const nav = page.getByRole('navigation', { name: 'Profil' });
      await nav.getByRole('link', { name: 'Abonnement' }).waitFor();
      const box = await nav.evaluate((el) => ({ height: el.getBoundingClientRect().height, scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
      // Wrapped, the six tabs took four rows (about 190 px) on a phone.
      expect(box.height).toBeLessThanOrEqual(56);
      if (name === 'desktop') {
        // Every tab in view at 1280 px: nothing to scroll to, no fade.
        expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
        expect(await nav.evaluate((el) => [el.parentElement!.hasAttribute('data-more-start'), el.parentElement!.hasAttribute('data-more-end')])).toEqual([false, false]);
      } else {
        expect(box.scrollWidth).toBeGreaterThan(box.clientWidth);
        // The last tab, active, was scrolled into view on load, and the fade says there is more before it.
        const active = nav.locator('[aria-current="page"]');
        expect(await active.textContent()).toBe('Abonnement');
        const [navRect, activeRect] = await Promise.all([nav.boundingBox(), active.boundingBox()]);
        expect(activeRect!.x).toBeGreaterThanOrEqual(navRect!.x);
        expect(activeRect!.x + activeRect!.width).toBeLessThanOrEqual(navRect!.x + navRect!.width);
        await expect.poll(() => nav.evaluate((el) => [el.parentElement!.hasAttribute('data-more-start'), el.parentElement!.hasAttribute('data-more-end')])).toEqual([true, false]);
        const fade = await nav.evaluate((el) => getComputedStyle(el.parentElement!, '::before').opacity);
        expect(Number(fade)).toBeGreaterThan(0);
      }
      await noSidewaysScroll(page, viewport.width);
      await screenshots(page, `phone-layout-profile-tabs-${name}`);

      // Each tab from the bar: its own title, the tab marked as the current page.
      for (const [tab, title] of [
        // Named with its badge too: a new user's email is not yet confirmed.
        [/^Rediger profil/, 'Rediger profil | Husly'],
        ['Skift adgangskode', 'Skift adgangskode | Husly'],
        ['BoligAgent', 'BoligAgent | Husly'],
        ['Gemte boliger', 'Gemte boliger | Husly'],
        ['Boligsøgerannonce', 'Min boligannonce | Husly'],
        ['Abonnement', 'Abonnement | Husly'],
      ] as const) {
        const link = nav.getByRole('link', { name: tab, exact: typeof tab === 'string' });
        await link.click();
        await expect.poll(() => page.title()).toBe(title);
        expect(await link.getAttribute('aria-current')).toBe('page');
      }
      expect(errors).toEqual([]);
      await page.close();
    });

    it(`${name}: on a dwelling the alert covers nothing, the costs stay in their box and a long landlord address wraps inside its box`, async () => {
      const { page, errors } = await open(`/vis/${dwellingId}`, viewport);
      const alert = page.getByRole('complementary', { name: 'Meddelelser' });
      await alert.getByText('Pas på svindel').waitFor();
      const button = page.getByTestId('contact-top').getByRole('button', { name: 'Kontakt udlejer' });
      await button.waitFor();
      // Three faults of one page: each is checked (soft) and reported, whichever fails first.
      // In the flow: nothing is under it, wherever the page is scrolled.
      expect.soft(await alert.evaluate((el) => getComputedStyle(el).position)).toBe('static');
      const alertRect = await rectOf(page, 'aside[aria-label="Meddelelser"]');
      expect.soft(intersects(alertRect, await rectOf(page, '[data-testid="contact-top"] button'))).toBe(false);
      expect.soft(intersects(alertRect, await rectOf(page, 'main h1'))).toBe(false);

      // Every amount inside the cost box's padding.
      const costs = page.getByTestId('dwelling-costs');
      expect(await costs.getByText('1.234.567 kr.').count()).toBe(1);
      const outside = await costs.evaluate((box) => {
        const style = getComputedStyle(box);
        const inner = box.getBoundingClientRect();
        const [left, right] = [inner.left + parseFloat(style.paddingLeft), inner.right - parseFloat(style.paddingRight)];
        return [...box.querySelectorAll('dt, dd')].filter((el) => {
          const r = el.getBoundingClientRect();
          return r.left < left - 0.5 || r.right > right + 0.5 || el.scrollWidth > el.clientWidth;
        }).map((el) => el.textContent);
      });
      expect.soft(outside).toEqual([]);
      await screenshots(page, `phone-layout-dwelling-${name}`);
      await screenshot(costs, `phone-layout-costs-${name}-box`);

      await button.click();
      const contact = page.getByTestId('contact-top');
      const email = contact.getByRole('link', { name: LONG_EMAIL });
      await email.waitFor();
      await contact.getByRole('link', { name: LONG_URL }).waitFor();
      // Each address within its box: wrapped, not running out of it.
      const overflowing = await contact.evaluate((box) => {
        const limit = box.getBoundingClientRect().right;
        return [...box.querySelectorAll('a, dd')].filter((el) => el.getBoundingClientRect().right > limit + 0.5 || el.scrollWidth > el.clientWidth + 0.5).map((el) => el.textContent);
      });
      expect.soft(overflowing).toEqual([]);
      expect.soft(await contact.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
      await noSidewaysScroll(page, viewport.width);
      await screenshots(page, `phone-layout-contact-${name}`);
      await screenshot(contact, `phone-layout-contact-${name}-box`);

      // Dismissed, it is gone and the page closes up under the header.
      await alert.getByRole('button', { name: 'Luk besked' }).click();
      await alert.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
      await page.close();
    });

    it(`${name}: a link to a section of the terms lands below the sticky header`, async () => {
      const { page, errors } = await open('/info/terms#elektronisk-kommunikation', viewport, false);
      const target = page.locator('#elektronisk-kommunikation');
      await target.waitFor();
      // The browser scrolls to the fragment as the page loads; the alert arriving later only pushes it down.
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      const below = async () => {
        const [header, section] = await Promise.all([rectOf(page, '#root > div > header'), rectOf(page, '#elektronisk-kommunikation')]);
        expect(section.top).toBeGreaterThanOrEqual(header.bottom);
      };
      await below();
      await screenshots(page, `phone-layout-terms-anchor-${name}`);
      // Followed inside the page (a client navigation to the same fragment) too.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.evaluate(() => document.getElementById('elektronisk-kommunikation')!.scrollIntoView());
      await below();
      expect(errors).toEqual([]);
      await page.close();
    });

    it(`${name}: the results heading focused after a search shows no ring, a control reached by Tab does`, async () => {
      const { page, errors } = await open('/', viewport, false);
      const box = page.getByRole('main').getByRole('combobox', { name: 'Hvor vil du bo?' });
      await box.fill('odnese');
      await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Odense']);
      // By keyboard: Chromium then counts the focus the page moves to the heading as a keyboard one.
      await box.press('Escape');
      await box.press('Enter');
      await page.waitForURL(`${baseUrl}/search?q=odnese`);
      const heading = page.getByRole('heading', { level: 1, name: 'Lejeboliger i Odense' });
      await heading.waitFor();
      // The results replace the busy "Henter boliger…" heading that took focus: focus follows them.
      const followed = await page
        .waitForFunction(() => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === 'Lejeboliger i Odense', undefined, { timeout: 20_000 })
        .then(
          () => true,
          () => false,
        );
      expect.soft(followed).toBe(true);
      // Focused by the page after a key press, as above: no ring on a heading.
      await page.keyboard.press('Shift');
      await heading.evaluate((el) => el.focus());
      expect(await heading.evaluate((el) => [el.matches(':focus-visible'), getComputedStyle(el).outlineStyle])).toEqual([true, 'none']);
      await screenshots(page, `phone-layout-results-heading-${name}`);

      await page.keyboard.press('Tab');
      const ring = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        return { tag: el.tagName, visible: el.matches(':focus-visible'), outline: getComputedStyle(el).outlineStyle };
      });
      expect(ring.tag).not.toBe('H1');
      expect(ring).toMatchObject({ visible: true, outline: 'solid' });
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
