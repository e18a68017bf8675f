import { readdirSync, readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionsResponseSchema, transactionSchema } from '@husly/contracts';
import { paymentErrorKey } from '@husly/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { unique } from '../../test/factories';
import { freshCardNumber, seedOffers, userWithToken } from '../../test/subscription-fixtures';
import { JobQueue } from '../infra/queue/job-queue.service';
import { SubscriptionAccessService } from './subscription-access.service';
import { SubscriptionMailService } from './subscription-mail.service';
import { SubscriptionReconcileService } from './subscription-reconcile.service';

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  // Its own database: its reconcile runs weeks ahead and would renew other files' subscriptions.
  t = await createTestApp({ ownDatabase: true, env: { COMPANY_NAME: 'Testfirma ApS', COMPANY_CVR: '87654321' } });
  await seedOffers(t.prisma);
});
afterAll(() => t.close());

/** A fresh user with a bearer header; each test buys with its own card (number + expiry is the card). */
const newUser = () => userWithToken(t);
let cardYear = 30;
const freshExpiry = () => `${String((cardYear % 12) + 1).padStart(2, '0')}/${40 + Math.floor(cardYear++ / 12)}`;
const billing = { name: 'Sofie Søger', email: 'sofie@husly.test', address: 'Nørregade 2', zipcode: '8000', city: 'Aarhus C' };

async function buy(auth: Record<string, string>, planId = 'tenantad-intro-7days', card: { cardNumber?: string; expiry?: string; cvc?: string } = {}) {
  const created = await t.request('POST', '/api/subscriptions', { planId, terms: true, billing, amount: 1 }, auth);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const confirm = await t.request(
    'POST',
    `/api/subscriptions/test-payments/${created.body.meta.paymentInfo}/confirm`,
    { cardNumber: freshCardNumber(), expiry: freshExpiry(), cvc: '123', ...card },
    auth,
  );
  return { created, confirm };
}
const list = async (auth: Record<string, string>) => subscriptionsResponseSchema.parse((await t.request('GET', '/api/subscriptions', undefined, auth)).body);
const reconcileAt = async (at: Date) => {
  t.clock.set(at);
  await t.app.get(SubscriptionReconcileService).run();
  await t.app.get(JobQueue).drain();
};

