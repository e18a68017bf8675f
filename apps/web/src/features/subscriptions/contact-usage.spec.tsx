import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Offer, OffersResponse, SubscriptionsResponse, SubscriptionView } from '@husly/contracts';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { startApiServer, type Route } from '../../test/api-server';
import { clickTwice } from '../../test/press-twice';
import { renderApp } from '../../test/render-app';
import { sessionUser } from '../../test/session-user-fixture';
import { resetSessionStore } from '../accounts/session-store';
import da from '../../../public/locales/da/translation.json';
import en from '../../../public/locales/en/translation.json';

// The limited plan's count on /profile/subscription (issue 36): "3 af 10 udlejere brugt, nulstilles
// {date}" in both languages, and the way up to unlimited access through the change-of-plan dialog.
// Against a real local HTTP server (REST and POST /api/graph); cases capped at 30 s, not timed.

type Server = Awaited<ReturnType<typeof startApiServer>>;
const servers: Server[] = [];
afterEach(() => {
  resetSessionStore();
  document.cookie = 'token=; Path=/; Max-Age=0';
});
afterAll(async () => Promise.all(servers.map((s) => s.close())));
beforeAll(async () => {
  await import('./pages/subscription-page');
}, 120_000);

const offer = (o: Partial<Offer>): Offer => ({
  name: 'tenantad-249kr-30days',
  label: 'Boligsøgerannonce',
  amount: 249,
  trialDays: 0,
  price: 249,
  intervalDays: 30,
  oneoff: false,
  recurring: true,
  labels: [],
  intro: false,
  contactLimit: null,
  contactWindowDays: null,
  ...o,
});
const OFFERS: OffersResponse = {
  offers: [
    offer({ name: 'tenantad-intro-7days', amount: 19, trialDays: 7, intro: true }),
    offer({}),
    offer({ name: 'tenantad-79kr-14days', label: 'Boligsøgerannonce – begrænset adgang', amount: 79, price: 79, intervalDays: 14, contactLimit: 10, contactWindowDays: 14 }),
  ],
  introAvailable: false,
  recommended: 'tenantad-249kr-30days',
};
const ID = '6f1c7a52-2b7e-4b7c-9a53-0a9d1c0b7e11';
// 23:30 UTC on 11 Dec is 12 Dec in Copenhagen: the page's dates are Danish days.
const RESETS = '2026-12-11T23:30:00.000Z';
const limited = (s: Partial<SubscriptionView> = {}): SubscriptionView => ({
  id: ID,
  _id: ID,
  offer: 'tenantad-79kr-14days',
  product: { label: 'Boligsøgerannonce – begrænset adgang', price: 79 },
  status: 'ACTIVE',
  display: 'renewing',
  startingAt: '2026-11-27T23:30:00.000Z',
  endingAt: RESETS,
  canceledAt: null,
  renew: true,
  ends: RESETS,
  active: true,
  paused: false,
  outstanding: false,
  nextSubscription: null,
  canReactivate: true,
  canWithdraw: false,
  meta: { legacyId: null },
  contactUsage: { used: 3, limit: 10, resetsAt: RESETS },
  ...s,
});
const list = (subscriptions: SubscriptionView[]): SubscriptionsResponse => ({ subscriber: true, subscriptions, showReactivate: false, paymentMode: 'test' });
const TEST_PROVIDER: Route = { body: { data: { provider: { __typename: 'PaymentProvider', id: '1', provider: 'test', publicKey: 'test' } } } };

async function open(language: 'da' | 'en', subscriptions: Route | Route[], graph: Route[] = [TEST_PROVIDER]) {
  const server = await startApiServer({
    'GET /api/auth/providers': { body: { facebook: false } },
    'GET /api/users/me': { body: { user: sessionUser({ language, subscriber: true }) } },
    'GET /api/subscriptions': subscriptions,
    'GET /api/subscriptions/offers': { body: OFFERS },
    'GET /api/subscriptions/transactions': { body: { transactions: [] } },
    'POST /api/graph': graph,
  });
  servers.push(server);
  document.cookie = 'token=t; Path=/';
  const rendered = renderApp('/profile/subscription', {
    areas: AREAS_FIXTURE,
    apiBaseUrl: `${server.origin}/api`,
    translations: language === 'en' ? en : da,
    host: language === 'en' ? 'en.localhost:3000' : 'localhost:3000',
    token: 't',
  });
  return { server, ...rendered };
}
const graphBodies = (server: Server) => server.requests.filter((r) => r.url === '/api/graph').map((r) => JSON.parse(r.body) as { operationName: string; variables: Record<string, unknown> });

