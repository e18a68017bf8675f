import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../common/auth/token.service';
import { PaymentGateway } from '../subscriptions/gateway/payment-gateway';
import type { TestPaymentGateway } from '../subscriptions/gateway/test-payment-gateway';
import { adminWithSession } from '../../test/admin-fixtures';
import { createCity, createUser, subscribe, unique } from '../../test/factories';
import { mailsTo } from '../../test/mail-files';
import { seedOffers } from '../../test/subscription-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

// Issue 33: what support does at the desk, through the real HTTP layer, database and test payment
// provider. Each change sent twice at once changes once and is written to the audit log once.

let t: TestApp;
let desk: Awaited<ReturnType<typeof adminWithSession>>;
beforeAll(async () => {
  // A database of its own: a test moves the clock past the 14 days, and the test provider renews
  // every subscription of its database when it does.
  t = await createTestApp({ ownDatabase: true });
  await seedOffers(t.prisma);
  desk = await adminWithSession(t);
}, 120_000);
afterAll(() => t?.close());

const as = (userId: number) => ({ authorization: `Bearer ${t.app.get(TokenService).issue(userId)}` });
const auditOf = (userId: number) => t.prisma.adminAuditEntry.findMany({ where: { targetUserId: userId }, orderBy: { id: 'asc' } });
let cardYear = 0;
const freshExpiry = () => `${String((cardYear % 12) + 1).padStart(2, '0')}/${70 + Math.floor(cardYear++ / 12)}`;

/** A subscriber who bought the 30-day plan with the test provider: one charge, one receipt. */
async function subscriber() {
  const user = await createUser(t.prisma, { password: 'hemmeligt-kodeord' });
  const auth = as(user.id);
  const billing = { name: user.name, email: user.email, zipcode: '8000', city: 'Aarhus C' };
  const created = await t.request('POST', '/api/subscriptions', { planId: 'tenantad-249kr-30days', terms: true, billing }, auth);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const paid = await t.request('POST', `/api/subscriptions/test-payments/${created.body.meta.paymentInfo}/confirm`, { cardNumber: '4242 4242 4242 4242', expiry: freshExpiry(), cvc: '123' }, auth);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const receipt = await t.prisma.transaction.findFirstOrThrow({ where: { userId: user.id } });
  return { user, auth, subscriptionId: created.body.id as string, receipt };
}

const refundedAtProvider = async (providerRef: string | null) => (await (t.app.get(PaymentGateway) as TestPaymentGateway).refundedByCharge()).get(providerRef ?? '') ?? 0;

