import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, screenshot as fullPage } from './support/browser';
import { openPage } from './support/open-page';
import { signUpThroughApi } from './support/accounts';
import { thisWorkersPortal } from './support/portal';

// Issue 14's unsubscribe flows in a real browser: a subscriber through the warning page, the survey
// and "found a home"; a visitor through the manual form to its receipt; a matching profile's owner
// through the mailed confirmation link. Screenshots of every new page at 360 and 1280 px.

const { baseUrl, port, mailDir } = thisWorkersPortal();
const HOST = `http://localhost:${port}`;
const EN_HOST = `http://en.localhost:${port}`;
let cardMonth = 0;

/** From the top: a page scrolled to its button would show the sticky header across the middle of the shot. */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return fullPage(page, name);
}

/** A signed-up seeker with a renewing subscription bought through the test provider. */
async function subscriber(name = 'Mette Jensen'): Promise<{ token: string; email: string }> {
  const ip = `10.14.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const email = `afmeld-${randomBytes(4).toString('hex')}@husly.test`;
  const { token } = await signUpThroughApi(baseUrl, { email, name, password: 'min-kode-2026', ip });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': ip };
  const created = await fetch(`${baseUrl}/api/subscriptions`, { method: 'POST', headers, body: JSON.stringify({ planId: 'tenantad-249kr-30days', terms: true, billing: { name, email } }) });
  expect(created.status).toBe(201);
  const { meta } = (await created.json()) as { meta: { paymentInfo: string } };
  const expiry = `${String((cardMonth++ % 12) + 1).padStart(2, '0')}/${String((new Date().getUTCFullYear() + 4) % 100).padStart(2, '0')}`;
  const confirm = await fetch(`${baseUrl}/api/subscriptions/test-payments/${meta.paymentInfo}/confirm`, { method: 'POST', headers, body: JSON.stringify({ cardNumber: '4242 4242 4242 4242', expiry, cvc: '123' }) });
  expect(confirm.status).toBe(200);
  return { token, email };
}

describe('unsubscribe flows in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(() => browser.close());

  const open = (path: string, { token, viewport = DESKTOP, host = HOST }: { token?: string; viewport?: typeof DESKTOP; host?: string } = {}) =>
    openPage(browser, `${host}${path}`, { viewport, cookies: token ? { token } : undefined, waitUntil: 'load' });

  it('a subscriber: warning (abort, then confirm), found a dwelling on a portal, found a home, and the undo on the profile', async () => {
    const { token } = await subscriber();
    // The user's own boligagent, which "found a home" pauses.
    const agent = await fetch(`${baseUrl}/api/boligagents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ prefs: [{ area: 'aarhus', rent: 8000 }] }),
    });
    expect(agent.status).toBe(201);
    const { page, errors } = await open('/profile/subscription', { token });
    const card = page.getByTestId('subscription-card').first();
    await card.waitFor();

    // Abort leaves everything as it was.
    await card.getByRole('link', { name: 'Opsig abonnement' }).click();
    const warning = page.getByTestId('unsubscribe-warning');
    await warning.getByRole('heading', { name: 'Vigtigt ved afmelding' }).waitFor();
    await warning.getByTestId('unsubscribe-offer').waitFor();
    await screenshot(page, 'unsubscribe-warning-1280');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'unsubscribe-warning-360');
    await page.setViewportSize(DESKTOP);
    await warning.getByRole('button', { name: 'Fortryd, behold abonnementet' }).click();
    await page.locator('[data-testid="subscription-card"][data-display="renewing"]').waitFor();

    // The second click confirms; the survey follows.
    await card.getByRole('link', { name: 'Opsig abonnement' }).click();
    await page.getByTestId('unsubscribe-warning').getByRole('button', { name: 'Ja, opsig' }).click();
    const survey = page.getByTestId('unsubscribe-survey');
    await survey.waitFor();
    await survey.getByRole('button', { name: 'Ja, jeg har fundet en bolig' }).click();
    await survey.getByRole('button', { name: 'På en anden boligportal' }).waitFor();
    await screenshot(page, 'unsubscribe-survey-1280');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'unsubscribe-survey-360');
    await page.setViewportSize(DESKTOP);
    // A where-answer is sent at once.
    await survey.getByRole('button', { name: 'På en anden boligportal' }).click();

    // Found a dwelling: the subscription stays in view, and "found a home" is offered.
    const offer = page.getByTestId('found-home-offer');
    await offer.waitFor();
    expect(await offer.getByTestId('unsubscribe-subscription').count()).toBe(1);
    await screenshot(page, 'unsubscribe-found-home-1280');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'unsubscribe-found-home-360');
    await page.setViewportSize(DESKTOP);
    await offer.getByRole('button', { name: 'Ja, sæt på pause' }).click();
    await page.getByTestId('unsubscribe-done').waitFor();

    // The profile shows it, with the undo.
    await page.goto(`${HOST}/profile`);
    const notice = page.getByTestId('found-home-notice');
    await notice.getByText('Vi har sat 1 boligagent(er) på pause').waitFor();
    const paused = (await (await fetch(`${baseUrl}/api/boligagents`, { headers: { authorization: `Bearer ${token}` } })).json()) as { agent: { enabled: boolean } };
    expect(paused.agent.enabled).toBe(false);
    await screenshot(page, 'unsubscribe-profile-found-home-1280');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'unsubscribe-profile-found-home-360');
    await notice.getByRole('button', { name: 'Fortryd – jeg søger igen' }).click();
    await page.getByText('Velkommen tilbage: dine boligagenter er aktive igen.').waitFor();
    const mine = (await (await fetch(`${baseUrl}/api/boligagents`, { headers: { authorization: `Bearer ${token}` } })).json()) as { agent: { enabled: boolean } };
    expect(mine.agent.enabled).toBe(true);
    expect((await (await fetch(`${baseUrl}/api/users/me/found-home`, { headers: { authorization: `Bearer ${token}` } })).json()) as { active: boolean }).toMatchObject({ active: false });

    const list = (await (await fetch(`${baseUrl}/api/subscriptions`, { headers: { authorization: `Bearer ${token}` } })).json()) as { subscriptions: { display: string }[] };
    expect(list.subscriptions[0].display).toBe('cancelled-running');
    expect(errors).toEqual([]);
  });

  it('a subscriber on a phone: no dwelling found, a required reason, and the subscription leaves the view', async () => {
    const { token } = await subscriber('Jonas Holm');
    const { page, errors } = await open('/profile/subscription', { token, viewport: PHONE });
    await page.getByTestId('subscription-card').first().getByRole('link', { name: 'Opsig abonnement' }).click();
    await page.getByTestId('unsubscribe-warning').getByRole('button', { name: 'Ja, opsig' }).click();
    const survey = page.getByTestId('unsubscribe-survey');
    await survey.getByRole('button', { name: 'Nej' }).click();
    await survey.getByRole('button', { name: 'Afmeld' }).click();
    await survey.getByText('Skriv venligst en grund.').waitFor();
    await survey.getByLabel('Hvorfor stopper du?').fill('Jeg flytter til udlandet');
    await screenshot(page, 'unsubscribe-reason-360');
    await survey.getByRole('button', { name: 'Afmeld' }).click();
    const done = page.getByTestId('unsubscribe-done');
    await done.waitFor();
    expect(await page.getByTestId('unsubscribe-subscription').count()).toBe(0);
    await screenshot(page, 'unsubscribe-done-360');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'unsubscribe-done-1280');
    expect(errors).toEqual([]);
  });

  it('a visitor from /info/afmelding uses the manual form: fields disabled once sent, optional survey, a receipt', async () => {
    const { page, errors } = await open('/info/afmelding', { viewport: PHONE });
    await page.getByRole('link', { name: 'afmeldingsformularen' }).click();
    await page.waitForURL(`${HOST}/afmelding`);
    const form = page.getByTestId('manual-unsubscribe-form');
    await form.getByRole('button', { name: 'Send afmelding' }).click();
    await form.getByText('Skal udfyldes.').first().waitFor();
    expect(await form.getByText('Skal udfyldes.').count()).toBe(3);
    await screenshot(page, 'unsubscribe-manual-errors-360');
    await form.getByLabel('Email').fill(`besoeg-${randomBytes(3).toString('hex')}@husly.test`);
    await form.getByLabel('Navn').fill('Ole Olsen');
    await form.getByLabel('Telefon').fill('+45 12 34 56 78');
    await form.getByLabel('Ordrenummer').fill('1234');
    await screenshot(page, 'unsubscribe-manual-360');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'unsubscribe-manual-1280');
    await page.setViewportSize(PHONE);
    await form.getByRole('button', { name: 'Send afmelding' }).click();

    const survey = page.getByTestId('unsubscribe-survey');
    await survey.waitFor();
    expect(await form.getByLabel('Email').isDisabled()).toBe(true);
    expect(await form.getByLabel('Navn').isDisabled()).toBe(true);
    await survey.getByRole('button', { name: 'Ja, jeg har fundet en bolig' }).click();
    await survey.getByRole('button', { name: 'Gennem venner eller familie' }).click();

    const receipt = page.getByTestId('manual-unsubscribe-receipt');
    await receipt.waitFor();
    expect(await receipt.textContent()).toContain('Ole Olsen');
    expect(await receipt.textContent()).toContain('Passer oplysningerne til en profil');
    await screenshot(page, 'unsubscribe-receipt-360');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'unsubscribe-receipt-1280');
    expect(errors).toEqual([]);
  });

  it("a matching profile's owner confirms through the mailed link; the link works once", async () => {
    const { token, email } = await subscriber('Sara Berg');
    const { page, errors } = await open('/afmelding', { viewport: DESKTOP });
    const form = page.getByTestId('manual-unsubscribe-form');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Navn').fill('Sara Berg');
    await form.getByLabel('Telefon').fill('20304050');
    await form.getByRole('button', { name: 'Send afmelding' }).click();
    await page.getByTestId('unsubscribe-survey').getByRole('button', { name: 'Spring over' }).click();
    await page.getByTestId('manual-unsubscribe-receipt').waitFor();

    let link = '';
    await expect
      .poll(async () => {
        const files = existsSync(mailDir) ? readdirSync(mailDir).filter((f) => f.endsWith('.eml')) : [];
        for (const f of files) {
          const mail = await simpleParser(readFileSync(join(mailDir, f)));
          const to = Array.isArray(mail.to) ? mail.to : [mail.to];
          const match = /https?:\/\/\S+\/afmelding\/bekraeft\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '');
          if (to.some((a) => a?.text.includes(email)) && match) link = match[0];
        }
        return link;
      })
      .not.toBe('');
    // Still renewing until the link is followed.
    const before = (await (await fetch(`${baseUrl}/api/subscriptions`, { headers: { authorization: `Bearer ${token}` } })).json()) as { subscriptions: { display: string }[] };
    expect(before.subscriptions[0].display).toBe('renewing');

    const path = new URL(link).pathname + new URL(link).search;
    await page.goto(`${HOST}${path}`);
    const confirm = page.getByTestId('unsubscribe-confirm');
    await confirm.getByRole('button', { name: 'Ja, opsig mit abonnement' }).waitFor();
    await screenshot(page, 'unsubscribe-confirm-1280');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'unsubscribe-confirm-360');
    await confirm.getByRole('button', { name: 'Ja, opsig mit abonnement' }).click();
    await confirm.getByText(/Dit abonnement er opsagt/).waitFor();
    const after = (await (await fetch(`${baseUrl}/api/subscriptions`, { headers: { authorization: `Bearer ${token}` } })).json()) as { subscriptions: { display: string }[] };
    expect(after.subscriptions[0].display).toBe('cancelled-running');

    // Once only.
    await page.goto(`${HOST}${path}`);
    await confirm.getByRole('button', { name: 'Ja, opsig mit abonnement' }).click();
    await confirm.getByRole('alert').waitFor();
    await screenshot(page, 'unsubscribe-confirm-used-360');
    expect(errors).toEqual([]);
  });

  it('in English: the warning page and the manual form', async () => {
    const { token } = await subscriber('Emma Lund');
    const { page, errors } = await open('/profile/subscription', { token, host: EN_HOST, viewport: PHONE });
    await page.getByTestId('subscription-card').first().getByRole('link', { name: 'Cancel subscription' }).click();
    await page.getByTestId('unsubscribe-warning').getByRole('heading', { name: 'Important before you cancel' }).waitFor();
    await screenshot(page, 'unsubscribe-warning-en-360');

    const visitor = await open('/afmelding', { host: EN_HOST, viewport: PHONE });
    await visitor.page.getByRole('heading', { name: 'Cancel subscription' }).waitFor();
    await visitor.page.getByTestId('manual-unsubscribe-form').getByRole('button', { name: 'Send cancellation' }).waitFor();
    await screenshot(visitor.page, 'unsubscribe-manual-en-360');
    expect([...errors, ...visitor.errors]).toEqual([]);
  });
});
