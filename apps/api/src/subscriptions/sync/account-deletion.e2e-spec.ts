import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { StripeFake } from '../../../test/stripe-fake';
import { freshCardNumber, seedOffers, userWithToken } from '../../../test/subscription-fixtures';
import { UserDataService } from '../../accounts/profile/user-data.service';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { JOBS } from '../../infra/queue/jobs';
import { PaymentGateway } from '../gateway/payment-gateway';
import { SubscriptionReconcileService } from '../subscription-reconcile.service';

// Issue 13: deleting an account stops its subscriptions at the payment provider, not only in our rows.
const DAY = 86_400_000;
const billing = { name: 'Sofie Søger', email: 'sofie@husly.test', address: 'Nørregade 2', zipcode: '8000', city: 'Aarhus C' };

const newUser = userWithToken;

async function deleteAccount(t: TestApp, auth: Record<string, string>) {
  const res = await t.request('DELETE', '/api/users/me', undefined, auth);
  expect(res.status).toBe(204);
}

/** The state a deletion leaves in our database when the process dies before its job runs (or the job gives up). */
async function deletedWithoutJob(t: TestApp, userId: number) {
  await t.prisma.$transaction([
    t.prisma.subscription.updateMany({ where: { userId, renew: true }, data: { renew: false, canceledAt: t.clock.now() } }),
    t.prisma.user.update({ where: { id: userId }, data: { email: null, passwordHash: null, deletedAt: t.clock.now() } }),
  ]);
}

