import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../../test/scratch-database';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seedOffers, userWithToken } from '../../../test/subscription-fixtures';
import { TestPaymentGateway } from '../gateway/test-payment-gateway';
import { PaymentGateway } from '../gateway/payment-gateway';

// Issue 29: people double-click, open two tabs and retry on slow phones. Each call that changes a
// subscription, sent twice at once or twice in a row, has the effect of one. Against the real database
// through the HTTP layer, with the built-in test provider; subscription-interleavings.e2e-spec.ts runs
// random interleavings against both providers.

let t: TestApp;
// A database of its own: the test provider is one world per database, and a file that moves its clock
// weeks ahead renews every subscription in it (reconcile), which would add charges to these users.
let database: Awaited<ReturnType<typeof createScratchDatabase>>;
beforeAll(async () => {
  database = await createScratchDatabase('husly_double_clicks');
  t = await createTestApp({ env: { DATABASE_URL: database.url } });
  await seedOffers(t.prisma);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await database?.drop();
});

const billing = { name: 'Sofie Søger', email: 'sofie@husly.test', zipcode: '8000', city: 'Aarhus C' };
let cardYear = 0;
/** Number + expiry is the card: a fresh expiry per payment keeps the intro-per-card rule out of the way unless a test wants it. */
const freshExpiry = () => `${String((cardYear % 12) + 1).padStart(2, '0')}/${60 + Math.floor(cardYear++ / 12)}`;

const create = (auth: Record<string, string>, planId = 'tenantad-249kr-30days') => t.request('POST', '/api/subscriptions', { planId, terms: true, billing }, auth);
const confirm = (auth: Record<string, string>, secret: string, expiry = freshExpiry()) =>
  t.request('POST', `/api/subscriptions/test-payments/${secret}/confirm`, { cardNumber: '4242 4242 4242 4242', expiry, cvc: '123' }, auth);

async function buy(auth: Record<string, string>, planId = 'tenantad-249kr-30days') {
  const created = await create(auth, planId);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await confirm(auth, created.body.meta.paymentInfo)).status).toBe(200);
  return created.body.id as string;
}

/** What the user paid and kept: every charge minus what the provider refunded. */
async function kept(userId: number) {
  const refunded = await (t.app.get(PaymentGateway) as TestPaymentGateway).refundedByCharge();
  const charges = await t.prisma.transaction.findMany({ where: { userId } });
  return charges.filter((c) => (refunded.get(c.providerRef ?? '') ?? 0) < c.amount);
}

async function liveAtProvider(userId: number) {
  const rows = await t.prisma.subscription.findMany({ where: { userId, providerSubscriptionId: { not: null } } });
  const live = [];
  for (const row of rows) {
    const g = await t.app.get(PaymentGateway).retrieveSubscription(row.providerSubscriptionId as string);
    if (g && ['active', 'trialing', 'past_due'].includes(g.status)) live.push({ row, g });
  }
  return live;
}

