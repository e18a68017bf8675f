import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contactLimitErrorSchema, subscriptionsResponseSchema } from '@husly/contracts';
import { CONTACT_LIMIT_MESSAGES } from '@husly/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCity, createDwelling, subscribe } from '../../test/factories';
import { seedOffers, userWithToken } from '../../test/subscription-fixtures';
import { JobQueue } from '../infra/queue/job-queue.service';
import { SubscriptionReconcileService } from '../subscriptions/subscription-reconcile.service';

// The limited plan's landlord count (issue 36, docs/decisions/0049): per period of the limited
// subscription, reset at its renewal, stated with the count and the date in the refusal and on the
// subscription page. Purchases, renewals and changes of plan go through the real API and test provider.

const DAY = 86_400_000;
const LIMITED = 'tenantad-79kr-14days';
const UNLIMITED = 'tenantad-249kr-30days';
let t: TestApp;
let cardYear = 0;
beforeAll(async () => {
  // Its own database: its reconcile runs weeks ahead and would renew other files' subscriptions.
  t = await createTestApp({ ownDatabase: true });
  await seedOffers(t.prisma);
});
afterAll(() => t.close());
afterEach(() => t.clock.set(new Date()));

type Auth = Record<string, string>;
type Dwelling = Awaited<ReturnType<typeof createDwelling>>;

/** Dwellings of `n` different landlords. */
async function dwellingsOfLandlords(n: number): Promise<Dwelling[]> {
  const city = await createCity(t.prisma);
  const dwellings: Dwelling[] = [];
  for (let i = 0; i < n; i++) dwellings.push(await createDwelling(t.prisma, { cityId: city.id, images: 0 }));
  return dwellings;
}
const contact = (auth: Auth, d: Dwelling, headers: Record<string, string> = {}) => t.request('GET', `/api/dwellings/${d.id}/agent`, undefined, { ...auth, ...headers });

async function buy(auth: Auth, planId: string) {
  const billing = { name: 'Sofie Søger', email: 'sofie@husly.test', address: 'Nørregade 2', zipcode: '8000', city: 'Aarhus C' };
  const created = await t.request('POST', '/api/subscriptions', { planId, terms: true, billing }, auth);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const expiry = `${String((cardYear % 12) + 1).padStart(2, '0')}/${50 + Math.floor(cardYear++ / 12)}`;
  const confirm = await t.request('POST', `/api/subscriptions/test-payments/${created.body.meta.paymentInfo}/confirm`, { cardNumber: '4242 4242 4242 4242', expiry, cvc: '123' }, auth);
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  return t.prisma.subscription.findUniqueOrThrow({ where: { id: created.body.id as string } });
}
/** Time passes to `at`: the provider renews what is due and the sync records it, as in production. */
async function reconcileAt(at: Date) {
  t.clock.set(at);
  await t.app.get(SubscriptionReconcileService).run();
  await t.app.get(JobQueue).drain();
}
async function usageOf(auth: Auth) {
  const list = subscriptionsResponseSchema.parse((await t.request('GET', '/api/subscriptions', undefined, auth)).body);
  return list.subscriptions.find((s) => s.active)?.contactUsage;
}

