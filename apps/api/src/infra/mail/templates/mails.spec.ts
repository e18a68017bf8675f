import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, LIMITED_PLAN, type Language } from '@husly/domain';
import { ACCOUNT_MAILS } from './account-mails';
import { boligagentChangeMail, boligagentDigestMail, boligagentVerificationMail } from './boligagent-mails';
import { contactFormMail } from './contact-mails';
import { favouriteChangesMail, type FavouriteChangeKind } from './favourite-mails';
import { composeMail, SUPPORT_LANGUAGE, type MailTemplate, type RenderedMail } from './mail-template';
import { introReminderMail, receiptMail, subscriptionNoticeMail, type NoticeFacts, type NoticeKind } from './subscription-mails';
import { landlordMessageMail } from './tenant-ad-mails';
import { unsubscribeConfirmationMail, unsubscribeSupportMail } from './unsubscribe-mails';

// Every mail of the portal, rendered in each language its reader may have, with a value a person typed
// that HTML must not run. A mail missing from this table, or sent to users without English, fails.

const PUBLIC_URL = 'https://husly.dk';
const HOSTS: Record<Language, string> = { da: 'https://husly.dk/', en: 'https://en.husly.dk/' };
/** What someone may type as a name, a headline or a message. */
const TYPED = 'Mette <script>alert(1)</script> & "Co"';

interface Row<D> {
  template: MailTemplate<D>;
  /** user: in the recipient's language (every language); support: to our own support, in its language. */
  to: 'user' | 'support';
  data: (language: Language) => D;
  /** Whether the mail shows a value someone typed (TYPED is put there). */
  typed?: boolean;
}
interface Mail {
  template: unknown;
  to: 'user' | 'support';
  typed: boolean;
  render: (language: Language) => RenderedMail;
}
const row = <D>(r: Row<D>): Mail => ({
  template: r.template,
  to: r.to,
  typed: r.typed === true,
  render: (language) => composeMail(r.template, { language, publicUrl: PUBLIC_URL }, r.data(language)),
});

const plan = { name: 'tenantad-249kr-30days', label: 'Boligsøgerannonce', price: 249, intervalDays: 30 };
const limited = { name: LIMITED_PLAN.id, label: 'Boligsøgerannonce – begrænset adgang', price: 79, intervalDays: 14 };
const ending = new Date('2026-12-24T10:00:00Z');
const notice = (kind: NoticeKind, over: Partial<NoticeFacts>): Mail =>
  row({
    template: subscriptionNoticeMail,
    to: 'user',
    typed: true,
    data: () => ({ kind, name: TYPED, plan, endingAt: ending, ordernos: ['HU-000123'], profilePath: '/profile/subscription', ...over }),
  });

/** Each kind of subscription notice: a new kind without a row here does not compile. */
const NOTICES: Record<NoticeKind, Partial<NoticeFacts>> = {
  cancel: { droppedPlan: { ...limited, startingAt: ending } },
  withdraw: { refundedOre: 24900 },
  'plan-change': { next: { ...limited, startingAt: ending } },
  reactivate: {},
  refund: { refundedOre: 1900, reason: 'intro-used' },
};

