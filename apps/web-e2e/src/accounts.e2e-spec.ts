import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { simpleParser, type ParsedMail } from 'mailparser';
import { DESKTOP, PHONE, launchBrowser, screenshot } from './support/browser';
import { openPage } from './support/open-page';
import { signUpThroughApi } from './support/accounts';
import { thisWorkersPortal } from './support/portal';

const { baseUrl, port, mailDir } = thisWorkersPortal();
const DEMO_PASSWORD = 'husly-demo-2026';

const address = () => `journey-${randomBytes(4).toString('hex')}@husly.test`;

/** The newest mail to `to` in the portal's outbox (written by its mail.deliver job). */
async function mailTo(to: string, count = 1): Promise<ParsedMail> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const files = existsSync(mailDir) ? readdirSync(mailDir).filter((f) => f.endsWith('.eml')).sort() : [];
    const mails = await Promise.all(files.map((f) => simpleParser(readFileSync(join(mailDir, f)))));
    const mine = mails.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(to)));
    if (mine.length >= count) return mine[mine.length - 1];
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function linkIn(mail: ParsedMail, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path}\\?token=[A-Za-z0-9_-]+`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${path} link in ${mail.text}`);
  return match[0];
}

describe('accounts in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(() => browser.close());

  const open = (path: string, viewport = DESKTOP) => openPage(browser, `${baseUrl}${path}`, { viewport });

  const noSidewaysScroll = async (page: Page, width: number) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('signup → verification mail → verified: the badge and the banner go (%s)', async (name, viewport) => {
    const email = address();
    const { page, errors } = await open('/signup', viewport);
    await page.getByRole('heading', { level: 1, name: 'Opret profil' }).waitFor();
    await screenshot(page, `accounts-signup-${name}`);

    // The section 5 rules answer in the form before anything is sent.
    await page.getByRole('button', { name: 'Opret profil' }).click();
    await page.getByText('Navnet skal udfyldes.').waitFor();
    await page.getByRole('main').getByLabel('Navn').fill('Mette (test)');
    await page.getByRole('main').getByLabel('Email-adresse').fill(email);
    await page.getByRole('main').getByLabel('Adgangskode', { exact: true }).fill('min-kode-2026');
    await page.getByRole('main').getByLabel('Gentag adgangskode').fill('min-kode-2027');
    await page.getByRole('button', { name: 'Opret profil' }).click();
    await page.getByText('Navnet må ikke indeholde tegnene _ / ( ) ! ? ; : – * " , . og en bindestreg skal stå mellem to bogstaver.').waitFor();
    expect(await page.getByText('Adgangskoderne er ikke ens.').isVisible()).toBe(true);
    expect(await page.getByText('Du skal acceptere Huslys betingelser for at oprette en profil.').isVisible()).toBe(true);
    await screenshot(page, `accounts-signup-errors-${name}`);

    await page.getByRole('main').getByLabel('Navn').fill('Mette Jensen');
    await page.getByRole('main').getByLabel('Gentag adgangskode').fill('min-kode-2026');
    await page.getByRole('checkbox', { name: /Jeg accepterer Huslys/ }).check();
    await page.getByRole('button', { name: 'Opret profil' }).click();

    // A new user has no subscription: section 2 sends them to /profile/subscription.
    await page.waitForURL(`${baseUrl}/profile/subscription`);
    await page.getByText('Din email er ikke bekræftet').waitFor();
    expect(await page.getByTestId('profile-badge').count()).toBe(1);
    await noSidewaysScroll(page, viewport.width);
    await screenshot(page, `accounts-unverified-${name}`);

    const mail = await mailTo(email);
    expect(mail.subject).toBe('Bekræft din email-adresse hos Husly');
    await page.goto(linkIn(mail, '/profile/verify'));
    await page.waitForURL(`${baseUrl}/profile/subscription`);
    await page.getByRole('link', { name: 'Rediger profil' }).first().click();
    await page.getByText('Bekræftet', { exact: true }).waitFor();
    expect(await page.getByTestId('profile-badge').count()).toBe(0);
    expect(await page.getByText('Din email er ikke bekræftet').count()).toBe(0);
    await screenshot(page, `accounts-verified-${name}`);

    // The same link a second time says the address is verified, and logs no one in (issue 36).
    await page.goto(linkIn(mail, '/profile/verify'));
    await page.getByText('Din email er allerede bekræftet.').waitFor();
    expect(await page.getByText('Vi kunne ikke genkende dit link. Sørg for at bruge hele adressen fra mailen.').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('login marks the wrong field, logs in, keeps `next`, and logout clears the session', async () => {
    const { page, errors } = await open('/profile');
    // Not logged in: /profile sends to /login with next.
    await page.waitForURL(`${baseUrl}/login?next=/profile`);
    await page.getByRole('main').getByLabel('Email-adresse').fill('soeger@husly.test');
    await page.getByRole('main').getByLabel('Adgangskode').fill('forkert');
    await page.getByRole('main').getByRole('button', { name: 'Log ind' }).click();
    await page.getByText('Adgangskode eller email-adresse er ikke korrekt...').waitFor();
    expect(await page.getByRole('main').getByLabel('Adgangskode').getAttribute('class')).toMatch(/invalid/);
    await screenshot(page, 'accounts-login-error-desktop');

    await page.getByRole('main').getByLabel('Adgangskode').fill(DEMO_PASSWORD);
    await page.getByRole('main').getByRole('button', { name: 'Log ind' }).click();
    await page.waitForURL(`${baseUrl}/profile`);
    await page.getByRole('heading', { level: 1, name: 'Min profil' }).waitFor();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'token');
    expect(cookie?.expires && cookie.expires - Date.now() / 1000).toBeGreaterThan(3500);
    expect(cookie!.expires - Date.now() / 1000).toBeLessThanOrEqual(3600);

    // Session restore: a reload keeps the user.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Min profil' }).waitFor();
    // A non-subscriber's menu has no Subscription item.
    await page.getByLabel(/Min profil:/).click();
    await screenshot(page, 'accounts-user-menu-desktop');
    expect(await page.getByRole('link', { name: 'Abonnement', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Log ud' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByText('Du er nu logget ud.').waitFor();
    expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();
    await page.goto(`${baseUrl}/profile/password`);
    await page.waitForURL(`${baseUrl}/login?next=/profile/password`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a subscriber logged in on /login goes to /profile/tenant; a foreign next is ignored', async () => {
    const { page } = await open('/login?next=//evil.example/x', PHONE);
    await page.getByRole('main').getByLabel('Email-adresse').fill('lejer@husly.test');
    await page.getByRole('main').getByLabel('Adgangskode').fill(DEMO_PASSWORD);
    await page.getByRole('main').getByRole('button', { name: 'Log ind' }).click();
    await page.waitForURL(`${baseUrl}/profile/tenant`);
    await page.getByRole('link', { name: 'Abonnement', exact: true }).first().waitFor();
    await noSidewaysScroll(page, PHONE.width);
    await screenshot(page, 'accounts-subscriber-tenant-phone');
    // Already logged in: /signup and /login redirect by the same rule.
    await page.goto(`${baseUrl}/signup`);
    await page.waitForURL(`${baseUrl}/profile/tenant`);
    await page.goto(`${baseUrl}/login?next=/byer`);
    await page.waitForURL(`${baseUrl}/byer`);
    await page.close();
  });

  it('the header guest menu logs in in place (phone)', async () => {
    const { page } = await open('/byer', PHONE);
    await page.getByLabel('Profil', { exact: true }).click();
    const menu = page.getByRole('form', { name: 'Log ind' }).first();
    await menu.getByLabel('Email-adresse').fill('soeger@husly.test');
    await menu.getByLabel('Adgangskode').fill(DEMO_PASSWORD);
    await screenshot(page, 'accounts-guest-menu-phone');
    await menu.getByRole('button', { name: 'Log ind' }).click();
    await page.getByLabel(/Min profil:/).waitFor();
    expect(page.url()).toBe(`${baseUrl}/byer`);
    await page.getByLabel(/Min profil:/).click();
    await screenshot(page, 'accounts-user-menu-phone');
    await page.close();
  });

  it('password reset through the mailed link, then login with the new password', async () => {
    const email = address();
    await signUpThroughApi(baseUrl, { email, name: 'Nulstil Nielsen', password: 'gammel-kode', ip: '203.0.113.50' });

    const { page, errors } = await open('/reset-password', PHONE);
    await page.getByRole('heading', { level: 1, name: 'Nulstil adgangskode' }).waitFor();
    expect(await page.getByText('Ingen bruger endnu?').isVisible()).toBe(true);
    await page.getByRole('main').getByLabel('Email-adresse').fill(email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByText(`Er ${email} registreret hos os`).waitFor();
    await screenshot(page, 'accounts-reset-request-phone');

    const mail = await mailTo(email, 2);
    expect(mail.subject).toBe('Nulstil din adgangskode hos Husly');
    await page.goto(linkIn(mail, '/reset-password'));
    await page.getByRole('heading', { name: 'Vælg ny adgangskode' }).waitFor();
    await page.getByRole('main').getByLabel('Ny adgangskode', { exact: true }).fill('ny-kode-1');
    await page.getByRole('main').getByLabel('Gentag adgangskode').fill('ny-kode-2');
    await page.getByRole('button', { name: 'Gem ny adgangskode' }).click();
    await page.getByText('Øv! Adgangskoderne matcher ikke. Prøv venligst igen.').waitFor();
    await page.getByRole('main').getByLabel('Gentag adgangskode').fill('ny-kode-1');
    await page.getByRole('button', { name: 'Gem ny adgangskode' }).click();
    await page.getByText('Sådan! Din nye adgangskode er gemt.').waitFor();
    await screenshot(page, 'accounts-reset-done-phone');

    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.51' },
      body: JSON.stringify({ email, password: 'ny-kode-1' }),
    });
    expect(login.status).toBe(200);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('change password in the profile, in English on the en. host', async () => {
    const email = address();
    await signUpThroughApi(baseUrl, { email, name: 'Emma Smith', password: 'old-pass', ip: '203.0.113.52' });
    const { page } = await openPage(browser, `http://en.localhost:${port}/login`);
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await page.getByRole('main').getByLabel('Email address').fill(email);
    await page.getByRole('main').getByLabel('Password').fill('old-pass');
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`http://en.localhost:${port}/profile/subscription`);
    await page.getByRole('link', { name: 'Change Password' }).click();
    const tokenCookie = async () => (await page.context().cookies()).find((c) => c.name === 'token')?.value;
    const before = await tokenCookie();
    await page.getByRole('main').getByLabel('Current password').fill('wrong');
    await page.getByRole('main').getByLabel('New password').fill('new-pass');
    await page.getByRole('main').getByLabel('Repeat password').fill('new-pass');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The current password is not correct.').waitFor();
    // Said once, beside the field (it was also repeated above the form).
    expect(await page.getByText('The current password is not correct.').count()).toBe(1);
    await page.getByRole('main').getByLabel('Current password').fill('old-pass');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Great! Your password has been changed.').waitFor();
    await screenshot(page, 'accounts-change-password-english');
    // The change ended every older token; this browser keeps its session with the fresh one.
    const after = await tokenCookie();
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect((await fetch(`${baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${before}` } })).status).toBe(401);
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Change password' }).waitFor();
    expect(page.url()).not.toContain('/login');
    await page.close();
  });
  it('switching language keeps the user logged in, both ways, and no token shows in a URL (issue 15)', async () => {
    const email = address();
    await signUpThroughApi(baseUrl, { email, name: 'Sprog Skifter', password: 'skift-sprog-26', ip: '203.0.113.54' });
    const { page, errors } = await open('/login', PHONE);
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await page.getByRole('main').getByLabel('Email-adresse').fill(email);
    await page.getByRole('main').getByLabel('Adgangskode').fill('skift-sprog-26');
    await page.getByRole('main').getByRole('button', { name: 'Log ind' }).click();
    await page.waitForURL(`${baseUrl}/profile/subscription`);
    await page.getByRole('link', { name: 'Skift adgangskode' }).click();
    await page.waitForURL(`${baseUrl}/profile/password`);

    await page.getByLabel(/^Sprog/).click();
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`http://en.localhost:${port}/profile/password`);
    await page.getByRole('button', { name: 'Change password' }).waitFor();
    await screenshot(page, 'accounts-language-switch-logged-in-english');

    await page.getByLabel(/^Language/).click();
    await page.getByRole('link', { name: 'Dansk' }).click();
    await page.waitForURL(`${baseUrl}/profile/password`);
    await page.getByRole('button', { name: 'Skift adgangskode' }).waitFor();
    expect(page.url()).not.toContain('/login');
    // The session crossed in a posted form: no code or token in any address the browser asked for.
    const tokens = (await page.context().cookies()).filter((c) => c.name === 'token').map((c) => c.value);
    expect(tokens.length).toBe(2);
    for (const url of urls) {
      expect(url).not.toMatch(/code=|token=/);
      for (const token of tokens) expect(url).not.toContain(token);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('deletes the profile from /profile after a confirmation (phone)', async () => {
    const email = address();
    const { token } = await signUpThroughApi(baseUrl, { email, name: 'Slet Mig', password: 'slet-kode', ip: '203.0.113.53' });
    const { page } = await openPage(browser, `${baseUrl}/profile`, { viewport: PHONE, cookies: { token } });
    await page.getByRole('button', { name: 'Slet min profil' }).click();
    await page.getByText('Kvitteringer gemmer vi i fem år').waitFor();
    await noSidewaysScroll(page, PHONE.width);
    await screenshot(page, 'accounts-delete-confirm-phone');
    await page.getByRole('button', { name: 'Ja, slet min profil' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByText('Din profil er slettet.').waitFor();
    const me = await fetch(`${baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
    await page.close();
  });
});
