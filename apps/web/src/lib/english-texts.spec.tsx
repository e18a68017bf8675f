import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Offer, OffersResponse, SubscriptionView } from '@husly/contracts';
import { LIMITED_PLAN } from '@husly/domain';
import { AREAS_FIXTURE } from '../test/areas-fixture';
import { startApiServer, type Route } from '../test/api-server';
import { renderApp } from '../test/render-app';
import { sessionUser } from '../test/session-user-fixture';
import { resetSessionStore } from '../features/accounts/session-store';
import { planBenefits, planLabel } from './plan-texts';
import en from '../../public/locales/en/translation.json';

// On en. the offers read in English although the database holds them in Danish (as the seed writes
// them, prisma/seed/offers.ts), and /byer has a natural English heading (issue 36).

type Server = Awaited<ReturnType<typeof startApiServer>>;
const servers: Server[] = [];
afterEach(() => {
  resetSessionStore();
  document.cookie = 'token=; Path=/; Max-Age=0';
});
afterAll(async () => Promise.all(servers.map((s) => s.close())));
beforeAll(async () => {
  await import('../features/subscriptions/pages/subscription-page');
}, 120_000);

const SEED_BENEFITS = ['Se udlejers kontaktoplysninger', 'Se alle billeder og hele beskrivelsen', 'Opret din boligsøgerannonce', 'Opsig når som helst'];
const offer = (o: Partial<Offer>): Offer => ({
  name: 'tenantad-249kr-30days',
  label: 'Boligsøgerannonce',
  amount: 249,
  trialDays: 0,
  price: 249,
  intervalDays: 30,
  oneoff: false,
  recurring: true,
  labels: SEED_BENEFITS,
  intro: false,
  contactLimit: null,
  contactWindowDays: null,
  ...o,
});
const OFFERS: OffersResponse = {
  offers: [offer({}), offer({ name: LIMITED_PLAN.id, label: 'Boligsøgerannonce – begrænset adgang', amount: 79, price: 79, intervalDays: 14, labels: ['Kontakt op til 10 udlejere hver 14. dag', 'Behold din boligsøgerannonce'] })],
  introAvailable: false,
  recommended: 'tenantad-249kr-30days',
};
const ID = '6f1c7a52-2b7e-4b7c-9a53-0a9d1c0b7e11';
const subscription: SubscriptionView = {
  id: ID,
  _id: ID,
  offer: 'tenantad-249kr-30days',
  product: { label: 'Boligsøgerannonce', price: 249 },
  status: 'ACTIVE',
  display: 'renewing',
  startingAt: '2026-11-01T10:00:00.000Z',
  endingAt: '2026-12-01T10:00:00.000Z',
  canceledAt: null,
  renew: true,
  ends: '2026-12-01T10:00:00.000Z',
  active: true,
  paused: false,
  outstanding: false,
  nextSubscription: null,
  canReactivate: true,
  canWithdraw: false,
  meta: { legacyId: null },
  contactUsage: null,
};

async function openInEnglish(path: string, routes: Record<string, Route>) {
  const server = await startApiServer({ 'GET /api/auth/providers': { body: { facebook: false } }, ...routes });
  servers.push(server);
  document.cookie = 'token=t; Path=/';
  return renderApp(path, { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api`, translations: en, host: 'en.localhost:3000', token: 't' });
}

describe('English texts on en.', { timeout: 30_000 }, () => {
  it('the offer splash lists the benefits in English, not the Danish of the database', async () => {
    await openInEnglish('/profile/subscription', {
      'GET /api/users/me': { body: { user: sessionUser({ language: 'en' }) } },
      'GET /api/subscriptions': { body: { subscriber: false, subscriptions: [], showReactivate: false, paymentMode: 'test' } },
      'GET /api/subscriptions/offers': { body: OFFERS },
      'GET /api/subscriptions/transactions': { body: { transactions: [] } },
    });
    const splash = await screen.findByTestId('offer-splash');
    const benefits = within(splash).getAllByRole('listitem').map((li) => li.textContent);
    expect(benefits).toEqual(["See the landlord's contact details", 'See all images and the full description', 'Create your tenant ad', 'Cancel any time']);
    expect(splash.textContent).not.toMatch(/Boligsøgerannonce|udlejers/);
    expect(within(splash).getByText('Tenant ad')).toBeTruthy();
  });

  it("a subscription's product reads in English", async () => {
    await openInEnglish('/profile/subscription', {
      'GET /api/users/me': { body: { user: sessionUser({ language: 'en', subscriber: true }) } },
      'GET /api/subscriptions': { body: { subscriber: true, subscriptions: [subscription], showReactivate: false, paymentMode: 'test' } },
      'GET /api/subscriptions/offers': { body: OFFERS },
      'GET /api/subscriptions/transactions': { body: { transactions: [] } },
    });
    const card = await screen.findByTestId('subscription-card');
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe('Tenant ad');
  });

  it("the profile's subscription row names the plan in English", async () => {
    const summary = { id: ID, plan: LIMITED_PLAN.id, label: 'Boligsøgerannonce – begrænset adgang', status: 'ACTIVE' as const, startingAt: '2026-11-01T10:00:00.000Z', endingAt: '2026-12-01T10:00:00.000Z', renew: true, active: true };
    await openInEnglish('/profile', { 'GET /api/users/me': { body: { user: sessionUser({ language: 'en', subscriber: true, subscriptions: [summary] }) } } });
    expect(await screen.findByText('Tenant ad – limited access')).toBeTruthy();
    expect(screen.queryByText(/begrænset adgang/)).toBeNull();
  });

  it('/byer asks where you want to live, in plain English', async () => {
    await openInEnglish('/byer', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Where do you want to live?' })).toBeTruthy();
  });
});

describe('planLabel and planBenefits', () => {
  const english = 'en' as const;
  const danish = 'da' as const;

  it('word a known plan in the language, with the limited plan\'s numbers from the domain', () => {
    expect(planLabel(english, LIMITED_PLAN.id, 'Boligsøgerannonce – begrænset adgang')).toBe('Tenant ad – limited access');
    expect(planBenefits(english, LIMITED_PLAN.id, [])).toEqual([`Contact up to ${LIMITED_PLAN.maxLandlordContacts} landlords every ${LIMITED_PLAN.periodDays} days`, 'Keep your tenant ad']);
    expect(planBenefits(danish, LIMITED_PLAN.id, [])).toEqual(['Kontakt op til 10 udlejere hver 14. dag', 'Behold din boligsøgerannonce']);
    expect(planLabel(danish, 'tenantad-intro-7days', 'x')).toBe('Boligsøgerannonce – introtilbud');
  });

  it("keep the server's text for a plan the catalogue does not name", () => {
    expect(planLabel(english, 'tenantad-new-plan', 'Ny plan')).toBe('Ny plan');
    expect(planLabel(english, 'plans.x', 'Ny plan')).toBe('Ny plan');
    expect(planLabel(english, null, 'Ny plan')).toBe('Ny plan');
    expect(planBenefits(english, 'tenantad-new-plan', ['Noget'])).toEqual(['Noget']);
  });
});
