import { describe, expect, it } from 'vitest';
import type { Language } from '@husly/domain';
import { boligagentDigestMail, boligagentVerificationMail, type BoligagentDigestData, type DigestDwelling } from '../infra/mail/templates/boligagent-mails';
import { composeMail } from '../infra/mail/templates/mail-template';
import { listUnsubscribeHeaders, publicOrigin, signUserParam, unsubscribeUrlOf, verifyUserParam } from './public-urls';

const dwelling = (id: number, over: Partial<DigestDwelling> = {}): DigestDwelling => ({
  id,
  headline: `Lejlighed ${id}`,
  rent: 6500,
  rooms: 2,
  size: 64,
  city: 'Aarhus',
  path: `/vis/${id}?user=1.x`,
  ...over,
});
const links = { seeAllPath: '/search?q=Aarhus', managePath: '/boligagent/tok', unsubscribePath: '/api/boligagents/unsubscribe/tok' };
// Rendered as the mail module composes them, for PUBLIC_URL https://husly.dk.
const renderDigestMail = ({ language, ...data }: BoligagentDigestData & { language: Language }) => composeMail(boligagentDigestMail, { language, publicUrl: 'https://husly.dk' }, data);

describe('renderDigestMail', () => {
  it('lists each dwelling with headline, rent, rooms, size, city and link, in Danish', () => {
    const mail = renderDigestMail({ language: 'da', dwellings: [dwelling(1), dwelling(2, { rooms: 1, rent: -1 })], total: 2, ...links });
    expect(mail.subject).toBe('2 nye boliger til dig');
    expect(mail.text).toContain('Lejlighed 1\n6.500 kr./md. · 2 værelser · 64 m² · Aarhus\nhttps://husly.dk/vis/1?user=1.x');
    expect(mail.text).toContain('ukendt · 1 værelse · 64 m² · Aarhus');
    expect(mail.text).not.toContain('Se alle');
    expect(mail.html).toContain('href="https://husly.dk/vis/2?user=1.x"');
    expect(mail.text).toContain('Afmeld BoligAgent: https://husly.dk/api/boligagents/unsubscribe/tok');
  });

  it('says "see all N" when there are more than it lists, in English', () => {
    const mail = renderDigestMail({ language: 'en', dwellings: [dwelling(1)], total: 27, ...links });
    expect(mail.subject).toBe('27 new dwellings for you');
    expect(mail.text).toContain('See all 27: https://en.husly.dk/search?q=Aarhus');
    expect(mail.html).toContain('>See all 27</a>');
    expect(mail.text).toContain('6.500 DKK/month · 2 rooms · 64 m² · Aarhus');
  });

  it('escapes what landlords write', () => {
    const mail = renderDigestMail({ language: 'da', dwellings: [dwelling(1, { headline: '<script>x</script> & "lys"' })], total: 1, ...links });
    expect(mail.subject).toBe('1 ny bolig til dig');
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt; &amp; &quot;lys&quot;');
    expect(mail.html).not.toContain('<script>');
  });
});

describe('renderVerificationMail', () => {
  it.each([
    ['da', 'Bekræft din BoligAgent', 'Bekræft BoligAgent: https://husly.dk/boligagent/verify?token=t'],
    ['en', 'Confirm your BoligAgent', 'Confirm BoligAgent: https://en.husly.dk/boligagent/verify?token=t'],
  ] as const)('%s', (language, subject, line) => {
    const mail = composeMail(boligagentVerificationMail, { language, publicUrl: 'https://husly.dk' }, { verifyPath: '/boligagent/verify?token=t', unsubscribePath: links.unsubscribePath, areas: ['Aarhus'] });
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(line);
    expect(mail.text).toContain('Aarhus');
  });
});

describe('public URLs', () => {
  it.each([
    ['https://husly.dk', 'da', 'https://husly.dk'],
    ['https://husly.dk', 'en', 'https://en.husly.dk'],
    ['https://www.husly.dk', 'en', 'https://en.husly.dk'],
    ['http://localhost:3000', 'en', 'http://en.localhost:3000'],
    ['https://en.husly.dk', 'en', 'https://en.husly.dk'],
  ] as const)('publicOrigin(%s, %s) = %s', (url, language, expected) => {
    expect(publicOrigin(url, language)).toBe(expected);
  });

  it('signs the user parameter so that only our links are counted', () => {
    const param = signUserParam(42, 'secret-secret-secret-secret-secret');
    expect(verifyUserParam(param, 'secret-secret-secret-secret-secret')).toBe(42);
    expect(verifyUserParam(param, 'another-secret-another-secret-xx')).toBeNull();
    expect(verifyUserParam(param.replace(/^42/, '43'), 'secret-secret-secret-secret-secret')).toBeNull();
    expect(verifyUserParam('42', 'secret-secret-secret-secret-secret')).toBeNull();
  });

  it("an English mail's unsubscribe link opens the English host (it opened the Danish one, issue 15)", () => {
    expect(unsubscribeUrlOf('https://husly.dk', 'a/b', 'en')).toBe('https://en.husly.dk/api/boligagents/unsubscribe/a%2Fb');
    expect(unsubscribeUrlOf('https://www.husly.dk', 't', 'en')).toBe('https://en.husly.dk/api/boligagents/unsubscribe/t');
    expect(unsubscribeUrlOf('http://localhost:3000', 't', 'en')).toBe('http://en.localhost:3000/api/boligagents/unsubscribe/t');
    expect(unsubscribeUrlOf('https://husly.dk', 't', 'da')).toBe('https://husly.dk/api/boligagents/unsubscribe/t');
  });

  it('builds RFC 8058 headers with an https URL and a mailto', () => {
    expect(listUnsubscribeHeaders('https://husly.dk/api/boligagents/unsubscribe/t', 'Husly <noreply@husly.dk>', 't')).toEqual({
      'List-Unsubscribe': '<https://husly.dk/api/boligagents/unsubscribe/t>, <mailto:unsubscribe@husly.dk?subject=unsubscribe%20t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
