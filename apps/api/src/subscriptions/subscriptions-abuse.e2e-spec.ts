import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PAYMENT_CONFIRM_THROTTLE } from '@husly/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { freshCardNumber, seedOffers, userWithToken } from '../../test/subscription-fixtures';
import { JobQueue } from '../infra/queue/job-queue.service';

// Issue 13, abuse: another user's ids, a flood of test payment confirms, and bad input naming its
// field. Against the real database through the HTTP layer, with the built-in test provider.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedOffers(t.prisma);
});
afterAll(() => t.close());

const newUser = () => userWithToken(t);
let cardYear = 0;
/** Number + expiry is the card: a fresh expiry per purchase keeps the intro-per-card rule out of the way. */
const freshExpiry = () => `${String((cardYear % 12) + 1).padStart(2, '0')}/${60 + Math.floor(cardYear++ / 12)}`;
const billing = { name: 'Sofie Søger', email: 'sofie@husly.test', zipcode: '8000', city: 'Aarhus C' };

async function create(auth: Record<string, string>, planId = 'tenantad-249kr-30days') {
  const res = await t.request('POST', '/api/subscriptions', { planId, terms: true, billing }, auth);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id as string, secret: res.body.meta.paymentInfo as string };
}
const confirm = (auth: Record<string, string>, secret: string, cardNumber = freshCardNumber()) =>
  t.request('POST', `/api/subscriptions/test-payments/${secret}/confirm`, { cardNumber, expiry: freshExpiry(), cvc: '123' }, auth);
const graph = (auth: Record<string, string>, query: string, variables: Record<string, unknown>) => t.request('POST', '/api/graph', { query, variables }, auth);

/** Everything a subscription call could change for these users: their subscriptions, receipts and the provider's objects. */
async function snapshot(userIds: number[]) {
  const subscriptions = await t.prisma.subscription.findMany({ where: { userId: { in: userIds } }, orderBy: { id: 'asc' } });
  const providerIds = subscriptions.map((s) => s.providerSubscriptionId).filter((id): id is string => id !== null);
  return {
    subscriptions,
    transactions: await t.prisma.transaction.findMany({ where: { userId: { in: userIds } }, include: { lines: true }, orderBy: { id: 'asc' } }),
    provider: await t.prisma.testPaymentObject.findMany({ where: { id: { in: providerIds } }, orderBy: { id: 'asc' } }),
  };
}