describe('finding a user', () => {
  it('by email, part of the name, phone or order number; a "%" is a character, not a wildcard', async () => {
    const tag = unique();
    const user = await createUser(t.prisma, { email: `Find.Mig-${tag}@husly.test`, name: `Ingrid Ølgaard ${tag}` });
    await t.prisma.user.update({ where: { id: user.id }, data: { cellphone: '+45 20 30 40 50' } });
    await subscribe(t.prisma, user.id, 'tenantad-249kr-30days');
    const receipt = await t.prisma.transaction.create({ data: { userId: user.id, amount: 24900, vat: 4980, customerName: user.name, company: {} } });
    const search = async (q: string) => (await t.request('GET', `/api/admin/users?q=${encodeURIComponent(q)}`, undefined, desk.headers)).body.data as Array<{ id: number; matchedOrderNo: number | null }>;
    expect((await search(`find.mig-${tag}@HUSLY.test`)).map((h) => h.id)).toEqual([user.id]);
    expect((await search(`ølgaard ${tag}`)).map((h) => h.id)).toEqual([user.id]);
    expect((await search('20 30 40 50')).map((h) => h.id)).toContain(user.id);
    const byOrder = await search(String(receipt.orderno));
    expect(byOrder[0]).toMatchObject({ id: user.id, matchedOrderNo: receipt.orderno });
    expect(await search('%%')).toEqual([]);
    expect(await search('__')).toEqual([]);
    // Too short, or sent twice: a 400 that names the parameter.
    expect((await t.request('GET', '/api/admin/users?q=a', undefined, desk.headers)).status).toBe(400);
    expect((await t.request('GET', '/api/admin/users?q=ab&q=cd', undefined, desk.headers)).status).toBe(400);
  });

  it('shows subscriptions, receipts, boligagent, tenant ad, favourites and the mails we sent; a missing user is a 404', async () => {
    const { user, subscriptionId, receipt } = await subscriber();
    await t.prisma.sentMail.create({ data: { recipient: (user.email as string).toLowerCase(), subject: 'Bekræft din e-mail', messageId: `<${unique()}@husly.test>` } });
    const res = await t.request('GET', `/api/admin/users/${user.id}`, undefined, desk.headers);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, email: user.email, blockedAt: null });
    expect(res.body.subscriptions).toEqual([expect.objectContaining({ id: subscriptionId, status: 'ACTIVE', renew: true })]);
    expect(res.body.receipts).toEqual([expect.objectContaining({ id: receipt.id, orderNo: receipt.orderno, amountOre: receipt.amount, refundedOre: null })]);
    expect(res.body.favourites).toBe(0);
    expect(res.body.mails.map((m: { subject: string }) => m.subject)).toContain('Bekræft din e-mail');
    expect(res.headers['cache-control']).toBe('no-store');
    for (const [method, url, body] of [
      ['GET', '/api/admin/users/2147483000', undefined],
      ['PUT', '/api/admin/users/2147483000/blocked', { blocked: true }],
      ['PUT', '/api/admin/users/2147483000/tenant-ad/hidden', { hidden: true }],
      ['POST', '/api/admin/users/2147483000/mails', { kind: 'password-reset' }],
      ['POST', '/api/admin/receipts/2147483000/refund', {}],
      ['POST', `/api/admin/subscriptions/${randomUUID()}/cancel`, {}],
      ['POST', `/api/admin/subscriptions/${randomUUID()}/withdraw`, {}],
    ] as const) {
      expect((await t.request(method, url, body, desk.headers)).status, `${method} ${url}`).toBe(404);
    }
    for (const url of ['/api/admin/users/abc', '/api/admin/users/0', '/api/admin/users/99999999999']) expect((await t.request('GET', url, undefined, desk.headers)).status, url).toBe(400);
    expect((await t.request('POST', '/api/admin/subscriptions/not-a-uuid/cancel', {}, desk.headers)).status).toBe(400);
  });
});

