import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Secret, TOTP } from 'otpauth';
import { DESKTOP, PHONE, launchBrowser, screenshot } from './support/browser';
import { chunk } from './support/build-manifest';
import { consoleErrorsExcept, openPage } from './support/open-page';
import { signUpThroughApi } from './support/accounts';
import { thisWorkersPortal } from './support/portal';

// The support desk (issue 33) in a real browser on the built portal: invisible to everyone but an
// admin, the second factor, and what support does for a user: block and unblock, hide the tenant
// ad, refund a charge (the test payment provider), on a phone and on a desktop.

const { baseUrl, mailDir, databaseUrl } = thisWorkersPortal();
const ROOT = resolve(__dirname, '../../..');
const DESK_CHUNK = () => chunk('src/features/admin/admin-desk.tsx');
const hex = () => randomBytes(4).toString('hex');
const ip = () => `10.33.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const EXPIRY = `09/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
// What the browser logs for the answers the desk expects: the 404 page itself, the 401 of /me before the code.
const expectedStatuses = consoleErrorsExcept(/status of (401|404)/);

async function signUp(name: string) {
  const email = `desk-${hex()}@husly.test`;
  const { token, user } = await signUpThroughApi(baseUrl, { email, name, password: 'min-kode-2026', ip: ip() });
  return { token, email, id: user.id };
}

/** `npm run admin:grant -- email` on the portal's data (its database, and its data dir, where the JWT secret that seals TOTP secrets comes from). */
async function grantAdmin(email: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [resolve(ROOT, 'dist/api/apps/api/src/cli/admin-grant.command.js'), email], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl, DATA_DIR: dirname(mailDir), REDIS_URL: '', SMTP_URL: '', LOG_LEVEL: 'warn' },
  });
  const secret = /secret \(to type in\): ([A-Z2-7]+)/.exec(stdout)?.[1];
  if (!secret) throw new Error(`admin:grant printed no secret:\n${stdout}`);
  return secret;
}

/** A seeker with the 30-day plan bought with the test card (one receipt) and a published tenant ad. */
async function customer() {
  const seeker = await signUp('Karen Kunde');
  const headers = { authorization: `Bearer ${seeker.token}`, 'content-type': 'application/json' };
  const bought = await fetch(`${baseUrl}/api/subscriptions`, { method: 'POST', headers, body: JSON.stringify({ planId: 'tenantad-249kr-30days', terms: true, billing: { name: 'Karen Kunde', email: seeker.email } }) });
  expect(bought.status).toBe(201);
  const { meta } = (await bought.json()) as { meta: { paymentInfo: string } };
  const paid = await fetch(`${baseUrl}/api/subscriptions/test-payments/${meta.paymentInfo}/confirm`, { method: 'POST', headers, body: JSON.stringify({ cardNumber: '4242 4242 4242 4242', expiry: EXPIRY, cvc: '123' }) });
  expect(paid.status).toBe(200);
  const [y, m, d] = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10).split('-');
  const available = `${d}/${m}/${y}`;
  const ad = {
    profile: { name: 'Karen Kunde', email: seeker.email, phone: '+45 20 30 40 50', gender: 'female', age: 31, profession: 'Lærer', rki: true },
    housing: { area: 'aarhus', rent: 8000, rooms: 2, size: 55, dwelling: ['apartment'], timeframe: ['gt1y'], available },
    ad: { subject: `Lærer søger lejlighed ${hex()}`, text: 'Rolig og ikke-ryger, arbejder på en skole i Aarhus.' },
    publish: true,
  };
  const saved = await fetch(`${baseUrl}/api/users/me/tenant`, { method: 'POST', headers, body: JSON.stringify(ad) });
  expect(saved.status, await saved.clone().text()).toBeLessThan(300);
  return seeker;
}