describe("another user's subscription and receipt ids", () => {
  it('answer 404 on every route that takes one, REST and GraphQL, and change nothing', async () => {
    const owner = await newUser();
    // The owner: a paid subscription with its receipt, cancelled (reactivatable), and a purchase it replaced
    // before paying (a user has one purchase waiting for payment at most).
    const pending = await create(owner.auth, 'tenantad-79kr-14days');
    const paid = await create(owner.auth);
    expect((await confirm(owner.auth, paid.secret)).status).toBe(200);
    const receipt = await t.prisma.transaction.findFirstOrThrow({ where: { subscriptionId: paid.id } });
    expect((await t.request('DELETE', `/api/subscriptions/${paid.id}`, undefined, owner.auth)).status).toBe(200);
    // The other user has a running subscription of their own: a route that fell back to "the current one" would touch it.
    const other = await newUser();
    const own = await create(other.auth, 'tenantad-79kr-14days');
    expect((await confirm(other.auth, own.secret)).status).toBe(200);
    await t.app.get(JobQueue).drain();
    const before = await snapshot([owner.user.id, other.user.id]);

    const wrong: string[] = [];
    for (const id of [paid.id, pending.id]) {
      const rest: Array<[string, () => ReturnType<TestApp['request']>]> = [
        [`GET reactivate/${id}`, () => t.request('GET', `/api/subscriptions/reactivate/${id}`, undefined, other.auth)],
        [`DELETE ${id}`, () => t.request('DELETE', `/api/subscriptions/${id}`, undefined, other.auth)],
        [`POST cancel ${id}`, () => t.request('POST', '/api/subscriptions/cancel', { id }, other.auth)],
        [`POST change ${id}`, () => t.request('POST', '/api/subscriptions/change', { subscription: id, plan: 'tenantad-249kr-30days' }, other.auth)],
        [`POST ${id}/withdraw`, () => t.request('POST', `/api/subscriptions/${id}/withdraw`, {}, other.auth)],
      ];
      for (const [name, request] of rest) {
        const res = await request();
        if (res.status !== 404 || res.body.code !== 'not-found') wrong.push(`${name}: ${res.status} ${JSON.stringify(res.body)}`);
      }
      const mutations: Array<[string, string, Record<string, unknown>]> = [
        ['reactivateSubscription', 'mutation($id: ID!) { reactivateSubscription(id: $id) { id } }', { id }],
        ['cancelSubscription', 'mutation($id: ID!) { cancelSubscription(id: $id) { id } }', { id }],
        ['changePlan', 'mutation($s: ID!, $p: String!) { changePlan(subscription: $s, plan: $p) { id } }', { s: id, p: 'tenantad-249kr-30days' }],
      ];
      for (const [name, query, variables] of mutations) {
        const res = await graph(other.auth, query, variables);
        const error = res.body.errors?.[0]?.extensions;
        if (res.body.data?.[name] != null || error?.statusCode !== 404 || error?.code !== 'not-found') wrong.push(`${name} ${id}: ${JSON.stringify(res.body)}`);
      }
    }
    const receiptRes = await t.request('GET', `/api/subscriptions/transactions/${receipt.id}`, undefined, other.auth);
    if (receiptRes.status !== 404 || receiptRes.body.code !== 'not-found') wrong.push(`GET transactions/${receipt.id}: ${receiptRes.status}`);
    const list = await t.request('GET', '/api/subscriptions/transactions', undefined, other.auth);
    if (list.body.transactions.some((r: { id: number }) => r.id === receipt.id)) wrong.push("GET transactions lists the owner's receipt");

    expect(wrong).toEqual([]);
    await t.app.get(JobQueue).drain();
    expect(await snapshot([owner.user.id, other.user.id])).toEqual(before);
    // The owner still can: the 404s were about ownership, not the ids.
    expect((await t.request('GET', `/api/subscriptions/transactions/${receipt.id}`, undefined, owner.auth)).status).toBe(200);
    expect((await t.request('GET', `/api/subscriptions/reactivate/${paid.id}`, undefined, owner.auth)).status).toBe(200);
  });

  it("cannot pay another user's client secret: 404, and the payment stays open", async () => {
    const owner = await newUser();
    const pending = await create(owner.auth);
    const other = await newUser();
    const res = await confirm(other.auth, pending.secret);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not-found');
    expect(await t.prisma.subscription.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({ status: 'INCOMPLETE' });
    expect(await t.prisma.transaction.count({ where: { subscriptionId: pending.id } })).toBe(0);
  });
});

describe('flooding the test payment confirm', () => {
  const { perUser, perSecret, windowMs } = TEST_PAYMENT_CONFIRM_THROTTLE;

  it('guessing cards on one client secret: 429 after perSecret attempts, then even the right card pays nothing', async () => {
    const { auth } = await newUser();
    const pending = await create(auth);
    for (let i = 0; i < perSecret; i++) expect((await confirm(auth, pending.secret, '4000 0000 0000 0002')).status).toBe(402);
    const refused = await confirm(auth, pending.secret);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ statusCode: 429, code: 'too-many-attempts', retryAfterSeconds: expect.any(Number) });
    expect(refused.headers['retry-after']).toBe(String(refused.body.retryAfterSeconds));
    expect(await t.prisma.subscription.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({ status: 'INCOMPLETE' });
    expect(await t.prisma.transaction.count({ where: { subscriptionId: pending.id } })).toBe(0);

    // The bucket is the secret's: the same user's other payment still goes through.
    const second = await create(auth, 'tenantad-79kr-14days');
    expect((await confirm(auth, second.secret)).status).toBe(200);
  });

  it('guessing client secrets: 429 after perUser attempts, also on the user\'s own secret; the window passing lets them in again', async () => {
    const { auth } = await newUser();
    const pending = await create(auth);
    for (let i = 0; i < perUser; i++) {
      const res = await confirm(auth, `tsub_guess${i}_secret_${i}`);
      expect(res.status, `guess ${i}`).toBe(404);
    }
    const refused = await confirm(auth, pending.secret);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too-many-attempts');
    expect(await t.prisma.subscription.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({ status: 'INCOMPLETE' });

    t.clock.set(new Date(Date.now() + windowMs + 60_000));
    try {
      expect((await confirm(auth, pending.secret)).status).toBe(200);
    } finally {
      t.clock.set(new Date());
    }
  });

  it('a malformed attempt is refused before it counts: 400 naming the field, no bucket spent', async () => {
    const { auth } = await newUser();
    const pending = await create(auth);
    for (let i = 0; i < perSecret + perUser; i++) {
      const res = await t.request('POST', `/api/subscriptions/test-payments/${pending.secret}/confirm`, { cardNumber: '4242\u00004242', expiry: '12/40', cvc: '123' }, auth);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field: 'cardNumber', code: 'nul-character' });
    }
    expect((await confirm(auth, pending.secret)).status).toBe(200);
  });
});