const MAILS: Record<string, Mail> = {
  ...Object.fromEntries(
    Object.entries(ACCOUNT_MAILS).map(([kind, template]) => [
      `account ${kind}`,
      row({ template, to: 'user', typed: true, data: () => ({ name: TYPED, path: '/profile/verify?token=abc', newEmail: 'ny@husly.test' }) }),
    ]),
  ),
  'boligagent verification': row({
    template: boligagentVerificationMail,
    to: 'user',
    data: () => ({ verifyPath: '/boligagent/verify?token=t', unsubscribePath: '/api/boligagents/unsubscribe/u', areas: ['Aarhus', 'Odense'] }),
  }),
  'boligagent digest': row({
    template: boligagentDigestMail,
    to: 'user',
    typed: true,
    data: () => ({
      dwellings: [{ id: 1, headline: TYPED, rent: 6500, rooms: 2, size: 64, city: 'Aarhus', path: '/vis/1?user=1.x&source=boligagent' }],
      total: 30,
      seeAllPath: '/search?q=Aarhus',
      managePath: '/boligagent/tok',
      unsubscribePath: '/api/boligagents/unsubscribe/u',
    }),
  }),
  ...Object.fromEntries(
    (['rent-drop', 'back-on-market'] as const).map((kind) => [
      `boligagent change ${kind}`,
      row({
        template: boligagentChangeMail,
        to: 'user',
        typed: true,
        data: () => ({
          kind,
          oldRent: 7200,
          dwelling: { id: 1, headline: TYPED, rent: 6500, rooms: 2, size: 64, city: 'Aarhus', path: '/vis/1?user=1.x&source=boligagent-change' },
          managePath: '/boligagent/tok',
          changeAlertsOffPath: '/api/boligagents/change-alerts-off/u',
          unsubscribePath: '/api/boligagents/unsubscribe/u',
        }),
      }),
    ]),
  ),
  ...Object.fromEntries(
    (['rent-drop', 'back-on-market', 'rented', 'reserved'] as const satisfies FavouriteChangeKind[]).map((kind) => [
      `favourite change ${kind}`,
      row({
        template: favouriteChangesMail,
        to: 'user',
        typed: true,
        data: () => ({
          changes: [{ kind, oldRent: 7200, dwelling: { id: 1, headline: TYPED, rent: 6500, rooms: 2, size: 64, city: 'Aarhus', path: '/vis/1?source=favourite-change' } }],
          favouritesPath: '/profile/favourites',
          offPath: '/api/favourite-mails/off/u',
        }),
      }),
    ]),
  ),
  // Several changes for one user in one mail.
  'favourite changes, several': row({
    template: favouriteChangesMail,
    to: 'user',
    typed: true,
    data: () => ({
      changes: (['rented', 'rent-drop', 'back-on-market'] as const).map((kind, i) => ({
        kind,
        oldRent: 7200,
        dwelling: { id: i + 1, headline: TYPED, rent: i === 0 ? 7200 : 6500, rooms: 2, size: 64, city: 'Aarhus', path: `/vis/${i + 1}?source=favourite-change` },
      })),
      favouritesPath: '/profile/favourites',
      offPath: '/api/favourite-mails/off/u',
    }),
  }),
  receipt: row({
    template: receiptMail,
    to: 'user',
    typed: true,
    data: (language) => ({
      orderno: 'HU-000123',
      date: ending,
      customer: `${TYPED}, Main Street 2, 8000 Aarhus C`,
      // The caller words the lines in the mail's language.
      lines: [{ label: language === 'da' ? 'Boligsøgerannonce' : 'Tenant ad', subtotalOre: 24900, vatOre: 4980 }],
      totalOre: 24900,
      path: '/profile/invoice/7',
      company: { name: 'Husly ApS', address: 'Main Street 1', zip: '8000', city: 'Aarhus C', tax: '12345678' },
    }),
  }),
  'intro reminder': row({ template: introReminderMail, to: 'user', data: () => ({ plan, endingAt: ending, cancelPath: '/profile/subscription' }) }),
  ...Object.fromEntries(Object.entries(NOTICES).map(([kind, over]) => [`notice ${kind}`, notice(kind as NoticeKind, over)])),
  // Support's refund of one charge (issue 33): says nothing of the access, which stays.
  'notice refund by support': notice('refund', { refundedOre: 24900, origin: 'support' }),
  'unsubscribe confirmation': row({ template: unsubscribeConfirmationMail, to: 'user', typed: true, data: () => ({ name: TYPED, path: '/afmelding/bekraeft?token=t', days: 7 }) }),
  'tenant ad landlord message': row({
    template: landlordMessageMail,
    to: 'user',
    typed: true,
    data: () => ({ firstName: TYPED, adSubject: 'Quiet tenant', message: `Hello\n${TYPED}`, landlord: { name: TYPED, email: 'landlord@husly.test', phone: '20 30 40 50' } }),
  }),
  'unsubscribe support request': row({
    template: unsubscribeSupportMail,
    to: 'support',
    typed: true,
    data: () => ({ uuid: 'u-1', name: TYPED, email: 'x@husly.test', phone: '20 30 40 50', orderno: null, message: TYPED }),
  }),
  'contact form': row({
    template: contactFormMail,
    to: 'support',
    typed: true,
    data: () => ({ name: TYPED, email: 'x@husly.test', site: 'en' as const, subject: 'Question', message: TYPED }),
  }),
};

// Words only a Danish mail has, and only an English one.
const DANISH = /\b(Hej|Kære|Venlig hilsen|Tak|Bekræft\w*|Linket|abonnement\w*|boliger|udlejer\w*|Kvittering\w*|moms|dage|og|ikke|din|dit|dine|til|her)\b/i;
const ENGLISH = /\b(the|your|you|and|Hi|Dear|Thank)\b/i;

const hrefsOf = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
const urlsOf = (text: string) => [...text.matchAll(/\bhttps?:\/\/\S+/g)].map((m) => m[0]);

describe('every mail', () => {
  it('is in the table: each template the mail module exports', async () => {
    const dir = __dirname;
    const exported = new Set<unknown>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('-mails.ts'))) {
      const module = (await import(join(dir, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        if (/Mail$/.test(name) && typeof value === 'function') exported.add(value);
        if (/_MAILS$/.test(name)) Object.values(value as object).forEach((t) => exported.add(t));
      }
    }
    const tabled = new Set(Object.values(MAILS).map((r) => r.template));
    expect(exported.size).toBeGreaterThan(10);
    expect([...exported].filter((t) => !tabled.has(t))).toEqual([]);
  });

  const cases = Object.entries(MAILS).flatMap(([name, r]) => (r.to === 'user' ? LANGUAGES : [SUPPORT_LANGUAGE]).map((language) => [name, language, r] as const));

  it.each(cases)('%s (%s): subject, HTML and its plain-text twin, in the language, links on its host, typed values escaped', (_name, language, r) => {
    const mail = r.render(language);
    expect(mail.subject.trim()).not.toBe('');
    expect(mail.text.trim()).not.toBe('');
    expect(mail.html.startsWith(`<!doctype html><html lang="${language}">`)).toBe(true);
    expect(mail.text).not.toMatch(/<(a|p|br|div)\b/);

    const words = `${mail.subject}\n${mail.text}`.split(TYPED).join(' ');
    if (language === 'en') expect(words).not.toMatch(DANISH);
    else expect(words).not.toMatch(ENGLISH);

    // The same links in both parts, every one absolute on the language's host.
    const links = hrefsOf(mail.html);
    expect(links.sort()).toEqual(urlsOf(mail.text).sort());
    for (const link of links) expect(link.startsWith(HOSTS[language]), link).toBe(true);

    expect(mail.html).not.toContain('<script>');
    if (r.typed) {
      expect(mail.html).toContain('Mette &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
      expect(mail.text).toContain(TYPED);
    }
  });

  it('an English user mail differs from the Danish one in every part', () => {
    for (const [name, r] of Object.entries(MAILS).filter(([, m]) => m.to === 'user')) {
      const [da, en] = (['da', 'en'] as const).map((language) => r.render(language));
      expect(en.subject, name).not.toBe(da.subject);
      expect(en.text, name).not.toBe(da.text);
    }
  });
});
