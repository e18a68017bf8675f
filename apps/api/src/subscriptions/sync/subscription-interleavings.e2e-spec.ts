import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givesAccess } from '@husly/domain';
import { createScratchDatabase } from '../../../test/scratch-database';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { StripeFake } from '../../../test/stripe-fake';
import { seedOffers, userWithToken } from '../../../test/subscription-fixtures';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { PaymentGateway, type GatewaySubscription } from '../gateway/payment-gateway';
import { TestPaymentGateway } from '../gateway/test-payment-gateway';
import { SubscriptionSyncService } from './subscription-sync.service';

// Issue 29: random interleavings of what two tabs of one user do (buy, pay, change plan, cancel,
// reactivate, withdraw) and of the provider's webhooks, each pair sent at once, against the real
// database and the HTTP layer. After every step: at most one live plan, nothing renews after a
// cancel, the intro at most once, every kept charge pays for access running now, and what the user
// sees is what the provider holds. Once with the built-in test provider, once with the real Stripe SDK
// against the local Stripe stand-in (payments made "in the browser" there, webhooks signed by the SDK).

const PLANS = ['tenantad-intro-7days', 'tenantad-249kr-30days', 'tenantad-79kr-14days'] as const;
const CHANGES = ['tenantad-249kr-30days', 'tenantad-79kr-14days'] as const;
const billing = { name: 'Tove Tab', email: 'tove@husly.test', zipcode: '8000', city: 'Aarhus C' };

type Op =
  | { kind: 'create'; plan: (typeof PLANS)[number] }
  | { kind: 'pay' }
  | { kind: 'change'; plan: (typeof CHANGES)[number] }
  | { kind: 'cancel' }
  | { kind: 'reactivate' }
  | { kind: 'withdraw' }
  | { kind: 'webhook' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PLANS).map((plan) => ({ kind: 'create' as const, plan })) },
  { weight: 3, arbitrary: fc.constant({ kind: 'pay' as const }) },
  { weight: 2, arbitrary: fc.constantFrom(...CHANGES).map((plan) => ({ kind: 'change' as const, plan })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'cancel' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'reactivate' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'withdraw' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'webhook' as const }) },
);
/** Each step is what two tabs send at the same moment. */
const steps = fc.array(fc.tuple(op, op), { minLength: 2, maxLength: 7 });

interface Provider {
  t: TestApp;
  /** The browser pays the client secret a tab holds (the test provider's form, or Stripe.js at Stripe). */
  pay(auth: Record<string, string>, secret: string, card: string): Promise<void>;
  /** The provider's webhooks for every subscription of the user, delivered and worked off. */
  deliverWebhooks(userId: number): Promise<void>;
  /** What the provider refunded of each charge (by our Transaction.providerRef). */
  refunded(): Promise<Map<string, number>>;
}

interface Tab {
  secret: string | null;
}

async function run(p: Provider, auth: Record<string, string>, userId: number, tab: Tab, card: string, o: Op): Promise<{ status: number; code?: string }> {
  const { t } = p;
  const subscriptions = await t.prisma.subscription.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }] });
  const now = t.clock.now();
  const running = subscriptions.find((s) => givesAccess(s, now));
  const target = running ?? subscriptions.find((s) => s.status !== 'INCOMPLETE') ?? subscriptions[0];
  const answer = (res: { status: number; body: { code?: string } }) => ({ status: res.status, code: res.body?.code });
  switch (o.kind) {
    case 'create': {
      const res = await t.request('POST', '/api/subscriptions', { planId: o.plan, terms: true, billing }, auth);
      if (res.status === 201) tab.secret = res.body.meta.paymentInfo;
      return answer(res);
    }
    case 'pay':
      if (!tab.secret) return { status: 0 };
      await p.pay(auth, tab.secret, card);
      return { status: 200 };
    case 'change':
      return answer(await t.request('POST', '/api/subscriptions/change', { subscription: target?.id, plan: o.plan }, auth));
    case 'cancel':
      if (!target) return { status: 0 };
      return answer(await t.request('DELETE', `/api/subscriptions/${target.id}`, undefined, auth));
    case 'reactivate': {
      const ended = subscriptions.find((s) => s.status !== 'INCOMPLETE');
      if (!ended) return { status: 0 };
      return answer(await t.request('GET', `/api/subscriptions/reactivate/${ended.id}?terms=true`, undefined, auth));
    }
    case 'withdraw':
      if (!target) return { status: 0 };
      return answer(await t.request('POST', `/api/subscriptions/${target.id}/withdraw`, {}, auth));
    case 'webhook':
      await p.deliverWebhooks(userId);
      return { status: 200 };
  }
}

const LIVE = new Set(['active', 'trialing', 'past_due']);