describe('bad input names its field, REST and GraphQL alike', () => {
  it('a receipt id beyond int4 is a 400 naming id, not a 500', async () => {
    const { auth } = await newUser();
    for (const id of ['2147483648', '99999999999999999999', '0', '-1', '1e3', 'abc']) {
      const res = await t.request('GET', `/api/subscriptions/transactions/${id}`, undefined, auth);
      expect(res.status, id).toBe(400);
      expect(res.body.field, id).toBe('id');
    }
  });

  it('a NUL in a subscription id: 400 nul-character naming id on REST, the same code in GraphQL', async () => {
    const { auth } = await newUser();
    const rest = await t.request('DELETE', '/api/subscriptions/ab%00c', undefined, auth);
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({ field: 'id', code: 'nul-character' });
    for (const query of ['mutation($id: ID!) { cancelSubscription(id: $id) { id } }', 'mutation($id: ID!) { reactivateSubscription(id: $id) { id } }']) {
      const res = await graph(auth, query, { id: 'ab\u0000c' });
      expect(res.body.errors[0].extensions, query).toMatchObject({ statusCode: 400, code: 'nul-character', field: 'id' });
    }
    const change = await graph(auth, 'mutation($s: ID!, $p: String!) { changePlan(subscription: $s, plan: $p) { id } }', { s: 'not-a-uuid', p: 'x' });
    expect(change.body.errors[0].extensions).toMatchObject({ statusCode: 400, field: 'subscription' });
  });

  it('a client secret with a NUL is a 400 naming clientSecret', async () => {
    const { auth } = await newUser();
    const res = await t.request('POST', '/api/subscriptions/test-payments/x%00y/confirm', { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' }, auth);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'clientSecret', code: 'nul-character' });
  });

  it('providerId is a whole number: true, [5] and "" are refused, not coerced', async () => {
    const { user, auth } = await newUser();
    for (const providerId of [true, [5], '', 2 ** 31]) {
      const res = await t.request('POST', '/api/subscriptions', { planId: 'tenantad-249kr-30days', providerId, terms: true, billing }, auth);
      expect(res.status, JSON.stringify(providerId)).toBe(400);
      expect(res.body.field).toBe('providerId');
    }
    expect(await t.prisma.subscription.count({ where: { userId: user.id } })).toBe(0);
  });
});
