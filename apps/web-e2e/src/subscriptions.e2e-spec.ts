import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { DESKTOP, PHONE, launchBrowser, screenshot } from './support/browser';
import { openPage } from './support/open-page';
import { signUpThroughApi } from './support/accounts';
import { chunk } from './support/build-manifest';
import { thisWorkersPortal } from './support/portal';

// Issue 13 in a real browser: the built portal without STRIPE_SECRET_KEY, so payments go to the
// built-in test provider and its documented test cards (README "Test payments").

const { baseUrl, port } = thisWorkersPortal();
const HOSTS = { da: `http://localhost:${port}`, en: `http://en.localhost:${port}` } as const;

/** A future expiry, MM/YY. */
const EXPIRY = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

async function newSeeker(): Promise<string> {
  const ip = `10.13.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const { token } = await signUpThroughApi(baseUrl, { email: `seeker-${randomBytes(4).toString('hex')}@husly.test`, name: 'Mette Jensen', password: 'min-kode-2026', ip });
  return token;
}

describe('subscriptions in a real browser', () => {
  let browser: Browser;
  let buyerToken = '';
  let seekerToken = '';
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(() => browser.close());

  const open = (path: string, token: string, { viewport = DESKTOP, lang = 'da' as keyof typeof HOSTS } = {}) =>
    openPage(browser, `${HOSTS[lang]}${path}`, { viewport, cookies: { token }, waitUntil: 'load' });

  async function fillPayment(page: Page, card: string) {
    const form = page.getByTestId('payment-form');
    await form.getByLabel('Kortholders navn').fill('Mette Jensen');
    await form.getByLabel('Kortnummer').fill(card);
    await form.getByLabel('Udløb (MM/ÅÅ)').fill(EXPIRY);
    await form.getByLabel('CVC').fill('123');
  }

  it('a seeker buys the intro with a test card, sees a landlord contact, cancels, keeps access, reactivates and opens the receipt', async () => {
    buyerToken = await newSeeker();
    const latest = (await (await fetch(`${baseUrl}/api/dwellings/latest`)).json()) as { data: { dwellingId: string; deletedAt: string | null }[] };
    const dwelling = latest.data.find((d) => !d.deletedAt);
    expect(dwelling).toBeTruthy();
    const { page, errors } = await open(`/vis/${dwelling!.dwellingId}`, buyerToken);

    // A non-subscriber asking for the contact is sent to the subscription page (403, section 4).
    await page.getByTestId('contact-top').getByRole('button', { name: 'Kontakt udlejer' }).click();
    await page.waitForURL(/\/profile\/subscription\?next=/);
    const splash = page.getByTestId('offer-splash');
    await splash.waitFor();
    expect(await splash.getByTestId('intro-price').textContent()).toMatch(/^\d+ kr\.$/);
    await splash.getByRole('button', { name: 'Opret boligsøgerannonce' }).click();

    const form = page.getByTestId('payment-form');
    await form.waitFor();
    expect(await form.getByRole('note').textContent()).toContain('Testbetalinger');
    // No browser validation: the terms message is ours.
    const pay = form.getByRole('button', { name: /^Betal \d+ kr\.$/ });
    await fillPayment(page, '4242 4242 4242 4242');
    await pay.click();
    await form.getByText('Abonnements- og betalingsbetingelserne skal accepteres.').waitFor();
    await form.getByRole('button', { name: 'abonnements- og betalingsbetingelserne' }).click();
    const terms = page.getByTestId('terms-modal');
    expect(await terms.textContent()).toContain('14 dages fortrydelsesret');
    await terms.getByRole('button', { name: 'Luk' }).last().click();
    await form.getByLabel('Postnummer').fill('8000');
    await form.getByRole('checkbox').check();
    await pay.click();

    // Section 4: to /profile, a subscriber at once, and the last-viewed dwelling's landlord fetched by itself.
    await page.waitForURL(`${HOSTS.da}/profile`);
    await page.getByText('Tak, dit abonnement er aktivt').waitFor();
    const contact = page.getByTestId('last-viewed-contact');
    // The details themselves, not the "Henter kontaktoplysninger…" that comes first.
    await contact.locator('dd').first().waitFor();
    const tabs = page.getByRole('navigation', { name: 'Profil' });
    await tabs.getByRole('link', { name: 'Abonnement' }).click();

    const card = page.getByTestId('subscription-card').first();
    await card.waitFor();
    expect(await card.getAttribute('data-display')).toBe('renewing');
    // Cancelling: two clicks from the subscription page (the card, then "Ja, opsig" on the warning page).
    await card.getByRole('link', { name: 'Opsig abonnement' }).click();
    await page.getByTestId('unsubscribe-warning').getByRole('button', { name: 'Ja, opsig' }).click();
    // The survey that follows is optional.
    await page.getByTestId('unsubscribe-survey').getByRole('button', { name: 'Spring over' }).click();
    await page.locator('[data-testid="subscription-card"][data-display="cancelled-running"]').waitFor();
    expect(await card.getByTestId('expires').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    // Still access until the period ends.
    const agent = await fetch(`${baseUrl}/api/dwellings/${dwelling!.dwellingId}/agent`, { headers: { Authorization: `Bearer ${buyerToken}` } });
    expect(agent.status).toBe(200);

    await page.getByRole('button', { name: 'Genaktiver abonnement' }).click();
    await page.getByTestId('reactivate-dialog').getByRole('button', { name: 'Ja, genaktiver' }).click();
    await page.locator('[data-testid="subscription-card"][data-display="renewing"]').waitFor();

    const receipts = page.getByRole('region', { name: 'Kvitteringer' });
    const orderno = (await receipts.locator('tbody tr td').nth(1).textContent()) ?? '';
    expect(orderno).toMatch(/^\d{4,}$/);
    await receipts.getByRole('link', { name: `Vis kvittering ${orderno}` }).click();
    const invoice = page.getByTestId('invoice');
    await invoice.waitFor();
    expect(await invoice.getByTestId('invoice-orderno').textContent()).toBe(orderno);
    expect(await invoice.textContent()).toContain('Heraf moms 25 %');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('English on en. (issue 36): the switch dialog, the next-plan notice, the reactivate text and the invoice line name the plan in English', async () => {
    const token = await newSeeker();
    // Bought through the API with a card of its own (number and expiry), so the intro is this user's first.
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const created = await fetch(`${baseUrl}/api/subscriptions`, { method: 'POST', headers, body: JSON.stringify({ planId: 'tenantad-intro-7days', terms: true, billing: { name: 'Mette Jensen', email: 'mette@husly.test' } }) });
    expect(created.status).toBe(201);
    const { meta } = (await created.json()) as { meta: { paymentInfo: string } };
    const expiry = `${String(1 + (randomBytes(1)[0] % 12)).padStart(2, '0')}/${String((new Date().getUTCFullYear() + 4 + (randomBytes(1)[0] % 6)) % 100).padStart(2, '0')}`;
    const confirm = await fetch(`${baseUrl}/api/subscriptions/test-payments/${meta.paymentInfo}/confirm`, { method: 'POST', headers, body: JSON.stringify({ cardNumber: '4000 0020 8000 0001', expiry, cvc: '123' }) });
    expect(confirm.status).toBe(200);
    // The database's Danish names and the receipt line's days must not show on en.
    const DANISH = /Boligsøger|introtilbud|begrænset|dage\b/;

    const { page, errors } = await open('/profile/subscription', token, { lang: 'en' });
    const card = page.getByTestId('subscription-card').first();
    await card.getByText('Tenant ad – introductory offer').waitFor();
    await card.getByRole('link', { name: 'Cancel subscription' }).click();
    await page.getByTestId('unsubscribe-warning').getByRole('button', { name: /^Switch to \d+ kr\.$/ }).click();
    const dialog = page.getByTestId('switch-dialog');
    expect(await dialog.getByRole('heading').textContent()).toBe('Switch to Tenant ad – limited access?');
    expect(await dialog.textContent()).not.toMatch(DANISH);
    await dialog.getByRole('button', { name: /^Yes, switch to \d+ kr\.$/ }).click();
    const next = page.getByTestId('next-notice');
    await next.waitFor();
    expect(await next.textContent()).toMatch(/^Changes to Tenant ad – limited access \(\d+ kr\.\) on \d{2}\/\d{2}\/\d{4}\.$/);

    // Cancelling drops the waiting plan; reactivating says what renews, in English.
    await card.getByRole('link', { name: 'Cancel subscription' }).click();
    await page.getByTestId('unsubscribe-warning').getByRole('button', { name: 'Yes, cancel' }).click();
    await page.getByTestId('unsubscribe-survey').getByRole('button', { name: 'Skip' }).click();
    await page.locator('[data-testid="subscription-card"][data-display="cancelled-running"]').waitFor();
    await page.getByRole('button', { name: 'Reactivate subscription' }).click();
    const reactivate = page.getByTestId('reactivate-dialog');
    await reactivate.getByText(/^Tenant ad – introductory offer renews again at \d+ kr\. per period until you cancel\.$/).waitFor();
    expect(await reactivate.textContent()).not.toMatch(DANISH);
    await reactivate.getByRole('button', { name: 'Yes, reactivate' }).click();
    await page.locator('[data-testid="subscription-card"][data-display="renewing"]').waitFor();
    expect(await page.getByRole('main').textContent()).not.toMatch(DANISH);

    // The receipt: the stored line is Danish, the English page words it; also at 360 px.
    await page.getByRole('region', { name: 'Receipts' }).getByRole('link', { name: /^Show receipt \d+$/ }).click();
    const invoice = page.getByTestId('invoice');
    await invoice.getByRole('cell', { name: 'Tenant ad – introductory offer (7 days)' }).waitFor();
    expect(await invoice.textContent()).not.toMatch(DANISH);
    await page.setViewportSize(PHONE);
    await invoice.getByRole('cell', { name: 'Tenant ad – introductory offer (7 days)' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'subscription-invoice-line-en-phone');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('each failing test card shows its section 8 message', async () => {
    seekerToken = await newSeeker();
    const { page, errors } = await open('/profile/subscription', seekerToken);
    await page.getByRole('button', { name: 'Opret boligsøgerannonce' }).click();
    const form = page.getByTestId('payment-form');
    await form.getByRole('checkbox').check();
    const cases: [string, string][] = [
      ['4000 0000 0000 0002', 'Betalingen mislykkedes. Tjek dine kortoplysninger, eller kontakt kundeservice.'],
      ['4242 4242 4242 4241', 'Ugyldigt kortnummer.'],
      ['4000 0000 0000 0127', 'Ugyldig CVC.'],
      ['4000 0000 0000 0069', 'Ugyldig udløbsdato, eller kortet er udløbet.'],
      ['4000 0000 0000 9995', 'Kortets grænse er overskredet. Brug et andet kort, eller kontakt din bank.'],
      ['4000 0084 0000 1629', 'Betalingen mislykkedes. Prøv igen, eller kontakt kundeservice.'],
      ['5019 7170 1010 3742', 'Vi understøtter desværre ikke Dankort. Brug venligst Visa, Visa/Dankort eller MasterCard.'],
    ];
    for (const [card, message] of cases) {
      await fillPayment(page, card);
      await form.getByRole('button', { name: /^Betal \d+ kr\.$/ }).click();
      await page.locator('[data-testid="payment-error"]', { hasText: message }).waitFor();
      // The button is free again before the next card.
      await form.getByRole('button', { name: /^Betal \d+ kr\.$/ }).waitFor();
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['da', 'phone', PHONE],
    ['da', 'desktop', DESKTOP],
    ['en', 'phone', PHONE],
    ['en', 'desktop', DESKTOP],
  ] as const)('screenshots in %s at %s width: splash, payment form, subscription cards, receipt', async (lang, name, viewport) => {
    expect(buyerToken && seekerToken).toBeTruthy();
    const seeker = await open('/profile/subscription', seekerToken, { viewport, lang });
    await seeker.page.getByTestId('offer-splash').waitFor();
    await screenshot(seeker.page, `subscription-splash-${lang}-${name}`);
    await seeker.page.getByTestId('offer-splash').getByRole('button').click();
    await seeker.page.getByTestId('payment-form').waitFor();
    await screenshot(seeker.page, `subscription-form-${lang}-${name}`);
    expect(await seeker.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await seeker.page.context().close();

    const buyer = await open('/profile/subscription', buyerToken, { viewport, lang });
    await buyer.page.getByTestId('subscription-card').first().waitFor();
    await screenshot(buyer.page, `subscription-cards-${lang}-${name}`);
    expect(await buyer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await buyer.page.getByRole('region', { name: lang === 'da' ? 'Kvitteringer' : 'Receipts' }).getByRole('link').first().click();
    await buyer.page.getByTestId('invoice').waitFor();
    await screenshot(buyer.page, `subscription-invoice-${lang}-${name}`);
    expect(await buyer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect([...seeker.errors, ...buyer.errors]).toEqual([]);
    await buyer.page.context().close();
  });

  it('the public pages load neither Apollo Client nor the payment code; the subscription page does', async () => {
    const scripts: string[] = [];
    const { page } = await openPage(browser, `${HOSTS.da}/`, {
      beforeGoto: (page) => void page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)),
    });
    const context = page.context();
    const subscriptionPage = chunk('src/features/subscriptions/pages/subscription-page.tsx');
    const stripePayment = chunk('src/features/subscriptions/components/stripe-payment.tsx');
    expect(scripts.filter((s) => s === subscriptionPage || s === stripePayment)).toEqual([]);
    await context.addCookies([{ name: 'token', value: buyerToken, url: HOSTS.da }]);
    await page.goto(`${HOSTS.da}/profile/subscription`);
    await page.getByTestId('subscription-card').first().waitFor();
    expect(scripts).toContain(subscriptionPage);
    // The test provider runs: Stripe's element chunk is not fetched.
    expect(scripts).not.toContain(stripePayment);
    await context.close();
  });
});
