import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { MailService } from './mail.service';

describe('MailService without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('writes each mail as an RFC 5322 .eml file that a mail client can open', async () => {
    const mail = t.app.get(MailService);
    expect(mail.mode).toBe('file');
    const sent = await mail.send({
      to: 'lejer@husly.test',
      subject: 'Bekræft din email',
      text: 'Hej – klik på linket.',
      html: '<p>Hej – klik på linket.</p>',
      headers: { 'List-Unsubscribe': '<https://husly.dk/u/1>' },
    });
    expect(sent.target.startsWith(t.config.mail.dir)).toBe(true);
    const files = readdirSync(t.config.mail.dir);
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    expect(files.some((f) => f.endsWith('.tmp'))).toBe(false);

    const parsed = await simpleParser(readFileSync(join(t.config.mail.dir, files[0])));
    expect(parsed.subject).toBe('Bekræft din email');
    expect(parsed.from?.text).toContain('noreply@husly.dk');
    expect(parsed.text?.trim()).toBe('Hej – klik på linket.');
    expect(parsed.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toBe('List-Unsubscribe: <https://husly.dk/u/1>');
    expect(parsed.messageId).toBe(sent.messageId);
  });

  it('gives a mail without its own Message-ID a unique one on PUBLIC_URL’s host, and keeps one it has', async () => {
    const mail = t.app.get(MailService);
    const first = await mail.send({ to: 'lejer@husly.test', subject: 'Nulstil din adgangskode', text: 'Hej', html: '<p>Hej</p>' });
    const second = await mail.send({ to: 'lejer@husly.test', subject: 'Nulstil din adgangskode', text: 'Hej', html: '<p>Hej</p>' });
    // PUBLIC_URL is http://localhost:3000 here; MAIL_FROM's domain (husly.dk) is no host of ours.
    expect(first.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    expect(second.messageId).not.toBe(first.messageId);
    const parsed = await simpleParser(readFileSync(first.target));
    expect(parsed.messageId).toBe(first.messageId);

    const own = await mail.send({ to: 'lejer@husly.test', subject: 'x', text: 'x', html: '<p>x</p>', headers: { 'Message-ID': '<own-1.abc@localhost>' } });
    expect(own.messageId).toBe('<own-1.abc@localhost>');
    expect((await simpleParser(readFileSync(own.target))).messageId).toBe('<own-1.abc@localhost>');
  });
});
