import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatOrderNo } from '@husly/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { mailsTo } from '../../test/mail-files';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { freshCardNumber, seedOffers, userWithToken } from '../../test/subscription-fixtures';
import { JobQueue } from '../infra/queue/job-queue.service';
import { formatNoticeDate } from '../infra/mail/templates/subscription-mails';

// Issue 36: every cancel, withdrawal, change of plan, reactivation and refund is confirmed by one mail,
// in the user's language, with the dates and the order number. Real database, the test payment
// provider, the file mail outbox (and a real SMTP server answering 451 for the retry).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedOffers(t.prisma);
});
afterAll(() => t.close());

const SUBJECTS = {
  cancel: { da: 'Bekræftelse: dit Husly-abonnement er opsagt', en: 'Confirmation: your Husly subscription is cancelled' },
  change: { da: 'Bekræftelse: skift af abonnement', en: 'Confirmation: change of subscription' },
  reactivate: { da: 'Bekræftelse: dit Husly-abonnement er genoptaget', en: 'Confirmation: your Husly subscription is reactivated' },
  withdraw: { da: 'Bekræftelse: du har fortrudt dit køb', en: 'Confirmation: you have withdrawn from your purchase' },
  refund: { da: 'Din betaling er refunderet', en: 'Your payment has been refunded' },
};

const withSubject = async (to: string, subject: string) => (await mailsTo(t, to)).filter((m) => m.subject === subject);

let cardYear = 0;
const freshExpiry = () => `${String((cardYear % 12) + 1).padStart(2, '0')}/${50 + Math.floor(cardYear++ / 12)}`;

async function buy(app: TestApp, auth: Record<string, string>, planId = 'tenantad-249kr-30days', card: { cardNumber?: string; expiry?: string } = {}) {
  const created = await app.request('POST', '/api/subscriptions', { planId, terms: true, billing: { name: 'Mette Hansen', email: 'mette@husly.test', phone: '+45 20 30 40 50' } }, auth);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const confirm = await app.request('POST', `/api/subscriptions/test-payments/${created.body.meta.paymentInfo}/confirm`, { cardNumber: freshCardNumber(), expiry: freshExpiry(), cvc: '123', ...card }, auth);
  return { id: created.body.id as string, confirm };
}

async function subscriber(app: TestApp, language: 'da' | 'en' = 'da') {
  const u = await userWithToken(app);
  const user = await app.prisma.user.update({ where: { id: u.user.id }, data: { name: 'Mette Hansen', cellphone: '+45 20 30 40 50', language } });
  const { id, confirm } = await buy(app, u.auth);
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  const row = await app.prisma.subscription.findUniqueOrThrow({ where: { id }, include: { transactions: true } });
  return { user, email: user.email as string, auth: u.auth, id, endingAt: row.endingAt as Date, orderno: formatOrderNo(row.transactions[0].orderno) };
}

