import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createUser } from '../../../test/factories';
import { StripeFake } from '../../../test/stripe-fake';
import { seedOffers } from '../../../test/subscription-fixtures';
import { TokenService } from '../../common/auth/token.service';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { SubscriptionAccessService } from '../subscription-access.service';
import { SubscriptionReconcileService } from '../subscription-reconcile.service';
import { WebhookEventsService } from '../webhooks/webhook-events.service';

const WEBHOOK_SECRET = 'whsec_husly_test_secret';
const fake = new StripeFake();
const signer = new Stripe('sk_test_signer');
let t: TestApp;

beforeAll(async () => {
  const url = await fake.start();
  t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_husly', STRIPE_PUBLISHABLE_KEY: 'pk_test_husly', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: url } });
  await seedOffers(t.prisma);
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

async function newUser() {
  const user = await createUser(t.prisma);
  return { user, auth: { authorization: `Bearer ${t.app.get(TokenService).issue(user.id)}` } };
}

function deliver(event: object, options: { secret?: string; timestamp?: number; signature?: string | null } = {}) {
  const payload = JSON.stringify(event);
  const header =
    options.signature === null
      ? {}
      : { 'stripe-signature': options.signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp }) };
  return t.app.getHttpAdapter().getInstance().inject({ method: 'POST', url: '/api/subscriptions/webhook', payload, headers: { 'content-type': 'application/json', ...header } });
}

async function buyWithStripe(auth: Record<string, string>, planId = 'tenantad-249kr-30days') {
  const res = await t.request(
    'POST',
    '/api/graph',
    { query: 'mutation($input: CreateSubscriptionInput!) { createSubscription(input: $input) { id meta { paymentInfo } } }', variables: { input: { planId, meta: { firstName: 'Stine', email: 'stine@husly.test', zipcode: '2100', city: 'København Ø', terms: true } } } },
    auth,
  );
  expect(res.body.errors).toBeUndefined();
  const ours = await t.prisma.subscription.findUniqueOrThrow({ where: { id: res.body.data.createSubscription.id } });
  return { id: ours.id, stripeId: ours.providerSubscriptionId as string, paymentInfo: res.body.data.createSubscription.meta.paymentInfo as string };
}

