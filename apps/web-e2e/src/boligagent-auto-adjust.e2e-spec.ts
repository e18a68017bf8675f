import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, gotoInteractive } from './support/browser';
import { openPage } from './support/open-page';
import { signUpThroughApi } from './support/accounts';
import { thisWorkersPortal } from './support/portal';

const { baseUrl } = thisWorkersPortal();

interface Pref {
  area: string;
  rent: number | null;
  rooms: number | null;
  size: number | null;
}

/** The answer of the adjust call the page makes, caught in the browser. */
function adjustAnswer(page: Page) {
  return page
    .waitForResponse((r) => r.url() === `${baseUrl}/api/boligagents/adjust` && r.request().method() === 'POST')
    .then(async (r) => ({ status: r.status(), request: r.request().postDataJSON() as unknown, body: (await r.json()) as { adjusted: boolean } }));
}

describe('boligagent auto-adjust in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(() => browser.close());

  it('a logged-in user with autoAdjust searches a watched city more widely: the agent widens, a narrower search leaves it', async () => {
    const email = `e2e-adjust-${randomBytes(4).toString('hex')}@husly.test`;
    const { token, user } = await signUpThroughApi(baseUrl, { email, name: 'Ada Justesen', password: 'agent-kode', ip: '203.0.113.92' });
    const bearer = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const agentCreated = await fetch(`${baseUrl}/api/boligagents`, { method: 'POST', headers: bearer, body: JSON.stringify({ prefs: [{ area: 'aarhus', rent: 6000, rooms: 3, size: 70 }] }) });
    expect(agentCreated.status).toBe(201);
    const settings = await fetch(`${baseUrl}/api/boligagents/settings`, { method: 'POST', headers: bearer, body: JSON.stringify({ autoAdjust: true }) });
    expect(settings.status).toBe(200);
    const prefs = async () => ((await (await fetch(`${baseUrl}/api/boligagents`, { headers: bearer })).json()) as { agent: { prefs: Pref[] } }).agent.prefs;
    expect(await prefs()).toMatchObject([{ area: 'aarhus', rent: 6000, rooms: 3, size: 70 }]);

    // The front page's hero search, as a person uses it: the sliders under "Flere filtre", then the
    // city, whose suggestion runs the search with them (issue 15).
    const { page, errors } = await openPage(browser, `${baseUrl}/`, { cookies: { token } });
    const hero = page.getByRole('main').getByRole('search');
    await hero.getByRole('button', { name: 'Flere filtre' }).click();
    await hero.getByLabel('Maks. husleje').fill('8000');
    await hero.getByLabel('Min. antal værelser').fill('2');
    await hero.getByLabel('Min. størrelse').fill('60');
    const widened = adjustAnswer(page);
    await hero.getByRole('combobox', { name: 'Hvor vil du bo?' }).fill('aarh');
    await page.getByRole('option', { name: 'Aarhus' }).click();
    await page.waitForURL(`${baseUrl}/search?q=Aarhus&rent=8000&rooms=2&size=60`);
    await page.getByRole('heading', { level: 1, name: 'Lejeboliger i Aarhus' }).waitFor();
    const first = await widened;
    expect(first.request).toEqual({ area: 'aarhus', current: { rent: 8000, rooms: 2, size: 60 }, user: user.id });
    expect(first).toMatchObject({ status: 200, body: { adjusted: true } });
    // Rent takes the max, rooms and size the min.
    expect(await prefs()).toMatchObject([{ area: 'aarhus', rent: 8000, rooms: 2, size: 60 }]);

    // A narrower search of the same city is sent too, and the API keeps the wider agent.
    const narrower = adjustAnswer(page);
    await page.goto(`${baseUrl}/search?q=aarhus&rent=5000&rooms=4&size=80`);
    expect(await narrower).toMatchObject({ status: 200, body: { adjusted: false } });
    expect(await prefs()).toMatchObject([{ area: 'aarhus', rent: 8000, rooms: 2, size: 60 }]);

    // The profile tab shows the widened agent.
    await gotoInteractive(page, `${baseUrl}/profile/boligagent`);
    const panel = page.getByTestId('boligagent-panel');
    await panel.getByText('max 8.000 kr.').waitFor();
    await panel.getByText('min. 2', { exact: true }).waitFor();
    await panel.getByText('min. 60 m²').waitFor();
    expect(await panel.getByLabel('Tilpas automatisk min BoligAgent efter mine søgninger').isChecked()).toBe(true);
    await screenshot(page, 'boligagent-auto-adjust-profile-desktop');
    expect(errors).toEqual([]);
    await page.close();
  });
});
