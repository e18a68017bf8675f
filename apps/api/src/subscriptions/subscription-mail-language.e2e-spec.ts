import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionSchema } from '@husly/contracts';
import { formatOrderNo, type Language } from '@husly/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { mailsTo } from '../../test/mail-files';
import { freshCardNumber, seedOffers, userWithToken } from '../../test/subscription-fixtures';
import { SubscriptionMailService } from './subscription-mail.service';
import { formatNoticeDate } from '../infra/mail/templates/subscription-mails';

// Issue 36: the receipt and the intro reminder were Danish for everyone. They go in the user's
// language (users.language), the plan worded by its id as the pages word it, dates per language, and
// links to the user's host. Real database, the test payment provider, the file mail outbox.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { COMPANY_NAME: 'Testfirma ApS', COMPANY_CVR: '87654321' } });
  await seedOffers(t.prisma);
});
afterAll(() => t.close());

let cardYear = 0;
// Years 80+: account-deletion uses 60+ and subscriptions 40+ in the same database, and a card that paid an intro is refused another.
const freshExpiry = () => `${String((cardYear % 12) + 1).padStart(2, '0')}/${80 + Math.floor(cardYear++ / 12)}`;

/** A user in `language` who bought the intro: its receipt mail is queued by the purchase. */
async function introBuyer(language: Language) {
  const u = await userWithToken(t);
  const user = await t.prisma.user.update({ where: { id: u.user.id }, data: { name: 'Mette Hansen', language } });
  const billing = { name: 'Mette Hansen', email: 'mette@husly.test', address: 'Nørregade 2', zipcode: '8000', city: 'Aarhus C' };
  const created = await t.request('POST', '/api/subscriptions', { planId: 'tenantad-intro-7days', terms: true, billing }, u.auth);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const confirm = await t.request('POST', `/api/subscriptions/test-payments/${created.body.meta.paymentInfo}/confirm`, { cardNumber: freshCardNumber(), expiry: freshExpiry(), cvc: '123' }, u.auth);
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  const subscription = await t.prisma.subscription.findUniqueOrThrow({ where: { id: created.body.id as string }, include: { transactions: true } });
  return { email: user.email as string, auth: u.auth, subscription, charge: subscription.transactions[0] };
}

const DANISH_WORDS = /Boligsøger|dage|Kvittering|moms|introperiode|opsig/;

describe('the receipt mail in the user language', () => {
  it('en: English text and plan, the date in English, the invoice on the en. host; the job again sends nothing', async () => {
    const b = await introBuyer('en');
    const orderno = formatOrderNo(b.charge.orderno);
    const mails = await mailsTo(t, b.email);
    expect(mails.map((m) => m.subject)).toEqual([`Receipt for your purchase from Testfirma ApS (order no. ${orderno})`]);
    const text = mails[0].text ?? '';
    expect(text).toContain(`Receipt, order no. ${orderno}, ${formatNoticeDate('en', b.charge.timestamp)}`);
    expect(text).toContain('Tenant ad – introductory offer (7 days): 19 kr. (of which VAT 3,80 kr.)');
    expect(text).toContain('Total: 19 kr. incl. 25% VAT');
    expect(text).toMatch(new RegExp(`https?://en\\.[^\\s]*/profile/invoice/${b.charge.id}(\\s|$)`));
    expect(text).not.toMatch(DANISH_WORDS);

    // A repeated or retried receipt job, twice at once: still the one mail.
    const again = await Promise.all([0, 1].map(() => t.app.get(SubscriptionMailService).sendReceipt(b.charge.id)));
    expect(again).toEqual([false, false]);
    expect(await mailsTo(t, b.email)).toHaveLength(1);
  });

  it('da: the Danish line as stored, the Danish date and the Danish host', async () => {
    const b = await introBuyer('da');
    const orderno = formatOrderNo(b.charge.orderno);
    const mails = await mailsTo(t, b.email);
    expect(mails.map((m) => m.subject)).toEqual([`Kvittering for dit køb hos Testfirma ApS (ordrenr. ${orderno})`]);
    const text = mails[0].text ?? '';
    expect(text).toContain(`Kvittering, ordrenr. ${orderno}, ${formatNoticeDate('da', b.charge.timestamp)}`);
    expect(text).toContain('Boligsøgerannonce – introtilbud (7 dage): 19 kr. (heraf moms 3,80 kr.)');
    expect(text).toContain('I alt: 19 kr. inkl. 25 % moms');
    expect(text).toContain(`/profile/invoice/${b.charge.id}`);
    expect(text).not.toContain('://en.');
  });

  it('the invoice keeps the stored Danish line and says which plan charge it is, for the page to word', async () => {
    const b = await introBuyer('en');
    const receipt = transactionSchema.parse((await t.request('GET', `/api/subscriptions/transactions/${b.charge.id}`, undefined, b.auth)).body);
    expect(receipt.products).toEqual([
      { label: 'Boligsøgerannonce – introtilbud (7 dage)', priceOre: 1900, vatOre: 380, subtotalOre: 1900, plan: { plan: 'tenantad-intro-7days', introDays: 7, refund: false } },
    ]);
  });
});

describe('the intro reminder in the user language', () => {
  const remind = (id: string) => Promise.all([0, 1].map(() => t.app.get(SubscriptionMailService).sendIntroReminder(id)));

  it('en: the plan, price and date in English, the cancel link on the en. host; sent once when the job runs twice at once', async () => {
    const b = await introBuyer('en');
    const sent = await remind(b.subscription.id);
    expect(sent.sort()).toEqual([false, true]);
    await remind(b.subscription.id);
    const date = formatNoticeDate('en', b.subscription.endingAt as Date);
    const mails = (await mailsTo(t, b.email)).filter((m) => m.subject === `Your intro period ends on ${date}`);
    expect(mails).toHaveLength(1);
    const text = mails[0].text ?? '';
    expect(text).toContain(`Your intro period on Tenant ad – introductory offer ends on ${date}.`);
    expect(text).toContain('renews automatically at 249 kr. incl. VAT every 30 days until you cancel it.');
    expect(text).toMatch(/https?:\/\/en\.[^\s]*\/profile\/subscription(\s|$)/);
    expect(text).not.toMatch(DANISH_WORDS);
  });

  it('da: in Danish, with the Danish date and host', async () => {
    const b = await introBuyer('da');
    expect((await remind(b.subscription.id)).sort()).toEqual([false, true]);
    const date = formatNoticeDate('da', b.subscription.endingAt as Date);
    const mails = (await mailsTo(t, b.email)).filter((m) => m.subject === `Din introperiode slutter ${date}`);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`Din introperiode på Boligsøgerannonce – introtilbud slutter ${date}.`);
    expect(mails[0].text).toContain('fornyes abonnementet automatisk til 249 kr. inkl. moms hver 30. dag');
    expect(mails[0].text).not.toContain('://en.');
  });
});