describe('account deletion with Stripe (SDK against the local stand-in)', () => {
  const fake = new StripeFake();
  let t: TestApp;

  beforeAll(async () => {
    const url = await fake.start();
    t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_husly', STRIPE_PUBLISHABLE_KEY: 'pk_test_husly', STRIPE_WEBHOOK_SECRET: 'whsec_husly_test_secret', STRIPE_API_BASE: url } });
    await seedOffers(t.prisma);
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  /** A paid, running Stripe subscription (the browser's payment done at the stand-in, then read back). */
  async function subscribed(planId = 'tenantad-249kr-30days') {
    const { user, auth } = await newUser(t);
    const created = await t.request('POST', '/api/subscriptions', { planId, terms: true, billing }, auth);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const row = await t.prisma.subscription.findUniqueOrThrow({ where: { id: created.body.id } });
    const stripeId = row.providerSubscriptionId as string;
    fake.payFirstInvoice(stripeId, `fp_${row.id}`);
    const list = await t.request('GET', '/api/subscriptions', undefined, auth);
    expect(list.body.subscriber).toBe(true);
    return { user, auth, id: row.id, stripeId };
  }
  const mutations = (stripeId: string) => fake.requests.filter((r) => r.method !== 'GET' && r.path === `/v1/subscriptions/${stripeId}`);
  const drain = () => t.app.get(JobQueue).drain();

  it('cancels at period end at Stripe, drops the pending plan change, and the period end charges nothing', async () => {
    const { user, auth, id, stripeId } = await subscribed();
    const changed = await t.request('POST', '/api/subscriptions/change', { plan: 'tenantad-79kr-14days' }, auth);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const next = await t.prisma.subscription.findFirstOrThrow({ where: { userId: user.id, id: { not: id } } });
    const nextStripeId = next.providerSubscriptionId as string;
    expect(fake.subscriptions.get(nextStripeId)?.status).toBe('trialing');
    // The plan change already set cancel_at_period_end on the running one: resume it at Stripe, as if
    // the change had happened some other way, so the deletion has to stop it itself.
    fake.subscriptions.get(stripeId)!.cancel_at_period_end = false;

    await deleteAccount(t, auth);
    await drain();

    expect(fake.subscriptions.get(stripeId)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(fake.subscriptions.get(nextStripeId)?.status).toBe('canceled');
    const keys = [...mutations(stripeId), ...mutations(nextStripeId)].map((r) => r.idempotencyKey);
    expect(keys).toContain(`account-deleted-cancel-${id}`);
    expect(keys).toContain(`account-deleted-end-${next.id}`);

    // Stripe's period end: no renewal invoice; the reconcile records the end and no new charge.
    const invoicesBefore = fake.invoices.size;
    expect(fake.periodEnds(stripeId)).toBeNull();
    expect(fake.periodEnds(nextStripeId)).toBeNull();
    expect(fake.invoices.size).toBe(invoicesBefore);
    await t.app.get(SubscriptionReconcileService).run();
    await drain();
    expect(await t.prisma.transaction.count({ where: { userId: user.id } })).toBe(1);
    expect(await t.prisma.subscription.findMany({ where: { userId: user.id }, select: { status: true, renew: true } })).toEqual([
      { status: 'EXPIRED', renew: false },
      { status: 'EXPIRED', renew: false },
    ]);
  });

  it('deletes the account while Stripe is down; the job retries with the same key and ends cancelled', async () => {
    const { user, auth, id, stripeId } = await subscribed();
    fake.failNext(1, (method, path) => method === 'POST' && path === `/v1/subscriptions/${stripeId}`);

    await deleteAccount(t, auth);
    // Our side is done at once, whatever the provider says.
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).deletedAt).not.toBeNull();
    await drain();

    expect(fake.subscriptions.get(stripeId)?.cancel_at_period_end).toBe(true);
    const calls = mutations(stripeId);
    expect(calls.map((c) => [c.failed ?? false, c.idempotencyKey])).toEqual([
      [true, `account-deleted-cancel-${id}`],
      [false, `account-deleted-cancel-${id}`],
    ]);
    expect(await t.prisma.subscription.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'ACTIVE', renew: false });
  });

  it('a second deletion, a repeated job and the reconcile call Stripe no more', async () => {
    const { user, auth, stripeId } = await subscribed();
    await deleteAccount(t, auth);
    await drain();
    expect(mutations(stripeId)).toHaveLength(1);

    expect((await t.request('DELETE', '/api/users/me', undefined, auth)).status).toBe(401);
    await t.app.get(UserDataService).delete(user.id);
    await t.app.get(JobQueue).enqueue(JOBS.subscriptionAccountDeleted, { userId: user.id });
    await drain();
    await t.app.get(SubscriptionReconcileService).run();
    await drain();
    expect(mutations(stripeId)).toHaveLength(1);
    expect(fake.subscriptions.get(stripeId)?.cancel_at_period_end).toBe(true);
  });

  it('the reconcile stops a deleted account whose job was lost; a live account is never touched', async () => {
    const lost = await subscribed();
    const live = await subscribed();
    await deletedWithoutJob(t, lost.user.id);
    await t.app.get(JobQueue).enqueue(JOBS.subscriptionAccountDeleted, { userId: live.user.id });
    await drain();
    expect(fake.subscriptions.get(lost.stripeId)?.cancel_at_period_end).toBe(false);

    await t.app.get(SubscriptionReconcileService).run();
    await drain();
    expect(fake.subscriptions.get(lost.stripeId)?.cancel_at_period_end).toBe(true);
    expect(fake.subscriptions.get(live.stripeId)?.cancel_at_period_end).toBe(false);
    expect(mutations(live.stripeId)).toHaveLength(0);
  });
});