describe('buying', () => {
  it('two purchases of one plan sent at once are one purchase with one client secret: paying both charges once', async () => {
    const { user, auth } = await userWithToken(t);
    const [a, b] = await Promise.all([create(auth), create(auth)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.id).toBe(a.body.id);
    expect(b.body.meta.paymentInfo).toBe(a.body.meta.paymentInfo);
    const paid = await Promise.all([confirm(auth, a.body.meta.paymentInfo), confirm(auth, b.body.meta.paymentInfo)]);
    expect(paid.map((p) => p.status)).toEqual([200, 200]);
    expect(await t.prisma.subscription.count({ where: { userId: user.id } })).toBe(1);
    expect(await kept(user.id)).toHaveLength(1);
    // And in a row: the running subscription refuses a third purchase.
    expect((await create(auth)).body.code).toBe('already-subscribed');
  });

  it('a purchase sent twice in a row is the same purchase; another plan replaces it, and the replaced one can no longer be paid', async () => {
    const { user, auth } = await userWithToken(t);
    const first = await create(auth);
    const again = await create(auth);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.meta.paymentInfo).toBe(first.body.meta.paymentInfo);
    const other = await create(auth, 'tenantad-79kr-14days');
    expect(other.status).toBe(201);
    expect(other.body.id).not.toBe(first.body.id);
    const stale = await confirm(auth, first.body.meta.paymentInfo);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('payment-replaced');
    expect((await confirm(auth, other.body.meta.paymentInfo)).status).toBe(200);
    expect(await kept(user.id)).toHaveLength(1);
    expect(await t.prisma.subscription.count({ where: { userId: user.id, status: 'INCOMPLETE' } })).toBe(0);
  });

  it('ten intros bought and paid at once with ten cards: one intro, one charge kept', async () => {
    const { user, auth } = await userWithToken(t);
    const results = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const created = await create(auth, 'tenantad-intro-7days');
        if (created.status !== 201) return created.status;
        return (await confirm(auth, created.body.meta.paymentInfo)).status;
      }),
    );
    // Every answer is a success or a clear refusal (the intro was just bought), never a 5xx.
    expect(results.every((s) => s === 200 || s === 409), JSON.stringify(results)).toBe(true);
    expect(await kept(user.id)).toHaveLength(1);
    expect(await t.prisma.introClaim.count({ where: { userId: user.id } })).toBe(1);
    expect(await liveAtProvider(user.id)).toHaveLength(1);
  });

  it('a second intro paid by the same user (a waiting row the one-purchase index does not cover) is refused and refunded: the claim keeps one', async () => {
    const { user, auth } = await userWithToken(t);
    const a = await create(auth, 'tenantad-intro-7days');
    // A second purchase waiting for payment, as two processes of an older release could leave behind.
    await t.prisma.subscription.update({ where: { id: a.body.id }, data: { meta: { billing, changedFrom: 'legacy-row' } } });
    const b = await create(auth, 'tenantad-intro-7days');
    expect(b.body.id).not.toBe(a.body.id);
    const paid = await Promise.all([confirm(auth, a.body.meta.paymentInfo), confirm(auth, b.body.meta.paymentInfo)]);
    expect(paid.map((p) => p.status).sort()).toEqual([200, 409]);
    expect(await t.prisma.introClaim.count({ where: { userId: user.id } })).toBe(1);
    expect(paid.find((p) => p.status === 409)?.body.code).toBe('intro-card-used');
    expect(await kept(user.id)).toHaveLength(1);
  });
});