const noSidewaysScroll = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe('the support desk in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(() => browser.close());

  it('is the plain 404 page to a visitor and to a user who is not an admin, and loads none of its code', async () => {
    const user = await signUp('Ikke Admin');
    for (const cookies of [undefined, { token: user.token }]) {
      const scripts: string[] = [];
      const { page, status, response, errors } = await openPage(browser, `${baseUrl}/admin/users/${user.id}`, {
        viewport: PHONE,
        cookies,
        console: expectedStatuses,
        waitUntil: 'networkidle',
        beforeGoto: (p) => void p.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)),
      });
      expect(status).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Ups! Siden findes ikke' }).waitFor();
      expect(scripts).not.toContain(DESK_CHUNK());
      expect(await response!.text()).not.toContain(DESK_CHUNK());
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('an admin opens it with a code, finds a user, blocks and unblocks, hides the tenant ad and refunds a charge (%s)', async (name, viewport) => {
    const [admin, seeker] = await Promise.all([signUp(`Sofie Support ${name}`), customer()]);
    const secret = await grantAdmin(admin.email);

    const { page, status, response, errors } = await openPage(browser, `${baseUrl}/admin`, { viewport, cookies: { token: admin.token }, console: expectedStatuses });
    expect(status).toBe(200);
    expect(response!.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(await page.locator('meta[name="robots"]').first().getAttribute('content')).toBe('noindex');

    // The second factor: the authenticator app's six digits.
    const code = page.getByLabel('Kode fra godkendelsesappen');
    await code.waitFor();
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    await screenshot(page, `support-desk-code-${name}`);
    await code.fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
    await page.getByRole('button', { name: 'Åbn skrivebordet' }).click();
    await page.getByRole('heading', { level: 1, name: 'Find en bruger' }).waitFor();
    expect((await page.context().cookies()).find((c) => c.name === 'husly_admin')).toMatchObject({ httpOnly: true, path: '/api/admin', sameSite: 'Strict' });

    // Found by email, opened.
    await page.getByLabel('Søg på e-mail, navn, telefon eller ordrenummer').fill(seeker.email);
    await page.getByRole('main').getByRole('button', { name: 'Søg', exact: true }).click();
    const hits = page.getByTestId('desk-hits');
    await hits.getByRole('link', { name: 'Karen Kunde' }).click();
    await page.getByRole('heading', { level: 1, name: 'Karen Kunde' }).waitFor();
    await noSidewaysScroll(page, viewport.width);
    await screenshot(page, `support-desk-user-${name}`);

    // "I never got the mail": the password mail sent again.
    await page.getByRole('button', { name: 'Send mail om ny adgangskode' }).click();
    await page.getByText('Mailen om ny adgangskode er sendt.').waitFor();

    // Blocked after the confirmation, with a reason; then unblocked.
    await page.getByRole('button', { name: 'Spær bruger' }).click();
    let dialog = page.getByRole('dialog', { name: 'Spær brugeren?' });
    await dialog.getByLabel(/Begrundelse/).fill('Misbrug af kontaktformularen');
    await screenshot(page, `support-desk-confirm-${name}`, { fullPage: false });
    await dialog.getByRole('button', { name: 'Spær bruger' }).click();
    await page.getByText('Brugeren er spærret.').waitFor();
    expect((await fetch(`${baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${seeker.token}` } })).status).toBe(401);
    await page.getByRole('button', { name: 'Ophæv spærring' }).click();
    dialog = page.getByRole('dialog', { name: 'Ophæv spærringen?' });
    await dialog.getByRole('button', { name: 'Ophæv spærring' }).click();
    await page.getByText('Spærringen er ophævet.').waitFor();
    await page.getByRole('button', { name: 'Spær bruger' }).waitFor();

    // The tenant ad hidden from landlords.
    await page.getByRole('button', { name: 'Skjul', exact: true }).click();
    await page.getByText('Boligannoncen er skjult.').waitFor();
    await page.getByRole('button', { name: 'Vis igen' }).waitFor();

    // The charge refunded in full.
    expect(await page.getByTestId('desk-subscription').textContent()).toContain('Aktiv');
    const receipt = page.getByTestId('desk-receipt');
    expect(await receipt.textContent()).toContain('249 kr.');
    await receipt.getByRole('button', { name: 'Refundér' }).click();
    dialog = page.getByRole('dialog', { name: /^Refundér ordre \d+\?$/ });
    await dialog.getByRole('button', { name: 'Refundér' }).click();
    await page.getByText('Kvitteringen er refunderet.').waitFor();
    // The user as read again after the refund: the receipt refunded, with no button left.
    await receipt.getByRole('button', { name: 'Refundér' }).waitFor({ state: 'detached' });
    expect(await receipt.textContent()).toMatch(/249 kr\. \d\d\/\d\d\/\d{4}/);

    // The desk session gone (its cookie dropped, as when it expires): the next call asks for a new
    // code over the page, which stays as it was; then the call is sent again and done.
    await page.context().clearCookies({ name: 'husly_admin' });
    await page.getByRole('button', { name: 'Vis igen' }).click();
    await page.getByText('Din session på skrivebordet er udløbet').waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Karen Kunde' }).isVisible()).toBe(false);
    await screenshot(page, `support-desk-expired-${name}`, { fullPage: false });
    // The next period's code: this period's was used (a code opens one session), and the API takes one step either side.
    await page.getByLabel('Kode fra godkendelsesappen').fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Åbn skrivebordet' }).click();
    await page.getByRole('heading', { level: 1, name: 'Karen Kunde' }).waitFor();
    await page.getByRole('button', { name: 'Vis igen' }).click();
    await page.getByText('Boligannoncen vises igen.').waitFor();

    // What was done is in the user's audit log.
    const actions = await page.getByTestId('audit-entry').allTextContents();
    for (const action of ['user.block', 'user.unblock']) expect(actions.some((entry) => entry.includes(action))).toBe(true);
    await noSidewaysScroll(page, viewport.width);
    await screenshot(page, `support-desk-user-after-${name}`);

    // The other pages open; logging out of the desk asks for the code again.
    for (const [link, heading] of [
      ['Revisionslog', 'Revisionslog'],
      ['Kørsler', 'Kørsler'],
      ['Beskeder på siden', 'Beskeder på siden'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Skrivebordet' }).getByRole('link', { name: link }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // Loaded (a fresh portal may have no runs yet): no failure shown.
      await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('Indlæser…'));
      expect(await page.getByRole('main').getByRole('alert').count()).toBe(0);
      await noSidewaysScroll(page, viewport.width);
    }
    // A site alert made inactive (the portal is shared with the other journeys of this worker).
    const headline = `Driftsinfo ${name} ${hex()}`;
    await page.getByRole('button', { name: 'Ny besked' }).click();
    const form = page.getByTestId('alert-form');
    await form.getByLabel('Overskrift').fill(headline);
    await form.getByLabel('Tekst').fill('Betaling med MobilePay er midlertidigt nede.');
    await form.getByRole('checkbox', { name: 'Aktiv' }).uncheck();
    await noSidewaysScroll(page, viewport.width);
    await form.getByRole('button', { name: 'Gem' }).click();
    await page.getByText('Beskeden er oprettet.').waitFor();
    expect(await page.getByTestId('desk-alert').filter({ hasText: headline }).textContent()).toContain('Ikke aktiv');
    await screenshot(page, `support-desk-alerts-${name}`);

    await page.getByRole('button', { name: 'Log ud af skrivebordet' }).click();
    await page.getByLabel('Kode fra godkendelsesappen').waitFor();
    expect((await fetch(`${baseUrl}/api/admin/me`, { headers: { authorization: `Bearer ${admin.token}` } })).status).toBe(401);
    expect(errors).toEqual([]);
    await page.close();
  });
});