describe('account deletion with Stripe, the job on BullMQ (Redis)', () => {
  const fake = new StripeFake();
  let t: TestApp;

  beforeAll(async () => {
    const url = await fake.start();
    t = await createTestApp({ redis: true, env: { STRIPE_SECRET_KEY: 'sk_test_husly', STRIPE_PUBLISHABLE_KEY: 'pk_test_husly', STRIPE_WEBHOOK_SECRET: 'whsec_husly_test_secret', STRIPE_API_BASE: url } });
    expect(t.app.get(JobQueue).mode).toBe('redis');
    await seedOffers(t.prisma);
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  it('the worker retries a failed cancellation until Stripe has it', async () => {
    const { auth } = await newUser(t);
    const created = await t.request('POST', '/api/subscriptions', { planId: 'tenantad-249kr-30days', terms: true, billing }, auth);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const row = await t.prisma.subscription.findUniqueOrThrow({ where: { id: created.body.id } });
    const stripeId = row.providerSubscriptionId as string;
    fake.payFirstInvoice(stripeId, `fp_${row.id}`);
    expect((await t.request('GET', '/api/subscriptions', undefined, auth)).body.subscriber).toBe(true);
    fake.failNext(2, (method, path) => method === 'POST' && path === `/v1/subscriptions/${stripeId}`);

    await deleteAccount(t, auth);
    // Two failed attempts, then the third (after 5 s + 10 s of backoff) goes through.
    await expect.poll(() => fake.subscriptions.get(stripeId)?.cancel_at_period_end, { timeout: 120_000, interval: 250 }).toBe(true);
    const calls = fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${stripeId}`);
    expect(calls.map((c) => c.failed ?? false)).toEqual([true, true, false]);
    expect(new Set(calls.map((c) => c.idempotencyKey))).toEqual(new Set([`account-deleted-cancel-${row.id}`]));
  });
});

describe('account deletion with the test provider', () => {
  let t: TestApp;
  let cardYear = 0;
  // The test provider treats number + expiry as one card: a fresh expiry per purchase.
  const freshExpiry = () => `${String((cardYear % 12) + 1).padStart(2, '0')}/${60 + Math.floor(cardYear++ / 12)}`;

  beforeAll(async () => {
    // Its own database: its reconcile runs a month ahead and would renew other files' subscriptions.
    t = await createTestApp({ ownDatabase: true });
    await seedOffers(t.prisma);
  });
  afterAll(() => t.close());

  async function subscribed(planId = 'tenantad-249kr-30days') {
    const { user, auth } = await newUser(t);
    const created = await t.request('POST', '/api/subscriptions', { planId, terms: true, billing }, auth);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const confirm = await t.request('POST', `/api/subscriptions/test-payments/${created.body.meta.paymentInfo}/confirm`, { cardNumber: freshCardNumber(), expiry: freshExpiry(), cvc: '123' }, auth);
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
    const row = await t.prisma.subscription.findUniqueOrThrow({ where: { id: created.body.id } });
    return { user, auth, id: row.id, providerId: row.providerSubscriptionId as string };
  }
  const provider = (id: string) => t.app.get(PaymentGateway).retrieveSubscription(id);

  it('stops renewal at the provider, ends the pending plan change, and no renewal is charged later', async () => {
    const { user, auth, id, providerId } = await subscribed();
    expect((await t.request('POST', '/api/subscriptions/change', { plan: 'tenantad-79kr-14days' }, auth)).status).toBe(200);
    const next = await t.prisma.subscription.findFirstOrThrow({ where: { userId: user.id, id: { not: id } } });
    // Undo the change's own stop at the provider, so only the deletion can stop the running one.
    await t.app.get(PaymentGateway).resume(providerId, `test-resume-${id}`);
    expect(await provider(providerId)).toMatchObject({ cancelAtPeriodEnd: false });

    await deleteAccount(t, auth);
    await t.app.get(JobQueue).drain();

    expect(await provider(providerId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(await provider(next.providerSubscriptionId as string)).toMatchObject({ status: 'canceled' });

    // Past the period end: the test provider's renewal run ends it instead of charging.
    t.clock.set(new Date(Date.now() + 31 * DAY));
    try {
      await t.app.get(SubscriptionReconcileService).run();
      await t.app.get(JobQueue).drain();
    } finally {
      t.clock.set(new Date());
    }
    expect(await provider(providerId)).toMatchObject({ status: 'canceled', charges: [expect.objectContaining({ kind: 'first' })] });
    expect(await t.prisma.transaction.count({ where: { userId: user.id } })).toBe(1);
    expect(await t.prisma.subscription.count({ where: { userId: user.id, status: { in: ['ACTIVE', 'PAUSED', 'INCOMPLETE'] } } })).toBe(0);
  });

  it('the reconcile stops a deleted account whose job was lost, once', async () => {
    const { user, providerId } = await subscribed('tenantad-intro-7days');
    await deletedWithoutJob(t, user.id);
    expect(await provider(providerId)).toMatchObject({ cancelAtPeriodEnd: false });
    await t.app.get(SubscriptionReconcileService).run();
    await t.app.get(JobQueue).drain();
    const after = await provider(providerId);
    expect(after).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: true });
    // A second reconcile finds nothing left to stop (the cancel time is not moved).
    await t.app.get(SubscriptionReconcileService).run();
    expect((await provider(providerId))?.canceledAt).toEqual(after?.canceledAt);
    expect(await t.prisma.subscription.findFirstOrThrow({ where: { userId: user.id } })).toMatchObject({ status: 'ACTIVE', renew: false });
  });
});