async function checkInvariants(p: Provider, userId: number, step: [Op, Op], answers: Array<{ status: number; code?: string }>): Promise<void> {
  const { t } = p;
  // Stripe's webhooks arrive sooner or later: the invariants hold once they have.
  await p.deliverWebhooks(userId);
  const now = t.clock.now();
  const gateway = t.app.get(PaymentGateway);
  const ours = await t.prisma.subscription.findMany({ where: { userId }, include: { offer: true, transactions: true } });
  const context = JSON.stringify({ step, answers, ours: ours.map((s) => [s.id.slice(0, 8), s.offer.name, s.status, s.renew, s.nextSubscriptionId?.slice(0, 8) ?? null]) });
  expect(answers.every((a) => a.status < 500), `a 5xx: ${context}`).toBe(true);

  // At most one live plan, here and at the provider (a change of plan waiting to start is the running one's next).
  const giving = ours.filter((s) => givesAccess(s, now));
  expect(giving.length, `plans giving access: ${context}`).toBeLessThanOrEqual(1);
  const provider = new Map<string, GatewaySubscription>();
  for (const s of ours) {
    if (!s.providerSubscriptionId) continue;
    const g = await gateway.retrieveSubscription(s.providerSubscriptionId);
    if (g) provider.set(s.id, g);
  }
  const live = ours.filter((s) => LIVE.has(provider.get(s.id)?.status ?? ''));
  const running = giving[0];
  for (const s of live) {
    const isWaitingNext = running?.nextSubscriptionId === s.id && (provider.get(s.id)?.charges.length ?? 0) === 0;
    expect(s.id === running?.id || isWaitingNext, `live at the provider but neither running nor its next: ${s.id} ${context}`).toBe(true);
  }

  // What the user sees is what the provider holds.
  for (const s of ours) {
    const g = provider.get(s.id);
    if (!g) continue;
    const refused = s.withdrawnAt !== null;
    if (LIVE.has(g.status)) {
      expect(s.status, `live at the provider: ${s.id} ${context}`).toBe(g.status === 'past_due' ? 'PAUSED' : 'ACTIVE');
      expect(s.renew, `renewal as at the provider: ${s.id} ${context}`).toBe(!g.cancelAtPeriodEnd);
    } else if (g.status === 'incomplete') {
      expect(s.status, `waiting for payment: ${s.id} ${context}`).toMatch(/INCOMPLETE|EXPIRED/);
    } else {
      expect(['EXPIRED', 'CANCELED'], `ended at the provider: ${s.id} ${context}`).toContain(s.status);
      expect(s.renew).toBe(false);
    }
    if (refused) expect(LIVE.has(g.status), `withdrawn but live: ${s.id} ${context}`).toBe(false);
  }
  // Every receipt is a charge the provider made, and every refund we recorded is one it made.
  const refunded = await p.refunded();
  const charges = ours.flatMap((s) => s.transactions);
  for (const c of charges) expect(c.refundedOre ?? 0, `refund of ${c.providerRef}: ${context}`).toBe(refunded.get(c.providerRef ?? '') ?? 0);
  const providerCharges = [...provider.values()].flatMap((g) => g.charges.map((c) => c.id));
  expect(new Set(charges.map((c) => c.providerRef))).toEqual(new Set(providerCharges));

  // Every kept charge pays for access running now (the clock does not move here), so at most one is kept.
  const keptCharges = charges.filter((c) => (c.refundedOre ?? 0) < c.amount);
  expect(keptCharges.length, `kept charges: ${context}`).toBeLessThanOrEqual(1);
  for (const c of keptCharges) expect(c.subscriptionId, `kept charge without access: ${context}`).toBe(running?.id);

  // The intro at most once.
  const keptIntros = keptCharges.filter((c) => ours.find((s) => s.id === c.subscriptionId)?.offer.intro);
  expect(keptIntros.length).toBeLessThanOrEqual(1);
  expect(await t.prisma.introClaim.count({ where: { userId } })).toBeLessThanOrEqual(1);

  // A cancel that went through, with nothing in the other tab that could start a plan: nothing renews.
  const quiet = new Set(['cancel', 'withdraw', 'webhook']);
  const cancelled = step.some((o, i) => o.kind === 'cancel' && answers[i].status === 200);
  if (cancelled && step.every((o) => quiet.has(o.kind))) {
    const renewing = live.filter((s) => !provider.get(s.id)?.cancelAtPeriodEnd);
    expect(renewing.map((s) => s.id), `renews after a cancel: ${context}`).toEqual([]);
  }
}

function property(p: () => Provider) {
  let cards = 0;
  return fc.asyncProperty(steps, async (plan) => {
    const { t } = p();
    const { user, auth } = await userWithToken(t);
    // One card per user: its intro is free to buy once; a second intro on it is refused.
    const card = `${String((cards % 12) + 1).padStart(2, '0')}/${40 + Math.floor(cards++ / 12)}`;
    const tabs: [Tab, Tab] = [{ secret: null }, { secret: null }];
    for (const step of plan) {
      const answers = await Promise.all(step.map((o, i) => run(p(), auth, user.id, tabs[i], card, o)));
      await checkInvariants(p(), user.id, step, answers);
    }
  });
}