describe('/profile/subscription: the limited plan’s landlord count', { timeout: 30_000 }, () => {
  it('Danish: "3 af 10 udlejere brugt, nulstilles 12/12/2026" with the way to unlimited access', async () => {
    await open('da', { body: list([limited()]) });
    const usage = await screen.findByTestId('contact-usage');
    expect(within(usage).getByText('3 af 10 udlejere brugt, nulstilles 12/12/2026')).toBeTruthy();
    expect(within(usage).getByRole('button', { name: 'Skift til ubegrænset adgang' })).toBeTruthy();
  });

  it('English: the count, then the switch up confirmed in the change-of-plan dialog and sent once when pressed twice', async () => {
    // Held in a variable, not written inline: the next plan's fields may grow (its plan id) without this case changing.
    const next = { id: 'next-1', offer: 'tenantad-249kr-30days', renew: true, product: { label: 'Boligsøgerannonce', price: 249 }, startingAt: RESETS, endingAt: '2027-01-10T23:30:00.000Z' };
    const switched = limited({ renew: false, display: 'switching', nextSubscription: next });
    const { server, requestsAnswered } = await open('en', [{ body: list([limited()]) }, { body: list([switched]) }], [TEST_PROVIDER, { body: { data: { changePlan: { id: ID } } } }]);
    const usage = await screen.findByTestId('contact-usage');
    expect(within(usage).getByText('3 of 10 landlords used, resets 12/12/2026')).toBeTruthy();
    fireEvent.click(within(usage).getByRole('button', { name: 'Switch to unlimited access' }));
    const dialog = await screen.findByTestId('switch-dialog');
    // The dialog says when the unlimited plan starts and is charged: when the running period ends.
    expect(within(dialog).getByTestId('switch-first-charge').textContent).toContain('12/12/2026');
    expect(within(dialog).queryByTestId('switch-limit')).toBeNull();
    clickTwice(within(dialog).getByRole('button', { name: 'Yes, switch to 249 kr.' }));
    await waitFor(() => expect(screen.queryByTestId('switch-dialog')).toBeNull());
    await requestsAnswered();
    expect(graphBodies(server).filter((b) => b.operationName === 'ChangePlan').map((b) => b.variables)).toEqual([{ subscription: ID, plan: 'tenantad-249kr-30days' }]);
    // Switching already: the count stays, the offer goes.
    await waitFor(() => expect(within(screen.getByTestId('contact-usage')).queryByRole('button')).toBeNull());
    expect(screen.getByTestId('contact-usage').textContent).toBe('3 of 10 landlords used, resets 12/12/2026');
  });

  it('a cancelled limited plan says the period ends, without an upgrade', async () => {
    await open('da', { body: list([limited({ display: 'cancelled-running', renew: false, canceledAt: '2026-12-01T10:00:00.000Z', contactUsage: { used: 10, limit: 10, resetsAt: RESETS } })]) });
    const usage = await screen.findByTestId('contact-usage');
    expect(usage.textContent).toBe('10 af 10 udlejere brugt i perioden, der slutter 12/12/2026');
    expect(within(usage).queryByRole('button')).toBeNull();
  });

  it('an unlimited plan shows no count', async () => {
    await open('en', { body: list([limited({ offer: 'tenantad-249kr-30days', product: { label: 'Boligsøgerannonce', price: 249 }, contactUsage: null })]) });
    await screen.findByTestId('subscription-card');
    expect(screen.queryByTestId('contact-usage')).toBeNull();
  });
});