describe('blocking', () => {
  it('twice at once blocks once: the login is refused with a clear 403, every token stops; unblocking lets them in again', async () => {
    const user = await createUser(t.prisma, { password: 'hemmeligt-kodeord' });
    const token = as(user.id);
    expect((await t.request('GET', '/api/users/me', undefined, token)).status).toBe(200);
    const both = await Promise.all([1, 2].map(() => t.request('PUT', `/api/admin/users/${user.id}/blocked`, { blocked: true }, desk.headers)));
    expect(both.map((r) => r.status)).toEqual([204, 204]);
    expect((await auditOf(user.id)).map((e) => e.action)).toEqual(['user.block']);
    expect((await t.request('GET', '/api/users/me', undefined, token)).status).toBe(401);
    const login = () => t.request('POST', '/api/auth/login', { email: user.email, password: 'hemmeligt-kodeord' }, { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 200)}` });
    const refused = await login();
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'account-blocked', message: 'Din konto er spærret. Kontakt kundeservice, hvis du mener, det er en fejl.' });
    // A wrong password tells nothing about the block.
    expect((await t.request('POST', '/api/auth/login', { email: user.email, password: 'forkert-kodeord' }, { 'x-forwarded-for': '198.51.100.250' })).status).toBe(401);
    expect((await t.request('PUT', `/api/admin/users/${user.id}/blocked`, { blocked: false }, desk.headers)).status).toBe(204);
    expect((await login()).status).toBe(200);
    expect((await auditOf(user.id)).map((e) => e.action)).toEqual(['user.block', 'user.unblock']);
    // An admin cannot lock themselves out.
    expect((await t.request('PUT', `/api/admin/users/${desk.user.id}/blocked`, { blocked: true }, desk.headers)).status).toBe(409);
  });
});

describe('the tenant ad', () => {
  it('hidden twice at once is hidden once and leaves the landlords\' list; shown again it is back', async () => {
    const city = await createCity(t.prisma);
    const user = await createUser(t.prisma);
    await subscribe(t.prisma, user.id, 'tenantad-249kr-30days');
    await t.prisma.tenantProfile.create({ data: { userId: user.id, name: user.name, email: user.email as string, cityId: city.id, published: true, subject: 'Rolig lærer søger lejlighed', text: 'Ikkeryger', emailVerifiedAt: new Date() } });
    const listed = async () => ((await t.request('GET', `/api/tenant-ads/${city.slug}`)).body.data as Array<{ subject: string }>).map((ad) => ad.subject);
    expect(await listed()).toEqual(['Rolig lærer søger lejlighed']);
    const both = await Promise.all([1, 2].map(() => t.request('PUT', `/api/admin/users/${user.id}/tenant-ad/hidden`, { hidden: true, reason: 'Krænkende tekst' }, desk.headers)));
    expect(both.map((r) => r.status)).toEqual([204, 204]);
    expect(await listed()).toEqual([]);
    expect((await t.prisma.tenantProfile.findUniqueOrThrow({ where: { userId: user.id } })).text).toBe('Ikkeryger');
    expect((await t.request('PUT', `/api/admin/users/${user.id}/tenant-ad/hidden`, { hidden: false }, desk.headers)).status).toBe(204);
    expect(await listed()).toEqual(['Rolig lærer søger lejlighed']);
    expect((await auditOf(user.id)).map((e) => [e.action, e.after])).toEqual([
      ['tenant-ad.hide', { hidden: true, reason: 'Krænkende tekst' }],
      ['tenant-ad.show', { hidden: false }],
    ]);
    const none = await createUser(t.prisma);
    expect((await t.request('PUT', `/api/admin/users/${none.id}/tenant-ad/hidden`, { hidden: true }, desk.headers)).body.code).toBe('no-tenant-ad');
  });
});

describe('mails again', () => {
  it('the password-reset mail sent twice at once goes out once; a verification to a verified address is refused', async () => {
    const user = await createUser(t.prisma);
    const both = await Promise.all([1, 2].map(() => t.request('POST', `/api/admin/users/${user.id}/mails`, { kind: 'password-reset' }, desk.headers)));
    expect(both.map((r) => r.status).sort()).toEqual([204, 429]);
    const mails = await mailsTo(t, user.email as string);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('/reset-password?token=');
    expect((await auditOf(user.id)).map((e) => e.action)).toEqual(['mail.password-reset']);
    const verified = await t.request('POST', `/api/admin/users/${user.id}/mails`, { kind: 'verification' }, desk.headers);
    expect(verified.status).toBe(409);
    expect(verified.body.code).toBe('email-already-verified');
    expect((await t.request('POST', `/api/admin/users/${user.id}/mails`, { kind: 'welcome' }, desk.headers)).status).toBe(400);
  });
});

describe('money, through the payment gateway', () => {
  it('cancel twice at once: renewal stops once, one audit entry, one confirmation mail', async () => {
    const { user, subscriptionId } = await subscriber();
    const both = await Promise.all([1, 2].map(() => t.request('POST', `/api/admin/subscriptions/${subscriptionId}/cancel`, { reason: 'Ringede ind' }, desk.headers)));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await t.prisma.subscription.findUniqueOrThrow({ where: { id: subscriptionId } })).renew).toBe(false);
    const log = await auditOf(user.id);
    expect(log.map((e) => e.action)).toEqual(['subscription.cancel']);
    expect(log[0]).toMatchObject({ target: subscriptionId, before: expect.objectContaining({ renew: true }), after: expect.objectContaining({ renew: false, reason: 'Ringede ind' }) });
    expect((await mailsTo(t, user.email as string)).filter((m) => /opsagt|opsigelse/i.test(m.subject ?? ''))).toHaveLength(1);
  });

  it('refund one charge twice at once: refunded once at the provider, marked on the receipt, one mail that leaves the access alone', async () => {
    const { user, subscriptionId, receipt } = await subscriber();
    const both = await Promise.all([1, 2].map(() => t.request('POST', `/api/admin/receipts/${receipt.id}/refund`, {}, desk.headers)));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.body.refundedOre).sort((a, b) => a - b)).toEqual([0, receipt.amount]);
    expect(await refundedAtProvider(receipt.providerRef)).toBe(receipt.amount);
    expect((await t.prisma.transaction.findUniqueOrThrow({ where: { id: receipt.id } })).refundedOre).toBe(receipt.amount);
    expect((await t.prisma.subscription.findUniqueOrThrow({ where: { id: subscriptionId } })).status).toBe('ACTIVE');
    expect((await auditOf(user.id)).map((e) => e.action)).toEqual(['receipt.refund']);
    const refundMails = (await mailsTo(t, user.email as string)).filter((m) => m.subject === 'Din betaling er refunderet');
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0].text).not.toContain('ingen adgang');
  });

  it('a receipt with no charge at the provider (seeded) cannot be refunded: 409, nothing marked', async () => {
    const user = await createUser(t.prisma);
    await subscribe(t.prisma, user.id, 'tenantad-249kr-30days');
    const seeded = await t.prisma.transaction.create({ data: { userId: user.id, amount: 24900, vat: 4980, customerName: user.name, company: {} } });
    const res = await t.request('POST', `/api/admin/receipts/${seeded.id}/refund`, {}, desk.headers);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('refund-not-possible');
    expect((await t.prisma.transaction.findUniqueOrThrow({ where: { id: seeded.id } })).refundedAt).toBeNull();
    expect(await auditOf(user.id)).toEqual([]);
  });

  it('withdraw with refund after the 14 days (support\'s call), twice at once: ended and refunded once', async () => {
    const { user, subscriptionId, receipt } = await subscriber();
    // The subscriber's own withdrawal is over after 14 days; support's is not.
    t.clock.advance(20 * 86_400_000);
    try {
      expect((await t.request('POST', `/api/subscriptions/${subscriptionId}/withdraw`, {}, as(user.id))).body.code).toBe('withdrawal-expired');
      // The desk's session of 20 days ago is long over: a new code.
      const later = await adminWithSession(t);
      const both = await Promise.all([1, 2].map(() => t.request('POST', `/api/admin/subscriptions/${subscriptionId}/withdraw`, {}, later.headers)));
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      const row = await t.prisma.subscription.findUniqueOrThrow({ where: { id: subscriptionId } });
      expect(row.status).toBe('CANCELED');
      expect(row.withdrawnAt).not.toBeNull();
      expect(await refundedAtProvider(receipt.providerRef)).toBe(receipt.amount);
      expect((await auditOf(user.id)).map((e) => e.action)).toEqual(['subscription.withdraw']);
    } finally {
      t.clock.advance(-20 * 86_400_000);
    }
  });
});

describe('site alerts', () => {
  it('one form key makes one alert, also sent twice at once; it is on the site at once; a javascript: link is refused', async () => {
    const key = randomUUID();
    const alert = { key, headline: `Driftsbesked ${unique()}`, text: 'Betaling virker igen', link: '/info/kontakt', style: 'warning', views: 1000 };
    const both = await Promise.all([1, 2].map(() => t.request('POST', '/api/admin/alerts', alert, desk.headers)));
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(both[1].body.id).toBe(both[0].body.id);
    expect(await t.prisma.alert.count({ where: { headline: alert.headline } })).toBe(1);
    expect((await t.request('GET', '/api/alerts')).body.data.map((a: { headline: string }) => a.headline)).toContain(alert.headline);
    const id = both[0].body.id as number;
    const off = await t.request('PUT', `/api/admin/alerts/${id}`, { ...alert, key: undefined, active: false }, desk.headers);
    expect(off.status).toBe(200);
    expect((await t.request('GET', '/api/alerts')).body.data.map((a: { headline: string }) => a.headline)).not.toContain(alert.headline);
    const log = await t.prisma.adminAuditEntry.findMany({ where: { target: `alert ${id}` }, orderBy: { id: 'asc' } });
    expect(log.map((e) => e.action)).toEqual(['alert.create', 'alert.update']);
    const bad = await t.request('POST', '/api/admin/alerts', { ...alert, key: randomUUID(), link: 'javascript:alert(1)' }, desk.headers);
    expect(bad.status).toBe(400);
    expect((await t.request('PUT', '/api/admin/alerts/2147483000', { ...alert, key: undefined }, desk.headers)).status).toBe(404);
  });
});

describe('runs', () => {
  it('lists the newest feed imports and boligagent runs', async () => {
    await t.prisma.feedImport.create({ data: { source: 'feed.xml', finishedAt: new Date(), counts: { created: 3, updated: 1 } } });
    await t.prisma.boligagentRun.create({ data: { finishedAt: new Date(), mails: 12 } });
    const imports = await t.request('GET', '/api/admin/feed-imports', undefined, desk.headers);
    expect(imports.body.data[0]).toMatchObject({ source: 'feed.xml', counts: { created: 3, updated: 1 }, error: null });
    const runs = await t.request('GET', '/api/admin/boligagent-runs', undefined, desk.headers);
    expect(runs.body.data[0]).toMatchObject({ mails: 12, error: null });
  });
});