describe('changing a running subscription', () => {
  it('reactivation clicked twice at once, and ten times at once, charges once', async () => {
    for (const clicks of [2, 10]) {
      const { user, auth } = await userWithToken(t);
      const id = await buy(auth);
      expect((await t.request('POST', `/api/subscriptions/${id}/withdraw`, {}, auth)).status).toBe(200);
      const answers = await Promise.all(Array.from({ length: clicks }, () => t.request('GET', `/api/subscriptions/reactivate/${id}?terms=true`, undefined, auth)));
      expect(answers.map((a) => a.status)).toEqual(Array(clicks).fill(200));
      expect(await kept(user.id)).toHaveLength(1);
      expect(await liveAtProvider(user.id)).toHaveLength(1);
      // Every tab sees the same running subscription.
      const running = answers.map((a) => a.body.subscriptions.find((s: { active: boolean }) => s.active)?.id);
      expect(new Set(running).size).toBe(1);
      // Clicked again later: the same answer, nothing charged.
      expect((await t.request('GET', `/api/subscriptions/reactivate/${id}?terms=true`, undefined, auth)).status).toBe(200);
      expect(await kept(user.id)).toHaveLength(1);
    }
  });

  it('a change of plan clicked twice at once, then cancel: no plan stays live or renewing at the provider', async () => {
    const { user, auth } = await userWithToken(t);
    const id = await buy(auth);
    const changes = await Promise.all([0, 1].map(() => t.request('POST', '/api/subscriptions/change', { subscription: id, plan: 'tenantad-79kr-14days' }, auth)));
    expect(changes.map((c) => c.status)).toEqual([200, 200]);
    const next = await t.prisma.subscription.findMany({ where: { userId: user.id, id: { not: id }, status: { notIn: ['CANCELED', 'EXPIRED'] } } });
    expect(next).toHaveLength(1);
    expect((await t.request('DELETE', `/api/subscriptions/${id}`, undefined, auth)).status).toBe(200);
    const live = await liveAtProvider(user.id);
    expect(live.map((l) => l.g.cancelAtPeriodEnd)).toEqual([true]);
    expect(live[0].row.id).toBe(id);
  });

  it('twenty mixed cancel, reactivate and change calls at once leave at most one live next plan, none orphaned', async () => {
    const { user, auth } = await userWithToken(t);
    const id = await buy(auth);
    const calls = Array.from({ length: 20 }, (_, i) =>
      i % 3 === 0
        ? t.request('DELETE', `/api/subscriptions/${id}`, undefined, auth)
        : i % 3 === 1
          ? t.request('GET', `/api/subscriptions/reactivate/${id}`, undefined, auth)
          : t.request('POST', '/api/subscriptions/change', { subscription: id, plan: i % 2 ? 'tenantad-79kr-14days' : 'tenantad-249kr-30days' }, auth),
    );
    const answers = await Promise.all(calls);
    expect(answers.every((a) => a.status < 500), JSON.stringify(answers.map((a) => [a.status, a.body.code]))).toBe(true);
    const live = await liveAtProvider(user.id);
    const running = await t.prisma.subscription.findUniqueOrThrow({ where: { id } });
    const nexts = live.filter((l) => l.row.id !== id);
    expect(nexts.length).toBeLessThanOrEqual(1);
    // A live next plan is the one the running subscription points to; nothing live is orphaned.
    for (const n of nexts) expect(running.nextSubscriptionId).toBe(n.row.id);
    expect(await kept(user.id)).toHaveLength(1);
    // A final cancel leaves nothing that renews.
    expect((await t.request('DELETE', `/api/subscriptions/${id}`, undefined, auth)).status).toBe(200);
    expect((await liveAtProvider(user.id)).filter((l) => !l.g.cancelAtPeriodEnd)).toEqual([]);
  });

  it('ten withdrawals at once refund once, and every answer says what was refunded', async () => {
    const { user, auth } = await userWithToken(t);
    const id = await buy(auth);
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.request('POST', `/api/subscriptions/${id}/withdraw`, {}, auth)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body.refundedOre))).toEqual(new Set([24900]));
    const refunded = await (t.app.get(PaymentGateway) as TestPaymentGateway).refundedByCharge();
    const charge = await t.prisma.transaction.findFirstOrThrow({ where: { userId: user.id } });
    expect(refunded.get(charge.providerRef as string)).toBe(24900);
    expect(await kept(user.id)).toHaveLength(0);
  });

  it('a second tab waits for the first, then sees its result (the lease is the database row, freed after each change)', async () => {
    const { user, auth } = await userWithToken(t);
    await buy(auth);
    expect(await t.prisma.subscriptionLock.count({ where: { userId: user.id } })).toBe(0);
    // A lease left by a process that died mid-change holds only until it expires.
    await t.prisma.subscriptionLock.create({ data: { userId: user.id, holder: '00000000-0000-4000-8000-000000000000', expiresAt: new Date(Date.now() - 1_000) } });
    expect((await t.request('POST', '/api/subscriptions/cancel', {}, auth)).status).toBe(200);
    expect(await t.prisma.subscriptionLock.count({ where: { userId: user.id } })).toBe(0);
  });
});