describe('Stripe through the official SDK (against a local Stripe stand-in)', () => {
  it('answers the provider query with Stripe and the publishable key', async () => {
    const { auth } = await newUser();
    const res = await t.request('POST', '/api/graph', { query: '{ provider(providerType: CREDIT_CARD) { provider publicKey } }' }, auth);
    expect(res.body.data.provider).toEqual({ provider: 'stripe', publicKey: 'pk_test_husly' });
  });

  it('creates a default_incomplete subscription, returns the invoice client secret, with an idempotency key on every mutating call', async () => {
    const { auth } = await newUser();
    const before = fake.requests.length;
    const bought = await buyWithStripe(auth, 'tenantad-intro-7days');
    const s = fake.subscriptions.get(bought.stripeId);
    expect(s?.metadata.husly_subscription_id).toBe(bought.id);
    expect(bought.paymentInfo).toBe(fake.invoices.get(s?.latest_invoice as string)?.confirmation_secret?.client_secret);
    // The intro: 19 kr. now, the recurring price after the 7 trial days.
    expect(fake.invoices.get(s?.latest_invoice as string)?.amount_due).toBe(1900);
    expect(s?.unit_amount).toBe(24900);
    const mutating = fake.requests.slice(before).filter((r) => r.method !== 'GET');
    expect(mutating.length).toBeGreaterThan(0);
    for (const r of mutating) expect(r.idempotencyKey, `${r.method} ${r.path}`).toBeTruthy();
  });

  it('gives access after invoice.paid, acknowledges a duplicate and ignores it', async () => {
    const { user, auth } = await newUser();
    const bought = await buyWithStripe(auth);
    const invoice = fake.payFirstInvoice(bought.stripeId, 'fp_paid_once');
    const event = fake.event('invoice.paid', invoice as unknown as Record<string, unknown>);
    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    await t.app.get(JobQueue).drain();
    expect(await t.app.get(SubscriptionAccessService).isSubscriber(user.id, t.clock.now())).toBe(true);
    const again = await deliver(event);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    await t.app.get(JobQueue).drain();
    expect(await t.prisma.transaction.count({ where: { subscriptionId: bought.id } })).toBe(1);
    const receipt = await t.prisma.transaction.findFirstOrThrow({ where: { subscriptionId: bought.id }, include: { lines: true } });
    expect(receipt).toMatchObject({ amount: 24900, vat: 4980, customerName: 'Stine', customerZipcode: '2100' });
  });

  it("one read of a subscription covers its events received before it; a later one waits for its own job", async () => {
    const { user, auth } = await newUser();
    const bought = await buyWithStripe(auth);
    fake.payFirstInvoice(bought.stripeId, 'fp_coalesce');
    // Stored as the webhook stores them, without their jobs, so the test decides what runs when.
    const store = (id: string, type: string) =>
      t.prisma.$executeRaw`INSERT INTO payment_webhook_events (id, type, object_id) VALUES (${id}, ${type}, ${bought.stripeId})`;
    const ids = ['invoice.paid', 'invoice.finalized', 'customer.subscription.updated'].map((type) => [`evt_coalesce_${bought.id}_${type}`, type] as const);
    for (const [id, type] of ids) await store(id, type);
    const reads = () => fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${bought.stripeId}`).length;
    const before = reads();
    const webhooks = t.app.get(WebhookEventsService);
    await webhooks.process(ids[0][0]);
    expect(reads() - before).toBe(1);
    expect(await t.app.get(SubscriptionAccessService).isSubscriber(user.id, t.clock.now())).toBe(true);
    const done = await t.prisma.paymentWebhookEvent.findMany({ where: { objectId: bought.stripeId }, orderBy: { id: 'asc' } });
    expect(done.map((e) => e.processedAt !== null)).toEqual([true, true, true]);
    // Their own jobs find nothing left to do.
    for (const [id] of ids.slice(1)) await webhooks.process(id);
    expect(reads() - before).toBe(1);
    // Received after that read: not covered by it.
    await store(`evt_coalesce_${bought.id}_late`, 'customer.subscription.updated');
    expect((await t.prisma.paymentWebhookEvent.findUniqueOrThrow({ where: { id: `evt_coalesce_${bought.id}_late` } })).processedAt).toBeNull();
    await webhooks.process(`evt_coalesce_${bought.id}_late`);
    expect(reads() - before).toBe(2);
  });

  it.each([
    ['a wrong secret', { secret: 'whsec_wrong' }],
    ['no signature', { signature: null }],
    ['a stale timestamp', { timestamp: Math.floor(Date.now() / 1000) - 3600 }],
    ['garbage', { signature: 't=1,v1=abc' }],
  ])('refuses a webhook with %s: 400 and nothing stored', async (_name, options) => {
    const event = fake.event('invoice.paid', { object: 'invoice', id: 'in_x' });
    const res = await deliver(event, options);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad-signature' });
    // This event only: other files deliver webhooks into the run's database meanwhile.
    expect(await t.prisma.paymentWebhookEvent.count({ where: { id: event.id } })).toBe(0);
  });

  it('cancels at period end at Stripe, and the reconcile heals a renewal whose webhook was lost', async () => {
    const { auth } = await newUser();
    const bought = await buyWithStripe(auth);
    fake.payFirstInvoice(bought.stripeId, 'fp_reconcile');
    fake.renew(bought.stripeId, true);
    fake.event('invoice.paid', {});
    await t.app.get(SubscriptionReconcileService).run();
    expect(await t.prisma.transaction.count({ where: { subscriptionId: bought.id } })).toBe(2);
    const res = await t.request('POST', '/api/subscriptions/cancel', { id: bought.id }, auth);
    expect(res.status).toBe(200);
    expect(fake.subscriptions.get(bought.stripeId)?.cancel_at_period_end).toBe(true);
    expect(res.body.subscriptions[0]).toMatchObject({ renew: false, display: 'cancelled-running' });
  });

  it('pauses on a failed renewal (invoice.payment_failed → past_due) and refunds a withdrawal through Stripe', async () => {
    const { user, auth } = await newUser();
    const bought = await buyWithStripe(auth);
    const invoice = fake.payFirstInvoice(bought.stripeId, 'fp_paused');
    await deliver(fake.event('invoice.paid', invoice as unknown as Record<string, unknown>));
    const failed = fake.renew(bought.stripeId, false);
    await deliver(fake.event('invoice.payment_failed', failed as unknown as Record<string, unknown>));
    await t.app.get(JobQueue).drain();
    const row = await t.prisma.subscription.findUniqueOrThrow({ where: { id: bought.id } });
    expect(row).toMatchObject({ status: 'PAUSED', outstanding: true });
    expect(await t.app.get(SubscriptionAccessService).isSubscriber(user.id, t.clock.now())).toBe(false);

    const other = await newUser();
    const second = await buyWithStripe(other.auth);
    fake.payFirstInvoice(second.stripeId, 'fp_withdraw');
    await deliver(fake.event('customer.subscription.updated', fake.subscriptions.get(second.stripeId) as unknown as Record<string, unknown>));
    await t.app.get(JobQueue).drain();
    const res = await t.request('POST', `/api/subscriptions/${second.id}/withdraw`, {}, other.auth);
    expect(res.status).toBe(200);
    expect(fake.refunds.at(-1)).toMatchObject({ amount: 24900 });
    expect(fake.subscriptions.get(second.stripeId)?.status).toBe('canceled');
  });
});