describe('purchase with the test provider', () => {
  it('buys the intro: access at once, a receipt with VAT, company and customer blocks, one receipt mail', async () => {
    const { user, auth } = await newUser();
    const created = await t.request('POST', '/api/subscriptions', { planId: 'tenantad-intro-7days', terms: true, billing, amount: 1 }, auth);
    expect(created.status).toBe(201);
    expect(created.body.meta).toMatchObject({ paymentMode: 'test', amountOre: 1900 });
    expect(await t.app.get(SubscriptionAccessService).isSubscriber(user.id, t.clock.now())).toBe(false);

    const confirm = await t.request('POST', `/api/subscriptions/test-payments/${created.body.meta.paymentInfo}/confirm`, { cardNumber: freshCardNumber(), expiry: freshExpiry(), cvc: '123' }, auth);
    expect(confirm.status).toBe(200);
    expect(confirm.body).toMatchObject({ status: 'succeeded', subscriptionId: created.body.id, returnUrl: '/profile' });
    expect(await t.app.get(SubscriptionAccessService).isSubscriber(user.id, t.clock.now())).toBe(true);

    const view = await list(auth);
    expect(view.subscriber).toBe(true);
    expect(view.subscriptions[0]).toMatchObject({ id: created.body.id, display: 'renewing', renew: true, active: true, offer: 'tenantad-intro-7days', canWithdraw: true });
    const days = (Date.parse(view.subscriptions[0].endingAt as string) - Date.parse(view.subscriptions[0].startingAt)) / DAY;
    expect(Math.round(days)).toBe(7);

    const receipts = await t.request('GET', '/api/subscriptions/transactions', undefined, auth);
    expect(receipts.body.transactions).toHaveLength(1);
    const receipt = transactionSchema.parse(receipts.body.transactions[0]);
    expect(Number(receipt.orderno)).toBeGreaterThanOrEqual(1000);
    expect(receipt).toMatchObject({
      amountOre: 1900,
      vatOre: 380,
      customer: { name: 'Sofie Søger', address: 'Nørregade 2', zipcode: '8000', city: 'Aarhus C' },
      company: { name: 'Testfirma ApS', tax: '87654321', zip: '8000' },
      products: [{ label: 'Boligsøgerannonce – introtilbud (7 dage)', priceOre: 1900, vatOre: 380, subtotalOre: 1900, plan: { plan: 'tenantad-intro-7days', introDays: 7, refund: false } }],
    });
    const one = await t.request('GET', `/api/subscriptions/transactions/${receipt.id}`, undefined, auth);
    expect(one.body).toEqual(receipt);

    await t.app.get(JobQueue).drain();
    const mails = readdirSync(t.config.mail.dir).map((f) => readFileSync(`${t.config.mail.dir}/${f}`, 'utf8')).filter((m) => m.includes(receipt.orderno));
    expect(mails).toHaveLength(1);
    // The receipt job again (a retry or a second delivery) sends nothing.
    expect(await t.app.get(SubscriptionMailService).sendReceipt(receipt.id)).toBe(false);
  });

  it('order numbers are never reused', async () => {
    const a = await newUser();
    const b = await newUser();
    await buy(a.auth, 'tenantad-249kr-30days');
    await buy(b.auth, 'tenantad-249kr-30days');
    const orders = await t.prisma.transaction.findMany({ where: { userId: { in: [a.user.id, b.user.id] } }, select: { orderno: true } });
    expect(new Set(orders.map((o) => o.orderno)).size).toBe(2);
  });

  it('sells the intro once per user: a second attempt is a 409 intro-used, also after it ended', async () => {
    const { auth } = await newUser();
    await buy(auth);
    const again = await t.request('POST', '/api/subscriptions', { planId: 'tenantad-intro-7days', terms: true, billing }, auth);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'already-subscribed' });
    const id = (await list(auth)).subscriptions[0].id;
    await t.request('DELETE', `/api/subscriptions/${id}`, undefined, auth);
    await reconcileAt(new Date(Date.now() + 8 * DAY));
    const later = await t.request('POST', '/api/subscriptions', { planId: 'tenantad-intro-7days', terms: true, billing }, auth);
    t.clock.set(new Date());
    expect(later.status).toBe(409);
    expect(later.body).toMatchObject({ code: 'intro-used', field: 'planId' });
  });

  it('sells the intro once per card: another account paying with the same card is refunded and gets no access', async () => {
    const card = { cardNumber: '5555 5555 5555 4444', expiry: `11/${50 + Math.floor(Math.random() * 40)}`, cvc: '321' };
    const first = await newUser();
    expect((await buy(first.auth, 'tenantad-intro-7days', card)).confirm.status).toBe(200);
    const second = await newUser();
    const { created, confirm } = await buy(second.auth, 'tenantad-intro-7days', card);
    expect(confirm.status).toBe(409);
    expect(confirm.body).toMatchObject({ code: 'intro-card-used' });
    expect(await t.app.get(SubscriptionAccessService).isSubscriber(second.user.id, t.clock.now())).toBe(false);
    const row = await t.prisma.subscription.findUniqueOrThrow({ where: { id: created.body.id }, include: { transactions: true } });
    expect(row.status).toBe('CANCELED');
    expect(row.transactions[0]).toMatchObject({ refundedOre: 1900 });
    // The recurring plan with the same card is fine.
    await reconcileAt(new Date());
    expect((await buy(second.auth, 'tenantad-249kr-30days', card)).confirm.status).toBe(200);
  });

  it.each([
    ['4000 0000 0000 0002', {}, 2],
    ['4242 4242 4242 4241', {}, 3],
    ['1234', {}, 17],
    ['4000 0000 0000 0127', {}, 4],
    ['4242 4242 4242 4242', { cvc: '1' }, 20],
    ['4000 0000 0000 0069', {}, 5],
    ['4242 4242 4242 4242', { expiry: '01/20' }, 6],
    ['4242 4242 4242 4242', { expiry: '13/40' }, 18],
    ['4000 0000 0000 9995', {}, 7],
    ['4000 0000 0000 6975', {}, 25],
    ['4000 0084 0000 1629', {}, 31],
    ['5019 7170 1010 3742', {}, 2],
  ])('card %s %o is refused with payment code %d, nothing charged, no access', async (cardNumber, extra, code) => {
    const { user, auth } = await newUser();
    const { created, confirm } = await buy(auth, 'tenantad-249kr-30days', { cardNumber, ...extra });
    expect(confirm.status).toBe(402);
    expect(confirm.body).toMatchObject({ statusCode: 402, code: 'payment-failed', paymentCode: code });
    if (cardNumber.startsWith('5019')) expect(confirm.body.messageKey).toBe('dankortNotSupported');
    else expect(confirm.body.messageKey).toBe(paymentErrorKey(code));
    expect(await t.app.get(SubscriptionAccessService).isSubscriber(user.id, t.clock.now())).toBe(false);
    expect(await t.prisma.transaction.count({ where: { subscriptionId: created.body.id } })).toBe(0);
  });

  it('takes the price from the plan, never from the request, and refuses an unknown plan', async () => {
    const { auth } = await newUser();
    const created = await t.request('POST', '/api/subscriptions', { planId: 'tenantad-79kr-14days', terms: true, billing, amount: 1, price: 1 }, auth);
    expect(created.body.meta.amountOre).toBe(7900);
    const unknown = await t.request('POST', '/api/subscriptions', { planId: 'gratis', terms: true, billing }, auth);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'unknown-plan', field: 'planId' });
    const badZip = await t.request('POST', '/api/subscriptions', { planId: 'tenantad-79kr-14days', terms: true, billing: { ...billing, zipcode: '80a0' } }, auth);
    expect(badZip.status).toBe(400);
    expect(badZip.body.field).toBe('billing.zipcode');
  });

  it.each([
    ['POST', '/api/subscriptions'],
    ['POST', '/api/subscriptions/change'],
    ['POST', '/api/subscriptions/cancel'],
    ['DELETE', '/api/subscriptions/7b0c0d5e-3c38-4a83-9f0b-0d0a4f1e2a11'],
    ['GET', '/api/subscriptions/reactivate/7b0c0d5e-3c38-4a83-9f0b-0d0a4f1e2a11'],
    ['POST', '/api/subscriptions/7b0c0d5e-3c38-4a83-9f0b-0d0a4f1e2a11/withdraw'],
    ['POST', '/api/subscriptions/test-payments/x_secret_y/confirm'],
    ['GET', '/api/subscriptions/transactions'],
    ['GET', '/api/subscriptions/transactions/1'],
  ] as const)('%s %s needs a login (401)', async (method, url) => {
    expect((await t.request(method, url, method === 'GET' || method === 'DELETE' ? undefined : {})).status).toBe(401);
  });
});

