import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { StripeFake } from '../../../test/stripe-fake';
import { paidAtStripe as buyAndPay, seedOffers } from '../../../test/subscription-fixtures';
import { JobQueue } from '../../infra/queue/job-queue.service';

// Issue 13, abuse of POST /api/subscriptions/webhook: a replayed event changes nothing; a stale,
// wrong or missing signature is a 400 that stores nothing and starts no work. Through the real
// HTTP layer, database and job queue, with the official SDK answered by the Stripe stand-in.

const WEBHOOK_SECRET = 'whsec_husly_abuse_secret';
const fake = new StripeFake();
const signer = new Stripe('sk_test_signer');
let t: TestApp;

beforeAll(async () => {
  const url = await fake.start();
  t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_abuse', STRIPE_PUBLISHABLE_KEY: 'pk_test_abuse', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: url } });
  await seedOffers(t.prisma);
});
afterAll(async () => {
  await t?.close();
  await fake.stop();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Signs `payload` as Stripe would; the timestamp is the signature's (seconds), `secret` the endpoint's. */
const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp ?? nowSeconds() });

function deliver(payload: string, signature: string | null) {
  return t.app
    .getHttpAdapter()
    .getInstance()
    .inject({ method: 'POST', url: '/api/subscriptions/webhook', payload, headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) } });
}

const paidAtStripe = () => buyAndPay(t, fake);

/**
 * What a webhook could change: the subscription, its receipts, the stored events (every one this
 * file's Stripe made, so an event stored under another id shows), and calls to Stripe (a job re-reads
 * it). Taken once the queue is idle, so it includes whatever a delivery set off.
 */
async function state(subscriptionId: string) {
  await t.app.get(JobQueue).drain();
  return {
    subscription: await t.prisma.subscription.findUniqueOrThrow({ where: { id: subscriptionId } }),
    transactions: await t.prisma.transaction.findMany({ where: { subscriptionId }, include: { lines: true }, orderBy: { id: 'asc' } }),
    // This file's events only: other files share the run's database and store theirs meanwhile.
    events: await t.prisma.paymentWebhookEvent.findMany({ where: { id: { in: fake.events.map((e) => e.id) } }, orderBy: { id: 'asc' } }),
    stripeCalls: fake.requests.length,
  };
}

describe('a replayed webhook', () => {
  it('is acknowledged as a duplicate and changes nothing, also after the subscription changed since', async () => {
    const bought = await paidAtStripe();
    const first = await deliver(bought.payload, sign(bought.payload));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    await t.app.get(JobQueue).drain();
    expect(await t.prisma.subscription.findUniqueOrThrow({ where: { id: bought.id } })).toMatchObject({ status: 'ACTIVE', renew: true });
    expect(await t.prisma.transaction.count({ where: { subscriptionId: bought.id } })).toBe(1);

    // The user cancels meanwhile; the old event, replayed, must not bring anything back.
    expect((await t.request('POST', '/api/subscriptions/cancel', { id: bought.id }, bought.auth)).status).toBe(200);
    await t.app.get(JobQueue).drain();
    const before = await state(bought.id);
    expect(before.subscription.renew).toBe(false);

    // Stripe's own retry signs the same payload again; so would anyone replaying a captured delivery within the tolerance.
    for (let i = 0; i < 3; i++) {
      const again = await deliver(bought.payload, sign(bought.payload));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ received: true, duplicate: true });
    }
    await t.app.get(JobQueue).drain();
    expect(await state(bought.id)).toEqual(before);
  });

  it('delivered again with a signature an hour old is a 400 (stale) and changes nothing', async () => {
    const bought = await paidAtStripe();
    const fresh = await deliver(bought.payload, sign(bought.payload));
    expect(fresh.statusCode).toBe(200);
    const before = await state(bought.id);
    // A captured delivery replayed an hour later: its signature is past Stripe's 5-minute tolerance.
    const replay = await deliver(bought.payload, sign(bought.payload, { timestamp: nowSeconds() - 3600 }));
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ statusCode: 400, code: 'bad-signature' });
    await t.app.get(JobQueue).drain();
    expect(await state(bought.id)).toEqual(before);
  });
});

describe('a webhook that does not verify', () => {
  it.each([
    ['a stale timestamp', (p: string) => sign(p, { timestamp: nowSeconds() - 3600 })],
    // Signed ahead of time, a capture would replay for as long as it is ahead: more than 5 minutes is refused.
    ['a timestamp an hour ahead', (p: string) => sign(p, { timestamp: nowSeconds() + 3600 })],
    ['a timestamp six minutes ahead', (p: string) => sign(p, { timestamp: nowSeconds() + 360 })],
    ['a wrong secret', (p: string) => sign(p, { secret: 'whsec_not_ours' })],
    ['the signature of another payload', (p: string) => sign(p.replace('"invoice.paid"', '"invoice.payment_failed"'))],
    ['no signature', () => null],
    ['only an old scheme', (p: string) => sign(p).replace('v1=', 'v0=')],
    ['garbage', () => 't=abc,v1=zzz'],
  ] as const)('with %s: 400, nothing stored, no work started', async (_name, signature) => {
    const bought = await paidAtStripe();
    const before = await state(bought.id);
    const res = await deliver(bought.payload, signature(bought.payload));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'bad-signature' });
    await t.app.get(JobQueue).drain();
    expect(await state(bought.id)).toEqual(before);
    expect(before.subscription.status).toBe('INCOMPLETE');
    // The same event, signed properly, is taken: the refusal was the signature's, not the event's.
    const ok = await deliver(bought.payload, sign(bought.payload));
    expect(ok.json()).toEqual({ received: true, duplicate: false });
    await t.app.get(JobQueue).drain();
    expect(await t.prisma.subscription.findUniqueOrThrow({ where: { id: bought.id } })).toMatchObject({ status: 'ACTIVE' });
  });
});
