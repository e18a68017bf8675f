import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, screenshot as fullPage } from './support/browser';
import { openPage } from './support/open-page';
import { signUpThroughApi } from './support/accounts';
import { thisWorkersPortal } from './support/portal';

// Issue 36 in a real browser: the limited plan (tenantad-79kr-14days) at 10 of 10 landlords. The
// dwelling page's refusal states the count and the reset date with the way to unlimited access; the
// subscription page shows the count and switches up through the change-of-plan dialog. Both languages,
// screenshots at 360 and 1280 px; axe checks every page visited (support/axe-setup.ts).

const { baseUrl, port } = thisWorkersPortal();
const HOST = `http://localhost:${port}`;
const EN_HOST = `http://en.localhost:${port}`;

/** DD/MM/YYYY in Danish time, as the site writes dates. */
function danishDay(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Copenhagen', day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('day')}/${part('month')}/${part('year')}`;
}

/** A seeker on the limited plan, bought through the test provider, who has contacted 10 landlords; and a dwelling of an 11th. */
async function limitedAtTen(): Promise<{ token: string; refusedId: string; resetsAt: string }> {
  const ip = `10.36.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const email = `graense-${randomBytes(4).toString('hex')}@husly.test`;
  const { token } = await signUpThroughApi(baseUrl, { email, name: 'Lise Lund', password: 'min-kode-2026', ip });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': ip };
  const created = await fetch(`${baseUrl}/api/subscriptions`, { method: 'POST', headers, body: JSON.stringify({ planId: 'tenantad-79kr-14days', terms: true, billing: { name: 'Lise Lund', email } }) });
  expect(created.status).toBe(201);
  const { meta } = (await created.json()) as { meta: { paymentInfo: string } };
  const expiry = `0${1 + (randomBytes(1)[0] % 9)}/${String((new Date().getUTCFullYear() + 5) % 100).padStart(2, '0')}`;
  const confirm = await fetch(`${baseUrl}/api/subscriptions/test-payments/${meta.paymentInfo}/confirm`, { method: 'POST', headers, body: JSON.stringify({ cardNumber: '4242 4242 4242 4242', expiry, cvc: '123' }) });
  expect(confirm.status).toBe(200);

  // The demo data has 150 landlords: contact the newest dwellings until the 11th different landlord is refused.
  const latest = (await (await fetch(`${baseUrl}/api/dwellings/latest?count=80`)).json()) as { data: { dwellingId: string }[] };
  let refusedId: string | undefined;
  let resetsAt = '';
  for (const { dwellingId } of latest.data) {
    const res = await fetch(`${baseUrl}/api/dwellings/${dwellingId}/agent`, { headers });
    if (res.status === 403) {
      const body = (await res.json()) as { code: string; used: number; retryAt: string };
      expect(body).toMatchObject({ code: 'contact-limit-reached', used: 10 });
      refusedId = dwellingId;
      resetsAt = body.retryAt;
      break;
    }
    expect([200, 410]).toContain(res.status);
  }
  if (!refusedId) throw new Error('The demo data gave fewer than 11 landlords among the newest dwellings');
  return { token, refusedId, resetsAt };
}

describe('the limited plan at 10 of 10 landlords in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(() => browser.close());

  const open = (path: string, token: string, host = HOST) => openPage(browser, `${host}${path}`, { cookies: { token }, waitUntil: 'load' });
  async function shots(page: Page, name: string) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await fullPage(page, `${name}-1280`);
    await page.setViewportSize(PHONE);
    await fullPage(page, `${name}-360`);
    await page.setViewportSize(DESKTOP);
  }

  it('Danish: the refusal with count, date and upgrade link; the subscription page with the count and the switch up', async () => {
    const { token, refusedId, resetsAt } = await limitedAtTen();
    const date = danishDay(resetsAt);
    const { page, errors } = await open(`/vis/${refusedId}`, token);
    await page.getByRole('button', { name: 'Kontakt udlejer' }).first().click();
    const limit = page.getByTestId('contact-limit').first();
    await limit.getByText('Du har kontaktet 10 af 10 udlejere i denne periode.').waitFor();
    await limit.getByText(`Tallet nulstilles ${date}. Så kan du kontakte nye udlejere igen.`).waitFor();
    await shots(page, 'contact-limit-refusal');
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESKTOP);

    await limit.getByRole('link', { name: 'Skift til ubegrænset adgang' }).click();
    const usage = page.getByTestId('contact-usage');
    await usage.getByText(`10 af 10 udlejere brugt, nulstilles ${date}`).waitFor();
    await shots(page, 'contact-limit-usage');
    await usage.getByRole('button', { name: 'Skift til ubegrænset adgang' }).click();
    const dialog = page.getByTestId('switch-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('switch-first-charge').textContent()).toContain(date);
    await shots(page, 'contact-limit-switch-dialog');
    await dialog.getByRole('button', { name: 'Ja, skift til 249 kr.' }).click();
    await page.locator('[data-testid="subscription-card"][data-display="switching"]').waitFor();
    await page.getByTestId('next-notice').waitFor();
    // Switching already: the count stays until the renewal, the offer goes.
    expect(await usage.getByRole('button').count()).toBe(0);
    const list = (await (await fetch(`${baseUrl}/api/subscriptions`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      subscriptions: { offer: string; nextSubscription: { product: { price: number } } | null; contactUsage: { used: number } | null }[];
    };
    expect(list.subscriptions[0]).toMatchObject({ offer: 'tenantad-79kr-14days', nextSubscription: { product: { price: 249 } }, contactUsage: { used: 10 } });
    expect(errors).toEqual([]);
  });

  it('English on en.: the refusal and the count in English', async () => {
    const { token, refusedId, resetsAt } = await limitedAtTen();
    const date = danishDay(resetsAt);
    const { page, errors } = await open(`/vis/${refusedId}`, token, EN_HOST);
    await page.getByRole('button', { name: 'Contact landlord' }).first().click();
    const limit = page.getByTestId('contact-limit').first();
    await limit.getByText('You have contacted 10 of 10 landlords this period.').waitFor();
    await limit.getByText(`The count resets on ${date}. Then you can contact new landlords again.`).waitFor();
    await shots(page, 'contact-limit-refusal-en');
    await limit.getByRole('link', { name: 'Switch to unlimited access' }).click();
    await page.getByTestId('contact-usage').getByText(`10 of 10 landlords used, resets ${date}`).waitFor();
    await shots(page, 'contact-limit-usage-en');
    expect(errors).toEqual([]);
  });
});