describe('cancel, reactivate, change plan, pause, withdraw', () => {
  it('cancel stops renewal at period end; access runs until then and stops after', async () => {
    const { user, auth } = await newUser();
    await buy(auth, 'tenantad-249kr-30days');
    const cancelled = await t.request('POST', '/api/subscriptions/cancel', {}, auth);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.subscriptions[0]).toMatchObject({ display: 'cancelled-running', renew: false, active: true });
    expect(cancelled.body.subscriptions[0].canceledAt).not.toBeNull();
    expect(cancelled.body.showReactivate).toBe(true);
    await reconcileAt(new Date(Date.now() + 29 * DAY));
    expect(await t.app.get(SubscriptionAccessService).isSubscriber(user.id, t.clock.now())).toBe(true);
    await reconcileAt(new Date(Date.now() + 31 * DAY));
    expect(await t.app.get(SubscriptionAccessService).isSubscriber(user.id, t.clock.now())).toBe(false);
    expect((await list(auth)).subscriptions[0]).toMatchObject({ display: 'expired', status: 'EXPIRED' });
    t.clock.set(new Date());
  });

  it('renews with the saved card at period end: a second receipt at the recurring price', async () => {
    const { user, auth } = await newUser();
    await buy(auth);
    await reconcileAt(new Date(Date.now() + 7 * DAY + 60_000));
    expect(await t.app.get(SubscriptionAccessService).isSubscriber(user.id, t.clock.now())).toBe(true);
    const receipts = (await t.request('GET', '/api/subscriptions/transactions', undefined, auth)).body.transactions;
    expect(receipts.map((r: { amountOre: number }) => r.amountOre)).toEqual([24900, 1900]);
    t.clock.set(new Date());
  });

  it('reactivates a cancelled running subscription, and an expired one on the recurring plan with the saved card', async () => {
    const { user, auth } = await newUser();
    const { created } = await buy(auth);
    await t.request('DELETE', `/api/subscriptions/${created.body.id}`, undefined, auth);
    const resumed = await t.request('GET', `/api/subscriptions/reactivate/${created.body.id}`, undefined, auth);
    expect(resumed.status).toBe(200);
    expect(resumed.body.subscriptions[0]).toMatchObject({ renew: true, display: 'renewing', canceledAt: null });

    await t.request('DELETE', `/api/subscriptions/${created.body.id}`, undefined, auth);
    await reconcileAt(new Date(Date.now() + 8 * DAY));
    expect(await t.app.get(SubscriptionAccessService).isSubscriber(user.id, t.clock.now())).toBe(false);
    const again = await t.request('GET', `/api/subscriptions/reactivate/${created.body.id}?terms=true`, undefined, auth);
    expect(again.status).toBe(200);
    expect(again.body.subscriber).toBe(true);
    expect(again.body.subscriptions[0]).toMatchObject({ offer: 'tenantad-249kr-30days', display: 'renewing' });
    t.clock.set(new Date());
  });

  it('an ended subscription is charged again only with the terms accepted: without, 400 terms-required and nothing charged', async () => {
    const { user, auth } = await newUser();
    const { created } = await buy(auth);
    const id = created.body.id as string;
    expect((await t.request('POST', `/api/subscriptions/${id}/withdraw`, {}, auth)).status).toBe(200);
    const charges = () => t.prisma.transaction.count({ where: { userId: user.id } });
    const rows = () => t.prisma.subscription.count({ where: { userId: user.id } });
    const before = { charges: await charges(), rows: await rows() };

    // No consent, twice at once, a false one, a made-up value, and GraphQL without the argument: refused, nothing charged.
    const refused = await Promise.all([
      t.request('GET', `/api/subscriptions/reactivate/${id}`, undefined, auth),
      t.request('GET', `/api/subscriptions/reactivate/${id}`, undefined, auth),
      t.request('GET', `/api/subscriptions/reactivate/${id}?terms=false`, undefined, auth),
    ]);
    for (const res of refused) expect(res.body).toMatchObject({ statusCode: 400, code: 'terms-required', field: 'terms' });
    const odd = await t.request('GET', `/api/subscriptions/reactivate/${id}?terms=yes`, undefined, auth);
    expect(odd.body).toMatchObject({ statusCode: 400, code: 'terms-required', field: 'terms' });
    // A NUL, a huge value and a repeated parameter are 4xx too, never a charge.
    for (const query of ['terms=true%00', `terms=${'1'.repeat(5000)}`, 'terms=true&terms=true', 'terms[]=true']) {
      const res = await t.request('GET', `/api/subscriptions/reactivate/${id}?${query}`, undefined, auth);
      expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, query).toBeLessThan(500);
    }
    const gqlRefused = await t.request('POST', '/api/graph', { query: 'mutation($id: ID!) { reactivateSubscription(id: $id) { id } }', variables: { id } }, auth);
    expect(gqlRefused.body.errors[0].extensions).toMatchObject({ statusCode: 400, code: 'terms-required' });
    expect({ charges: await charges(), rows: await rows() }).toEqual(before);
    expect(await t.app.get(SubscriptionAccessService).isSubscriber(user.id, t.clock.now())).toBe(false);

    // With consent, twice at once and once more by GraphQL: charged once, the same subscription.
    const accepted = await Promise.all([
      t.request('GET', `/api/subscriptions/reactivate/${id}?terms=true`, undefined, auth),
      t.request('GET', `/api/subscriptions/reactivate/${id}?terms=true`, undefined, auth),
    ]);
    expect(accepted.map((a) => a.status)).toEqual([200, 200]);
    const gql = await t.request('POST', '/api/graph', { query: 'mutation($id: ID!) { reactivateSubscription(id: $id, terms: true) { id } }', variables: { id } }, auth);
    expect(gql.body.errors).toBeUndefined();
    expect(await charges()).toBe(before.charges + 1);
    expect(await rows()).toBe(before.rows + 1);
    expect(gql.body.data.reactivateSubscription.id).toBe(accepted[0].body.subscriptions.find((s: { active: boolean }) => s.active).id);
  });

  it('a cancelled subscription still running renews again without the terms: nothing is charged now', async () => {
    const { user, auth } = await newUser();
    const { created } = await buy(auth);
    await t.request('DELETE', `/api/subscriptions/${created.body.id}`, undefined, auth);
    const before = await t.prisma.transaction.count({ where: { userId: user.id } });
    const res = await t.request('GET', `/api/subscriptions/reactivate/${created.body.id}`, undefined, auth);
    expect(res.status).toBe(200);
    expect(res.body.subscriptions[0]).toMatchObject({ renew: true, display: 'renewing' });
    expect(await t.prisma.transaction.count({ where: { userId: user.id } })).toBe(before);
  });

  it('refuses to reactivate a subscription with a legacyId (409) and another user\'s (404)', async () => {
    const { user, auth } = await newUser();
    const offer = await t.prisma.offer.findUniqueOrThrow({ where: { name: 'tenantad-249kr-30days' } });
    const legacy = await t.prisma.subscription.create({ data: { userId: user.id, offerId: offer.id, status: 'EXPIRED', startingAt: new Date(Date.now() - 60 * DAY), endingAt: new Date(Date.now() - 30 * DAY), renew: false, legacyId: `old-${unique()}` } });
    const res = await t.request('GET', `/api/subscriptions/reactivate/${legacy.id}`, undefined, auth);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('not-reactivatable');
    expect((await list(auth)).subscriptions[0]).toMatchObject({ canReactivate: false, meta: { legacyId: legacy.legacyId } });
    const other = await newUser();
    expect((await t.request('GET', `/api/subscriptions/reactivate/${legacy.id}`, undefined, other.auth)).status).toBe(404);
    expect((await t.request('DELETE', `/api/subscriptions/${legacy.id}`, undefined, other.auth)).status).toBe(404);
    expect((await t.request('POST', `/api/subscriptions/${legacy.id}/withdraw`, {}, other.auth)).status).toBe(404);
  });

  it('changes plan at the next renewal; cancelling then drops the pending plan', async () => {
    const { user, auth } = await newUser();
    const { created } = await buy(auth, 'tenantad-249kr-30days');
    const changed = await t.request('POST', '/api/subscriptions/change', { plan: 'tenantad-79kr-14days' }, auth);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const current = changed.body.subscriptions[0];
    expect(current).toMatchObject({ id: created.body.id, renew: false, nextSubscription: { offer: 'tenantad-79kr-14days', product: { price: 79 } } });
    expect(current.nextSubscription.startingAt).toBe(current.endingAt);
    expect(changed.body.showReactivate).toBe(false);
    // Only the running subscription counts as access; the limited plan starts at the renewal.
    expect((await t.app.get(SubscriptionAccessService).activeAccess(user.id, t.clock.now()))?.plan).toBe('tenantad-249kr-30days');
    await reconcileAt(new Date(Date.now() + 30 * DAY + 60_000));
    const access = await t.app.get(SubscriptionAccessService).activeAccess(user.id, t.clock.now());
    expect(access).toMatchObject({ plan: 'tenantad-79kr-14days', contactLimit: 10 });
    const receipts = (await t.request('GET', '/api/subscriptions/transactions', undefined, auth)).body.transactions;
    expect(receipts.map((r: { amountOre: number }) => r.amountOre)).toEqual([7900, 24900]);
    t.clock.set(new Date());

    const other = await newUser();
    const bought = await buy(other.auth, 'tenantad-249kr-30days');
    await t.request('POST', '/api/subscriptions/change', { plan: 'tenantad-79kr-14days' }, other.auth);
    const gql = await t.request('POST', '/api/graph', { query: `mutation { cancelSubscription(id: "${bought.created.body.id}") { id } }` }, other.auth);
    expect(gql.body.errors).toBeUndefined();
    const after = await list(other.auth);
    expect(after.subscriptions[0]).toMatchObject({ id: bought.created.body.id, nextSubscription: null, renew: false });
    await reconcileAt(new Date(Date.now() + 31 * DAY));
    expect(await t.app.get(SubscriptionAccessService).isSubscriber(other.user.id, t.clock.now())).toBe(false);
    t.clock.set(new Date());
  });

  it('pauses a subscription whose renewal fails: a paused notice and no access', async () => {
    const { user, auth } = await newUser();
    await buy(auth, 'tenantad-249kr-30days', { cardNumber: '4000 0000 0000 0341' });
    await reconcileAt(new Date(Date.now() + 30 * DAY + 60_000));
    expect((await list(auth)).subscriptions[0]).toMatchObject({ display: 'paused', paused: true, outstanding: true, active: false });
    expect(await t.app.get(SubscriptionAccessService).isSubscriber(user.id, t.clock.now())).toBe(false);
    t.clock.set(new Date());
  });

  it('a withdrawal after a change of plan ends the pending plan too: nothing is charged at the old renewal', async () => {
    const { user, auth } = await newUser();
    const { created } = await buy(auth, 'tenantad-249kr-30days');
    expect((await t.request('POST', '/api/subscriptions/change', { plan: 'tenantad-79kr-14days' }, auth)).status).toBe(200);
    const res = await t.request('POST', `/api/subscriptions/${created.body.id}/withdraw`, {}, auth);
    expect(res.status).toBe(200);
    expect(res.body.subscription).toMatchObject({ status: 'CANCELED', nextSubscription: null });
    await reconcileAt(new Date(Date.now() + 31 * DAY));
    expect(await t.app.get(SubscriptionAccessService).isSubscriber(user.id, t.clock.now())).toBe(false);
    const receipts = (await t.request('GET', '/api/subscriptions/transactions', undefined, auth)).body.transactions;
    expect(receipts.map((r: { amountOre: number; refunded: boolean }) => [r.amountOre, r.refunded])).toEqual([[24900, true]]);
    t.clock.set(new Date());
  });

  it('withdraws within 14 days of the first charge: refunded, access ends; later it is refused', async () => {
    const { user, auth } = await newUser();
    const { created } = await buy(auth, 'tenantad-249kr-30days');
    const res = await t.request('POST', `/api/subscriptions/${created.body.id}/withdraw`, {}, auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ refundedOre: 24900, subscription: { status: 'CANCELED', active: false, canWithdraw: false } });
    expect(await t.app.get(SubscriptionAccessService).isSubscriber(user.id, t.clock.now())).toBe(false);
    // The receipts list says refunded, how much and when (the page shows it; issue 36).
    const receipt = transactionSchema.parse((await t.request('GET', '/api/subscriptions/transactions', undefined, auth)).body.transactions[0]);
    expect(receipt).toMatchObject({ refunded: true, refundedOre: 24900 });
    expect(receipt.refundedAt).not.toBeNull();

    const late = await newUser();
    const bought = await buy(late.auth, 'tenantad-249kr-30days');
    t.clock.set(new Date(Date.now() + 15 * DAY));
    const refused = await t.request('POST', `/api/subscriptions/${bought.created.body.id}/withdraw`, {}, late.auth);
    t.clock.set(new Date());
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('withdrawal-expired');
  });

  it('mails one reminder before the intro converts, with the price and the cancel link', async () => {
    const { user, auth } = await newUser();
    const { created } = await buy(auth);
    await reconcileAt(new Date(Date.now() + 5 * DAY));
    await reconcileAt(new Date(Date.now() + 5 * DAY + 3_600_000));
    t.clock.set(new Date());
    // Parsed, not raw: quoted-printable may wrap a line anywhere, '249 kr.' included.
    const parsed = await Promise.all(readdirSync(t.config.mail.dir).map((f) => simpleParser(readFileSync(`${t.config.mail.dir}/${f}`))));
    const mails = parsed.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === user.email && m.subject?.includes('introperiode'));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('249 kr.');
    expect(mails[0].text).toContain('/profile/subscription');
    expect(await t.prisma.subscription.findUniqueOrThrow({ where: { id: created.body.id } })).toMatchObject({ introReminderSentAt: expect.any(Date) });
  });

  it('shows receipts only to their owner (another user gets 404)', async () => {
    const a = await newUser();
    await buy(a.auth, 'tenantad-249kr-30days');
    const receipt = (await t.request('GET', '/api/subscriptions/transactions', undefined, a.auth)).body.transactions[0];
    const b = await newUser();
    expect((await t.request('GET', `/api/subscriptions/transactions/${receipt.id}`, undefined, b.auth)).status).toBe(404);
    expect((await t.request('GET', '/api/subscriptions/transactions', undefined, b.auth)).body.transactions).toEqual([]);
  });
});