describe('the limited plan counts landlords per period (issue 36)', () => {
  it('allows 10 different landlords a period, repeats free; the 11th is refused with the count and the renewal date; the renewal resets the count', async () => {
    const start = new Date();
    t.clock.set(start);
    const { user, auth } = await userWithToken(t);
    const sub = await buy(auth, LIMITED);
    const renewal = sub.endingAt!;
    expect(renewal.getTime() - start.getTime()).toBe(14 * DAY);
    const dwellings = await dwellingsOfLandlords(12);

    for (let i = 0; i < 10; i++) {
      expect((await contact(auth, dwellings[i])).status, `landlord ${i + 1}`).toBe(200);
      t.clock.advance(DAY / 2);
    }
    // A landlord already counted is never refused, also through another dwelling of theirs.
    expect((await contact(auth, dwellings[3])).status).toBe(200);
    const sameLandlord = await createDwelling(t.prisma, { cityId: dwellings[0].cityId, landlordId: dwellings[0].landlordId, images: 0 });
    expect((await contact(auth, sameLandlord)).status).toBe(200);
    expect(await usageOf(auth)).toEqual({ used: 10, limit: 10, resetsAt: renewal.toISOString() });

    // Day 5: the 11th different landlord is refused, saying how many, until when, in the site's language.
    const eleventh = await contact(auth, dwellings[10]);
    expect(eleventh.status).toBe(403);
    expect(contactLimitErrorSchema.parse(eleventh.body)).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      code: 'contact-limit-reached',
      limit: 10,
      used: 10,
      windowDays: 14,
      retryAt: renewal.toISOString(),
      message: CONTACT_LIMIT_MESSAGES.da.limitReached(10, 10, renewal),
    });
    expect(eleventh.body.message).toMatch(/^Du har kontaktet 10 af 10 udlejere i denne periode\. Tallet nulstilles \d\d\/\d\d\/\d{4}\./);
    expect(eleventh.text).not.toContain(dwellings[10].landlord.email!);
    const english = await contact(auth, dwellings[10], { host: 'en.localhost' });
    expect(english.status).toBe(403);
    expect(english.body.message).toBe(CONTACT_LIMIT_MESSAGES.en.limitReached(10, 10, renewal));
    expect(english.body.message).toMatch(/^You have contacted 10 of 10 landlords this period\./);
    // Refusals record nothing: the 10 first fetches and the 2 repeats.
    expect(await t.prisma.contactFetch.count({ where: { userId: user.id } })).toBe(12);

    // Still refused at the last moment of the period, unlike a rolling window the count does not thin out.
    t.clock.set(new Date(renewal.getTime() - 1000));
    expect((await contact(auth, dwellings[10])).status).toBe(403);

    // The renewal (charged by the provider, recorded by the sync) starts a new period at 0.
    await reconcileAt(new Date(renewal.getTime() + 60_000));
    const renewed = await t.prisma.subscription.findUniqueOrThrow({ where: { id: sub.id } });
    expect(renewed.endingAt).toEqual(new Date(renewal.getTime() + 14 * DAY));
    expect(await usageOf(auth)).toEqual({ used: 0, limit: 10, resetsAt: renewed.endingAt!.toISOString() });
    expect((await contact(auth, dwellings[10])).status).toBe(200);
    // A landlord of the last period counts again in this one.
    expect((await contact(auth, dwellings[0])).status).toBe(200);
    expect(await usageOf(auth)).toEqual({ used: 2, limit: 10, resetsAt: renewed.endingAt!.toISOString() });
  });

  it('a switch from the unlimited plan: contacts made on it do not count on the limited plan', async () => {
    const start = new Date();
    t.clock.set(start);
    const { auth } = await userWithToken(t);
    const unlimited = await buy(auth, UNLIMITED);
    const switchAt = unlimited.endingAt!;
    const dwellings = await dwellingsOfLandlords(15);
    const changed = await t.request('POST', '/api/subscriptions/change', { plan: LIMITED }, auth);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // The unlimited plan runs to its end, uncounted: five landlords on its last day.
    expect(changed.body.subscriptions[0]).toMatchObject({ offer: UNLIMITED, contactUsage: null });
    t.clock.set(new Date(switchAt.getTime() - DAY));
    for (let i = 10; i < 15; i++) expect((await contact(auth, dwellings[i])).status).toBe(200);
    expect(await usageOf(auth)).toBeNull();

    await reconcileAt(new Date(switchAt.getTime() + 60_000));
    const limited = await t.prisma.subscription.findFirstOrThrow({ where: { userId: unlimited.userId, offer: { name: LIMITED } } });
    expect(limited.startingAt).toEqual(switchAt);
    expect(await usageOf(auth)).toEqual({ used: 0, limit: 10, resetsAt: limited.endingAt!.toISOString() });

    // Ten new landlords fit although five were contacted the day before; one of those five is a new one now.
    for (let i = 0; i < 10; i++) expect((await contact(auth, dwellings[i])).status, `landlord ${i + 1}`).toBe(200);
    const refused = await contact(auth, dwellings[10]);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ used: 10, retryAt: limited.endingAt!.toISOString() });
  });

  it('two tabs at 9 of 10 contacting two new landlords at once: exactly one gets a contact', async () => {
    const { user, auth } = await userWithToken(t);
    await subscribe(t.prisma, user.id, LIMITED, t.clock.now());
    const dwellings = await dwellingsOfLandlords(12);
    for (let i = 0; i < 9; i++) expect((await contact(auth, dwellings[i])).status).toBe(200);

    const both = await Promise.all([contact(auth, dwellings[9]), contact(auth, dwellings[10])]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(both.find((r) => r.status === 403)!.body).toMatchObject({ code: 'contact-limit-reached', used: 10 });
    expect(await t.prisma.contactFetch.count({ where: { userId: user.id } })).toBe(10);
    expect((await usageOf(auth))?.used).toBe(10);

    // The same counted landlord twice at once at 10 of 10: both get it, nothing counts twice.
    const winner = both[0].status === 200 ? dwellings[9] : dwellings[10];
    const again = await Promise.all([contact(auth, winner), contact(auth, winner)]);
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    expect((await usageOf(auth))?.used).toBe(10);
  });

  it('the subscription view has no count on the unlimited plan, nor on an ended limited one', async () => {
    const { user, auth } = await userWithToken(t);
    await subscribe(t.prisma, user.id, UNLIMITED, t.clock.now());
    const [d] = await dwellingsOfLandlords(1);
    expect((await contact(auth, d)).status).toBe(200);
    const list = subscriptionsResponseSchema.parse((await t.request('GET', '/api/subscriptions', undefined, auth)).body);
    expect(list.subscriptions.map((s) => s.contactUsage)).toEqual([null]);

    const other = await userWithToken(t);
    const ended = await subscribe(t.prisma, other.user.id, LIMITED, new Date(t.clock.now().getTime() - 30 * DAY));
    expect(ended.endingAt!.getTime()).toBeLessThan(t.clock.now().getTime());
    const view = subscriptionsResponseSchema.parse((await t.request('GET', '/api/subscriptions', undefined, other.auth)).body);
    expect(view.subscriptions).toHaveLength(1);
    expect(view.subscriptions[0]).toMatchObject({ active: false, contactUsage: null });
  });
});
