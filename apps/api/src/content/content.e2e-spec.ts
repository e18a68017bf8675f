import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { ContactRequest } from '@husly/contracts';
import { THROTTLE_MESSAGES } from '@husly/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { unique } from '../../test/factories';
import { JobQueue } from '../infra/queue/job-queue.service';
import { CONTACT_LIMITS, headerSafe } from './content.service';

const SUPPORT = 'kundeservice@husly.test';

// Each test writes from its own address, so the per-address limit of one never reaches another.
let nextAddress = 1;
const address = () => `192.0.2.${nextAddress++}`;

describe('POST /api/contact (the contact form of /info/contact)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ env: { SUPPORT_EMAIL: SUPPORT } })));
  afterAll(() => t.close());

  const form = (overrides: Partial<ContactRequest> = {}) =>
    ({
      name: 'Ida Jensen',
      email: `ida-${unique()}@example.dk`,
      subject: `Spørgsmål om abonnement ${unique()}`,
      message: 'Hej Husly, hvordan opsiger jeg mit abonnement? Venlig hilsen Ida',
      ...overrides,
    }) satisfies ContactRequest;

  /** Every mail in the outbox, once the queue has run everything queued (file mode: .eml files). */
  async function outbox(): Promise<ParsedMail[]> {
    await t.app.get(JobQueue).drain();
    const dir = t.config.mail.dir;
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    return Promise.all(files.map((f) => simpleParser(readFileSync(join(dir, f)))));
  }
  const mentioning = (mails: ParsedMail[], needle: string) => mails.filter((m) => m.subject?.includes(needle) || m.text?.includes(needle));

  it('mails one message to the support address, from our own address, with the sender as Reply-To only', async () => {
    const body = form();
    const res = await t.request('POST', '/api/contact', body, {}, address());
    expect(res.status).toBe(202);

    const mails = mentioning(await outbox(), body.subject);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : []).toEqual([SUPPORT]);
    expect(mail.from?.value.map((a) => a.address)).toEqual(['noreply@husly.dk']);
    expect(mail.replyTo?.value.map((a) => a.address)).toEqual([body.email]);
    expect(mail.subject).toBe(`Kontaktformular: ${body.subject}`);
    expect(mail.text).toContain(body.message);
    expect(mail.text).toContain('Ida Jensen');
    // The sender's address is nowhere in the headers but Reply-To.
    const headers = [...mail.headers.entries()].filter(([name]) => name !== 'reply-to');
    expect(JSON.stringify(headers)).not.toContain(body.email);
  });

  it('refuses bad input with a 400 naming the field, and mails nothing', async () => {
    const ip = address();
    const marker = `bad-${unique()}`;
    const cases: Array<[unknown, string]> = [
      [{ ...form({ subject: marker }), email: undefined }, 'email'],
      [form({ subject: marker, email: 'ikke-en-adresse' }), 'email'],
      [form({ subject: marker, name: '   ' }), 'name'],
      [form({ subject: marker, message: 'kort' }), 'message'],
      [form({ subject: marker, message: 'x'.repeat(5001) }), 'message'],
      [form({ subject: marker, name: 'Ida\u0000' }), 'name'],
      [form({ subject: '' , message: `${marker} uden emne her` }), 'subject'],
      [{ ...form({ subject: marker }), extra: 1 }, ''],
      [{ ...form({ subject: marker }), name: ['Ida'] }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await t.request('POST', '/api/contact', body, {}, ip);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (field) expect(res.body.field, JSON.stringify(body)).toBe(field);
      expect(res.body.errors.length).toBeGreaterThan(0);
    }
    const raw = await t.app.getHttpAdapter().getInstance().inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: '"just a string"' });
    expect(raw.statusCode).toBe(400);
    expect(mentioning(await outbox(), marker)).toHaveLength(0);
  });

  it('never lets a line break in the subject, name or email add a header', async () => {
    const ip = address();
    const marker = `inject-${unique()}`;
    const attempts = [
      form({ subject: `${marker}\r\nBcc: victim@example.com` }),
      form({ subject: `${marker}\nBcc: victim@example.com` }),
      form({ subject: marker, name: `Ida\r\nBcc: victim@example.com` }),
      form({ subject: marker, email: `ida@example.dk\r\nBcc: victim@example.com` }),
    ];
    for (const body of attempts) {
      const res = await t.request('POST', '/api/contact', body, {}, ip);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const mails = await outbox();
    expect(mentioning(mails, marker)).toHaveLength(0);
    expect(mails.filter((m) => m.bcc || m.headers.has('bcc'))).toHaveLength(0);
    // The service's own guard, should a caller ever skip the contract.
    expect(headerSafe('Hej\r\nBcc: victim@example.com')).toBe('Hej Bcc: victim@example.com');
  });

  it('throttles one address with 429 and Retry-After; the refused message is not mailed; another address still gets through', async () => {
    const ip = address();
    const { max } = CONTACT_LIMITS.ip(ip);
    for (let i = 0; i < max; i++) expect((await t.request('POST', '/api/contact', form(), {}, ip)).status).toBe(202);
    const refusedBody = form();
    const refused = await t.request('POST', '/api/contact', refusedBody, { host: 'en.localhost' }, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(THROTTLE_MESSAGES.en);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(mentioning(await outbox(), refusedBody.subject)).toHaveLength(0);
    expect((await t.request('POST', '/api/contact', form(), {}, address())).status).toBe(202);
  });
});
