import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { PHONE, launchBrowser, screenshot } from './support/browser';
import { openPage } from './support/open-page';
import { signUpThroughApi } from './support/accounts';
import { mailIn, verifyLinkOf } from './support/outbox';
import { thisWorkersPortal } from './support/portal';

const { baseUrl, mailDir } = thisWorkersPortal();

const mailTo = (to: string) => mailIn(mailDir, to);

describe('boligagent in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(() => browser.close());

  it('a visitor creates an agent from the city page modal, verifies it from the mail and unsubscribes from the mail link', async () => {
    const email = `e2e-${randomBytes(4).toString('hex')}@husly.test`;
    // On a phone a slim bar comes after a few seconds (not a sheet over half the screen); tapping it
    // opens the dialog. A wrong address gets the spec's message.
    const { page, errors } = await openPage(browser, `${baseUrl}/aarhus`, { viewport: PHONE });
    const bar = page.getByTestId('boligagent-prompt');
    await bar.waitFor({ timeout: 30_000 });
    await screenshot(page, 'boligagent-prompt-phone', { fullPage: false });
    const box = await bar.boundingBox();
    // At most a tenth of the screen (the sheet it replaces covered 45 %).
    expect(box!.height).toBeLessThanOrEqual(PHONE.height / 10);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await bar.getByRole('button', { name: 'Få nye boliger i Aarhus på mail' }).click();
    const modal = page.getByRole('dialog');
    await modal.waitFor();
    await modal.getByRole('heading', { name: 'Få nye boliger i Aarhus på mail' }).waitFor();
    await modal.getByLabel('Din email').fill('ikke-en-mail');
    await modal.getByRole('button', { name: 'Opret BoligAgent' }).click();
    await modal.getByText('Indtast venligst en gyldig email').waitFor();
    await modal.getByLabel('Din email').fill(email);
    // The viewport, not the whole (long) city page: the modal is what this picture is about.
    await screenshot(page, 'boligagent-modal-phone', { fullPage: false });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await modal.getByRole('button', { name: 'Opret BoligAgent' }).click();
    await modal.getByText('Tjek din indbakke!').waitFor();
    // Closes by itself 5 s after success, and does not come back in this page session.
    // An upper bound only: on a loaded machine the browser's 5 s timer fires late.
    await modal.waitFor({ state: 'detached', timeout: 30_000 });
    await page.reload({ waitUntil: 'networkidle' });
    await page.waitForTimeout(10_000);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByTestId('boligagent-prompt').count()).toBe(0);

    // The verification mail's link: "Henter din BoligAgent..." then the agent.
    const mail = await mailTo(email);
    expect(mail.subject).toBe('Bekræft din BoligAgent');
    const verifyUrl = verifyLinkOf(mail);
    await page.goto(verifyUrl);
    await page.getByText('Tak! Din BoligAgent er bekræftet').waitFor();
    const panel = page.getByTestId('boligagent-panel');
    await panel.getByText('Aarhus').waitFor();
    await panel.getByText(`Mails sendes til ${email}`).waitFor();
    await screenshot(page, 'boligagent-verified-phone');

    // Unsubscribing from the mail's List-Unsubscribe link: the page asks, the button stops the agent.
    const unsubscribeUrl = /<(http[^>]+\/api\/boligagents\/unsubscribe\/[^>]+)>/.exec(
      mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '',
    )?.[1] as string;
    expect(unsubscribeUrl).toBeTruthy();
    await page.goto(unsubscribeUrl);
    await page.getByRole('heading', { name: 'Afmeld BoligAgent' }).waitFor();
    await screenshot(page, 'boligagent-unsubscribe-phone');
    await page.getByRole('button', { name: 'Ja, afmeld' }).click();
    await page.getByText('Du er afmeldt.').waitFor();
    // The List-Unsubscribe token only unsubscribes; the agent is read with the management token.
    const unsubscribeToken = new URL(unsubscribeUrl).pathname.split('/').pop() as string;
    expect((await fetch(`${baseUrl}/api/boligagents/${unsubscribeToken}`)).status).toBe(404);
    const token = new URL(verifyUrl).searchParams.get('token') as string;
    const agent = (await (await fetch(`${baseUrl}/api/boligagents/${token}`)).json()) as { enabled: boolean };
    expect(agent.enabled).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the modal on desktop closes with ×; an unknown token shows the not-found messages', async () => {
    // The offer opens 4 s after the page: the page's clock is moved past them rather than waited on,
    // so a loaded machine's slow page does not eat the wait for the dialog itself.
    const { page } = await openPage(browser, `${baseUrl}/odense`, { beforeGoto: (p) => p.clock.install() });
    await page.clock.fastForward(4_000);
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: 'Få nye boliger i Odense på mail' }).waitFor();
    await screenshot(page, 'boligagent-modal-desktop', { fullPage: false });
    await modal.getByRole('button', { name: 'Luk' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.goto(`${baseUrl}/boligagent/findes-ikke`);
    await page.getByText('Vi kunne ikke finde din BoligAgent. Sørg for at skrive hele adressen.').waitFor();
    await page.goto(`${baseUrl}/boligagent/verify?token=findes-ikke`);
    await page.getByText('Vi kunne ikke genkende dit bekræftelseslink.', { exact: false }).waitFor();
    await screenshot(page, 'boligagent-not-found-desktop');
    await page.close();
  });

  it('the search page blocks take an email with the search as prefs', async () => {
    const { page } = await openPage(browser, `${baseUrl}/search?q=aarhus&rent=7000&rooms=2`, { viewport: PHONE });
    const block = page.getByTestId('boligagent-block-above');
    await block.getByText('Få nye boliger i Aarhus på mail').waitFor();
    const email = `e2e-block-${randomBytes(4).toString('hex')}@husly.test`;
    await block.getByLabel('Din email').fill(email);
    await block.getByRole('button', { name: 'Opret BoligAgent' }).click();
    await block.getByText('Tjek din indbakke!').waitFor();
    await screenshot(block, 'boligagent-search-block-phone');
    expect((await mailTo(email)).subject).toBe('Bekræft din BoligAgent');
    await page.close();
  });

  it('the profile BoligAgent tab: the table, delete a row, auto-adjust and delete all', async () => {
    const email = `e2e-profile-${randomBytes(4).toString('hex')}@husly.test`;
    const { token } = await signUpThroughApi(baseUrl, { email, name: 'Bo Agentsen', password: 'agent-kode', ip: '203.0.113.91' });
    const bearer = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const res = await fetch(`${baseUrl}/api/boligagents`, { method: 'POST', headers: bearer, body: JSON.stringify({ prefs: [{ area: 'aarhus', rent: 7000, rooms: 2 }, { area: 'odense', size: 60 }] }) });
    expect(res.status).toBe(201);
    const { page } = await openPage(browser, `${baseUrl}/profile/boligagent`, { cookies: { token } });
    const panel = page.getByTestId('boligagent-panel');
    await panel.getByText('max 8.000 kr.').waitFor();
    expect(await panel.getByTestId('boligagent-pref').count()).toBe(2);
    await panel.getByRole('button', { name: 'Slet', exact: true }).last().click();
    await panel.getByText('Gemt.').waitFor();
    expect(await panel.getByTestId('boligagent-pref').count()).toBe(1);
    // Controlled by the saved agent: it turns checked when the API has stored it.
    const autoAdjust = panel.getByLabel('Tilpas automatisk min BoligAgent efter mine søgninger');
    await autoAdjust.click();
    await expect.poll(() => autoAdjust.isChecked()).toBe(true);
    await expect.poll(async () => ((await (await fetch(`${baseUrl}/api/boligagents`, { headers: bearer })).json()) as { agent: { autoAdjust: boolean } }).agent.autoAdjust).toBe(true);
    await screenshot(page, 'boligagent-profile-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'boligagent-profile-phone');
    page.once('dialog', (dialog) => void dialog.accept());
    await panel.getByRole('button', { name: 'Slet alle' }).click();
    await page.getByText('Du har ingen BoligAgent endnu.', { exact: false }).waitFor();
    await expect.poll(async () => ((await (await fetch(`${baseUrl}/api/boligagents`, { headers: bearer })).json()) as { agent: unknown }).agent).toBeNull();
    await page.close();
  });
});