describe('two tabs, any interleaving, with the built-in test provider', () => {
  let provider: Provider;
  // A database of its own: the test provider is one world per database, and a file that moves its clock
  // weeks ahead renews every subscription in it (reconcile), charging these users behind the test's back.
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  beforeAll(async () => {
    database = await createScratchDatabase('husly_interleavings');
    const t = await createTestApp({ env: { DATABASE_URL: database.url } });
    await seedOffers(t.prisma);
    const gateway = t.app.get(PaymentGateway) as TestPaymentGateway;
    provider = {
      t,
      async pay(auth, secret, expiry) {
        const res = await t.request('POST', `/api/subscriptions/test-payments/${secret}/confirm`, { cardNumber: '4242 4242 4242 4242', expiry, cvc: '123' }, auth);
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      },
      // The test provider sends no webhooks: what a webhook's job does, re-reading each of the user's
      // subscriptions (only the user's: other test files share the database).
      async deliverWebhooks(userId) {
        const rows = await t.prisma.subscription.findMany({ where: { userId, providerSubscriptionId: { not: null } }, select: { providerSubscriptionId: true } });
        for (const row of rows) await t.app.get(SubscriptionSyncService).sync(row.providerSubscriptionId as string);
        await t.app.get(JobQueue).drain();
      },
      refunded: () => gateway.refundedByCharge(),
    };
  }, 120_000);
  afterAll(async () => {
    await provider?.t.close();
    await database?.drop();
  });

  // Each run is up to 14 requests from two tabs plus the checks: minutes on a busy machine, never a hang.
  it('keeps every invariant', { timeout: 600_000 }, async () => {
    await fc.assert(property(() => provider), { numRuns: 8, endOnFailure: true });
  });
});

describe('two tabs, any interleaving, with Stripe (the local stand-in)', () => {
  const WEBHOOK_SECRET = 'whsec_interleavings';
  const fake = new StripeFake();
  const signer = new Stripe('sk_test_signer');
  let provider: Provider;
  beforeAll(async () => {
    const url = await fake.start();
    const t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_tabs', STRIPE_PUBLISHABLE_KEY: 'pk_test_tabs', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: url } });
    await seedOffers(t.prisma);
    const deliver = async (event: object) => {
      const payload = JSON.stringify(event);
      const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const res = await t.app.getHttpAdapter().getInstance().inject({ method: 'POST', url: '/api/subscriptions/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
      expect(res.statusCode).toBe(200);
    };
    provider = {
      t,
      // Stripe.js confirms the invoice's payment intent in the browser; an invoice no longer open cannot be paid.
      async pay(_auth, secret, card) {
        const invoice = [...fake.invoices.values()].find((i) => i.confirmation_secret?.client_secret === secret);
        const s = invoice && fake.subscriptions.get(invoice.parent.subscription_details.subscription);
        if (!s || s.status !== 'incomplete' || invoice.status !== 'open') return;
        fake.payFirstInvoice(s.id, `fp_${card.replace('/', '')}`);
        await deliver(fake.event('invoice.paid', invoice as unknown as Record<string, unknown>));
        await t.app.get(JobQueue).drain();
      },
      async deliverWebhooks(userId) {
        const rows = await t.prisma.subscription.findMany({ where: { userId, providerSubscriptionId: { not: null } }, select: { providerSubscriptionId: true } });
        for (const row of rows) {
          const s = fake.subscriptions.get(row.providerSubscriptionId as string);
          if (s) await deliver(fake.event('customer.subscription.updated', s as unknown as Record<string, unknown>));
        }
        await t.app.get(JobQueue).drain();
      },
      async refunded() {
        const byCharge = new Map<string, number>();
        for (const r of fake.refunds) {
          const invoice = fake.intents.get(r.payment_intent)?.invoice;
          if (invoice) byCharge.set(invoice, (byCharge.get(invoice) ?? 0) + r.amount);
        }
        return byCharge;
      },
    };
  });
  afterAll(async () => {
    await provider.t.close();
    await fake.stop();
  });

  it('keeps every invariant', { timeout: 600_000 }, async () => {
    await fc.assert(property(() => provider), { numRuns: 12, endOnFailure: true });
  });

  it('a list of the subscriptions reads Stripe for the one purchase waiting for payment at most', async () => {
    const { t } = provider;
    const { auth } = await userWithToken(t);
    for (const planId of ['tenantad-249kr-30days', 'tenantad-79kr-14days', 'tenantad-249kr-30days', 'tenantad-79kr-14days']) {
      expect((await t.request('POST', '/api/subscriptions', { planId, terms: true, billing }, auth)).status).toBe(201);
    }
    const before = fake.requests.length;
    expect((await t.request('GET', '/api/subscriptions', undefined, auth)).status).toBe(200);
    const reads = fake.requests.slice(before).filter((r) => r.method === 'GET' && r.path.startsWith('/v1/subscriptions/'));
    expect(reads.length).toBeLessThanOrEqual(1);
  });
});