describe('a confirmation for every change of a subscription', () => {
  it('cancel (da): one mail with the plan, the price, the period, access until and the order number', async () => {
    const s = await subscriber(t);
    expect((await t.request('DELETE', `/api/subscriptions/${s.id}`, undefined, s.auth)).status).toBe(200);
    const mails = await withSubject(s.email, SUBJECTS.cancel.da);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Hej Mette Hansen');
    expect(mails[0].text).toContain('249 kr. inkl. moms hver 30. dag');
    expect(mails[0].text).toContain(`Du har adgang indtil ${formatNoticeDate('da', s.endingAt)}.`);
    expect(mails[0].text).toContain(`Ordrenr.: ${s.orderno}`);
    // Cancelled already: a second cancel changes nothing and mails nothing.
    expect((await t.request('DELETE', `/api/subscriptions/${s.id}`, undefined, s.auth)).status).toBe(200);
    expect(await withSubject(s.email, SUBJECTS.cancel.da)).toHaveLength(1);
  });

  it('change of plan, cancel (dropping it) and reactivation (en): one mail each, with both plans and dates', async () => {
    const s = await subscriber(t, 'en');
    const changed = await t.request('POST', '/api/subscriptions/change', { plan: 'tenantad-79kr-14days' }, s.auth);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const change = await withSubject(s.email, SUBJECTS.change.en);
    expect(change).toHaveLength(1);
    expect(change[0].text).toContain('Hi Mette Hansen');
    // The plans by their English names, as the pages name them (issue 36), not the database's Danish.
    expect(change[0].text).toContain('You are switching from Tenant ad to Tenant ad – limited access.');
    expect(change[0].text).not.toContain('Boligsøger');
    expect(change[0].text).toContain(`runs until ${formatNoticeDate('en', s.endingAt)} and does not renew`);
    expect(change[0].text).toContain(`starts on ${formatNoticeDate('en', s.endingAt)} and costs 79 kr. incl. VAT every 14 days`);
    expect(change[0].text).toContain(`Order no.: ${s.orderno}`);
    expect(change[0].text).toContain('://en.');

    expect((await t.request('DELETE', `/api/subscriptions/${s.id}`, undefined, s.auth)).status).toBe(200);
    const cancel = await withSubject(s.email, SUBJECTS.cancel.en);
    expect(cancel).toHaveLength(1);
    expect(cancel[0].text).toContain(`You have access until ${formatNoticeDate('en', s.endingAt)}.`);
    expect(cancel[0].text).toContain(`The planned switch to Tenant ad – limited access`);
    expect(cancel[0].text).not.toContain('Boligsøger');
    expect(cancel[0].text).toContain(`(79 kr. incl. VAT every 14 days) from ${formatNoticeDate('en', s.endingAt)} is cancelled.`);

    const resumed = await t.request('GET', `/api/subscriptions/reactivate/${s.id}`, undefined, s.auth);
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    const reactivate = await withSubject(s.email, SUBJECTS.reactivate.en);
    expect(reactivate).toHaveLength(1);
    expect(reactivate[0].text).toContain(`It renews automatically on ${formatNoticeDate('en', s.endingAt)} at 249 kr. incl. VAT every 30 days`);
    // Renewing already: reactivating again changes nothing and mails nothing.
    await t.request('GET', `/api/subscriptions/reactivate/${s.id}`, undefined, s.auth);
    expect(await withSubject(s.email, SUBJECTS.reactivate.en)).toHaveLength(1);
    expect(await withSubject(s.email, SUBJECTS.change.en)).toHaveLength(1);
  });

  it('withdrawal (da): the refunded amount and the order number; twice in parallel, one mail', async () => {
    const s = await subscriber(t);
    const [a, b] = await Promise.all([
      t.request('POST', `/api/subscriptions/${s.id}/withdraw`, {}, s.auth),
      t.request('POST', `/api/subscriptions/${s.id}/withdraw`, {}, s.auth),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const mails = await withSubject(s.email, SUBJECTS.withdraw.da);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Vi har refunderet 249 kr. til det kort');
    expect(mails[0].text).toContain(`Ordrenr.: ${s.orderno}`);
    expect(await t.prisma.subscriptionNotice.count({ where: { subscriptionId: s.id } })).toBe(1);
  });

  it('two cancels and two changes of plan in parallel: one mail each', async () => {
    const s = await subscriber(t);
    const changes = await Promise.all([0, 1].map(() => t.request('POST', '/api/subscriptions/change', { plan: 'tenantad-79kr-14days' }, s.auth)));
    expect(changes.map((r) => r.status)).toEqual([200, 200]);
    const cancels = await Promise.all([0, 1].map(() => t.request('DELETE', `/api/subscriptions/${s.id}`, undefined, s.auth)));
    expect(cancels.map((r) => r.status)).toEqual([200, 200]);
    expect(await withSubject(s.email, SUBJECTS.change.da)).toHaveLength(1);
    expect(await withSubject(s.email, SUBJECTS.cancel.da)).toHaveLength(1);
  });

  it('an intro refused for a used card (refunded by the sync): one refund mail with the amount, the reason and the order number', async () => {
    const card = { cardNumber: '5555 5555 5555 4444', expiry: freshExpiry() };
    const first = await userWithToken(t);
    expect((await buy(t, first.auth, 'tenantad-intro-7days', card)).confirm.status).toBe(200);
    const second = await userWithToken(t);
    await t.prisma.user.update({ where: { id: second.user.id }, data: { language: 'da' } });
    const { id, confirm } = await buy(t, second.auth, 'tenantad-intro-7days', card);
    expect(confirm.status).toBe(409);
    const charge = await t.prisma.transaction.findFirstOrThrow({ where: { subscriptionId: id } });
    const mails = await withSubject(second.user.email as string, SUBJECTS.refund.da);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`Vi har refunderet ${charge.amount / 100} kr.`);
    expect(mails[0].text).toContain('Introtilbuddet kan kun købes én gang');
    expect(mails[0].text).toContain(`Ordrenr.: ${formatOrderNo(charge.orderno)}`);
    expect(await withSubject(first.user.email as string, SUBJECTS.refund.da)).toHaveLength(0);
  });
});

describe('the manual form (/afmelding, confirmed by mail) after a switch to another plan', () => {
  it('ends the scheduled plan as the in-app cancel does, and confirms it by one mail', async () => {
    const s = await subscriber(t);
    expect((await t.request('POST', '/api/subscriptions/change', { plan: 'tenantad-79kr-14days' }, s.auth)).status).toBe(200);
    const form = await t.request('POST', '/api/unsubscribe/manual', { email: s.email, name: 'Mette Hansen', phone: '+45 20 30 40 50' }, {}, '203.0.113.201');
    expect(form.status, JSON.stringify(form.body)).toBe(201);
    const link = (await withSubject(s.email, 'Bekræft opsigelsen af dit Husly-abonnement'))[0];
    const token = /\/afmelding\/bekraeft\?token=([A-Za-z0-9_-]+)/.exec(link?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const confirmed = await t.request('POST', '/api/unsubscribe/confirm', { token }, {}, '203.0.113.201');
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

    const listed = await t.request('GET', '/api/subscriptions', undefined, s.auth);
    expect(listed.body.subscriptions[0]).toMatchObject({ id: s.id, renew: false, nextSubscription: null });
    const pending = await t.prisma.subscription.findMany({ where: { userId: s.user.id, NOT: { id: s.id } } });
    expect(pending.map((p) => p.status)).toEqual(['CANCELED']);
    const cancel = await withSubject(s.email, SUBJECTS.cancel.da);
    expect(cancel).toHaveLength(1);
    expect(cancel[0].text).toContain('79 kr. inkl. moms hver 14. dag');
    expect(cancel[0].text).toContain('er annulleret');
  });
});

describe('a confirmation whose first delivery fails (SMTP 451)', () => {
  let sink: SmtpSink;
  let app: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await createTestApp({ env: { SMTP_URL: sink.url } });
    await seedOffers(app.prisma);
  });
  afterAll(async () => {
    await app.close();
    await sink.close();
  });

  it('is retried and arrives once', async () => {
    const s = await subscriber(app);
    await app.app.get(JobQueue).drain();
    sink.failNext(1);
    expect((await app.request('DELETE', `/api/subscriptions/${s.id}`, undefined, s.auth)).status).toBe(200);
    await app.app.get(JobQueue).drain();
    const cancels = sink.messages.filter((m) => m.subject === SUBJECTS.cancel.da && (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text === s.email));
    expect(cancels).toHaveLength(1);
    const notice = await app.prisma.subscriptionNotice.findFirstOrThrow({ where: { subscriptionId: s.id, kind: 'cancel' } });
    expect(notice.mailedAt).not.toBeNull();
  }, 60_000);
});
