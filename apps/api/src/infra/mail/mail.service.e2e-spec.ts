import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { unique } from '../../../test/factories';
import { Clock } from '../clock/clock';
import { Metrics } from '../metrics/metrics';
import { PrismaService } from '../prisma/prisma.service';
import { MailService } from './mail.service';

describe('MailService without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ clock: new Clock() })));
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

  it('records every mail it sent for support: the address lower-cased, subject, Message-ID and the clock\'s time', async () => {
    const mail = t.app.get(MailService);
    const at = new Date('2031-05-04T03:02:01.000Z');
    t.clock.set(at);
    const to = `Lejer-${unique()}@Husly.Test`;
    // Two at once: two mails left, so two rows (each with its own Message-ID).
    const [first, second] = await Promise.all([
      mail.send({ to, subject: 'Din boligagent', text: 'Hej', html: '<p>Hej</p>' }),
      mail.send({ to, subject: 'Din kvittering', text: 'Hej', html: '<p>Hej</p>' }),
    ]);
    const rows = await t.prisma.sentMail.findMany({ where: { recipient: to.toLowerCase() }, orderBy: { subject: 'asc' } });
    expect(rows.map(({ recipient, subject, messageId, sentAt }) => ({ recipient, subject, messageId, sentAt }))).toEqual([
      { recipient: to.toLowerCase(), subject: 'Din boligagent', messageId: first.messageId, sentAt: at },
      { recipient: to.toLowerCase(), subject: 'Din kvittering', messageId: second.messageId, sentAt: at },
    ]);
  });

  it('still answers with the sent mail when the record cannot be written (the database is unreachable)', async () => {
    // Not a mock: a real PrismaService on the test server, pointed at a database that does not exist,
    // so every query fails as it would in an outage while the relay (here the outbox) still works.
    // The mail has left by then; throwing would make its job retry and send it a second time.
    const missing = new URL(t.config.database.url as string);
    missing.pathname = `/husly_missing_${unique()}`;
    const unreachable = new PrismaService(missing.toString(), 1);
    const mail = new MailService(t.config, t.app.get(Metrics), unreachable, t.clock);
    const to = `uden-database-${unique()}@husly.test`;
    try {
      await expect(unreachable.$queryRaw`SELECT 1`).rejects.toThrow();
      const sent = await mail.send({ to, subject: 'Bekræft din email', text: 'Hej', html: '<p>Hej</p>' });
      expect(sent.messageId).toMatch(/@localhost>$/);
      expect((await simpleParser(readFileSync(sent.target))).messageId).toBe(sent.messageId);
      // The app's own database has no row of it either: nothing was written anywhere.
      expect(await t.prisma.sentMail.count({ where: { recipient: to } })).toBe(0);
    } finally {
      mail.onModuleDestroy();
      await unreachable.onApplicationShutdown();
    }
  });
});
