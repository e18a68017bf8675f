import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { inject } from 'vitest';
import { createTestApp as createSharedTestApp, type TestApp } from '../../test/test-app';
import { createScratchDatabase } from '../../test/scratch-database';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { createCity, unique } from '../../test/factories';
import { Clock } from '../infra/clock/clock';
import type { PrismaService } from '../infra/prisma/prisma.service';
import { JobQueue } from '../infra/queue/job-queue.service';
import { JOBS } from '../infra/queue/jobs';
import { BullWorkerProcessor } from '../infra/queue/bull-worker.processor';
import { BoligagentDeliveryService, BoligagentSendRetry, DWELLINGS_PER_MAIL } from './boligagent-delivery.service';
import { BoligagentRepository } from './boligagent.repository';

// A database of this file's own: its digest runs mail every agent in the database they run on, so
// on the run's shared database they claimed (and sent to this file's sinks) the agents other files
// were waiting for, and waited themselves behind those agents' mails (issue 34's parallel runs).
let database: Awaited<ReturnType<typeof createScratchDatabase>>;
beforeAll(async () => {
  database = await createScratchDatabase('husly_boligagent_delivery');
}, 120_000);
afterAll(async () => {
  await database?.drop();
});
const createTestApp = (options: Parameters<typeof createSharedTestApp>[0] = {}) =>
  options.ownDatabase ? createSharedTestApp(options) : createSharedTestApp({ ...options, env: { DATABASE_URL: database.url, ...options.env } });

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const recipient = (m: ParsedMail) => (m.to && 'text' in m.to ? m.to.text : '');
const dwellingIdsIn = (m: ParsedMail) => [...(m.text ?? '').matchAll(/\/vis\/(\d+)\?/g)].map((x) => Number(x[1])).sort((a, b) => a - b);

async function landlordId(prisma: PrismaService): Promise<number> {
  return (await prisma.landlord.create({ data: { name: `Udlejer ${unique()}` } })).id;
}

async function dwelling(
  prisma: PrismaService,
  input: { cityId: number; landlordId: number; rent: number; rooms: number; size: number; createdAt: Date; deletedAt?: Date },
) {
  const suffix = unique();
  return prisma.dwelling.create({
    data: { headline: `Lejlighed ${suffix}`, rent: input.rent, rooms: input.rooms, size: input.size, cityId: input.cityId, landlordId: input.landlordId, createdAt: input.createdAt, deletedAt: input.deletedAt ?? null },
  });
}

async function agent(
  prisma: PrismaService,
  input: {
    cityId: number;
    rent?: number | null;
    rooms?: number | null;
    size?: number | null;
    verifiedAt?: Date | null;
    enabled?: boolean;
    frequency?: 'INSTANT' | 'DAILY' | 'WEEKLY';
    language?: string;
    lastMailedAt?: Date | null;
    email?: string;
  },
) {
  return prisma.boligagent.create({
    data: {
      email: input.email ?? `agent-${unique()}@husly.test`,
      token: `tok-${unique()}${unique()}`,
      verifiedAt: input.verifiedAt === undefined ? new Date(Date.now() - 2 * DAY) : input.verifiedAt,
      enabled: input.enabled ?? true,
      frequency: input.frequency ?? 'DAILY',
      language: input.language ?? 'da',
      lastMailedAt: input.lastMailedAt ?? null,
      prefs: { create: { cityId: input.cityId, rent: input.rent ?? null, rooms: input.rooms ?? null, size: input.size ?? null } },
    },
  });
}

/** Mails of these recipients only: the digest also serves agents other test files created. */
const mailsTo = (sinks: SmtpSink[], emails: Set<string>) => sinks.flatMap((s) => s.messages).filter((m) => emails.has(recipient(m)));

describe('the boligagent mail job on BullMQ (real Redis) and SMTP', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let delivery: BoligagentDeliveryService;
  let jobs: JobQueue;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ redis: true, env: { SMTP_URL: sink.url, QUEUE_PREFIX: `husly-test-ba-${unique()}` } });
    delivery = t.app.get(BoligagentDeliveryService);
    jobs = t.app.get(JobQueue);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('mails the right agents the right dwellings once, with RFC 8058 headers; a second run sends nothing; one-click POST stops the agent', async () => {
    const now = Date.now();
    const landlord = await landlordId(t.prisma);
    const x = await createCity(t.prisma);
    const y = await createCity(t.prisma);
    const d1 = await dwelling(t.prisma, { cityId: x.id, landlordId: landlord, rent: 5000, rooms: 2, size: 50, createdAt: new Date(now - HOUR) });
    const d2 = await dwelling(t.prisma, { cityId: x.id, landlordId: landlord, rent: 9000, rooms: 3, size: 80, createdAt: new Date(now - 2 * HOUR) });
    const d3 = await dwelling(t.prisma, { cityId: x.id, landlordId: landlord, rent: 4000, rooms: 1, size: 30, createdAt: new Date(now - 3 * HOUR) });
    await dwelling(t.prisma, { cityId: x.id, landlordId: landlord, rent: 4000, rooms: 2, size: 60, createdAt: new Date(now - HOUR), deletedAt: new Date(now - 1000) }); // rented
    await dwelling(t.prisma, { cityId: x.id, landlordId: landlord, rent: -1, rooms: 4, size: 90, createdAt: new Date(now - HOUR) }); // unknown rent
    await dwelling(t.prisma, { cityId: x.id, landlordId: landlord, rent: 3000, rooms: 2, size: 50, createdAt: new Date(now - 3 * DAY) }); // before verification
    const d6 = await dwelling(t.prisma, { cityId: y.id, landlordId: landlord, rent: 7000, rooms: 2, size: 70, createdAt: new Date(now - HOUR) });

    const cheap = await agent(t.prisma, { cityId: x.id, rent: 6000 }); // d1, d3
    const big = await agent(t.prisma, { cityId: x.id, rooms: 3, size: 80 }); // d2 (+ the unknown-rent one: no rent limit)
    const other = await agent(t.prisma, { cityId: y.id }); // d6
    const english = await agent(t.prisma, { cityId: x.id, rent: 10_000, language: 'en' }); // d1, d2, d3
    const weeklyDue = await agent(t.prisma, { cityId: y.id, frequency: 'WEEKLY', lastMailedAt: new Date(now - 8 * DAY) }); // d6
    const nothing = [
      await agent(t.prisma, { cityId: x.id, size: 200 }),
      await agent(t.prisma, { cityId: x.id, verifiedAt: null }),
      await agent(t.prisma, { cityId: x.id, enabled: false }),
      await agent(t.prisma, { cityId: y.id, frequency: 'WEEKLY', lastMailedAt: new Date(now - 2 * DAY) }),
      await agent(t.prisma, { cityId: x.id, email: `suppressed-${unique()}@husly.test` }),
    ];
    await t.prisma.mailSuppression.create({ data: { email: nothing[4].email, reason: 'test' } });
    const mailed = [cheap, big, other, english, weeklyDue];
    const emails = new Set([...mailed, ...nothing].map((a) => a.email));

    await jobs.enqueue(JOBS.boligagentDigest, { trigger: 'command' }, { jobId: `digest-${unique()}` });
    await until('five boligagent mails', () => mailsTo([sink], emails).length >= 5);
    await new Promise((r) => setTimeout(r, 500));
    const got = mailsTo([sink], emails);
    const byEmail = new Map(got.map((m) => [recipient(m), m]));
    expect(got).toHaveLength(5);
    expect(dwellingIdsIn(byEmail.get(cheap.email) as ParsedMail)).toEqual([d1.id, d3.id].sort((a, b) => a - b));
    expect(dwellingIdsIn(byEmail.get(big.email) as ParsedMail)).toEqual(expect.arrayContaining([d2.id]));
    expect(dwellingIdsIn(byEmail.get(big.email) as ParsedMail)).toHaveLength(2);
    expect(dwellingIdsIn(byEmail.get(other.email) as ParsedMail)).toEqual([d6.id]);
    expect(dwellingIdsIn(byEmail.get(weeklyDue.email) as ParsedMail)).toEqual([d6.id]);
    expect(dwellingIdsIn(byEmail.get(english.email) as ParsedMail)).toEqual([d1.id, d2.id, d3.id].sort((a, b) => a - b));

    const danish = byEmail.get(cheap.email) as ParsedMail;
    expect(danish.subject).toBe('2 nye boliger til dig');
    expect(danish.text).toContain(d1.headline);
    expect(danish.text).toContain('5.000 kr./md. · 2 værelser · 50 m² · ' + x.label);
    expect(danish.text).toMatch(/\/vis\/\d+\?user=\d+\.[A-Za-z0-9_-]+&source=boligagent/);
    expect(danish.html).toContain(`href="${t.config.http.publicUrl}/vis/${d1.id}?user=`);
    expect((byEmail.get(english.email) as ParsedMail).subject).toBe('3 new dwellings for you');
    expect((byEmail.get(english.email) as ParsedMail).text).toContain('//en.localhost');

    // List-Unsubscribe carries the unsubscribe-only token; the management token stays in the manage link.
    expect(cheap.unsubscribeToken).toMatch(/^[0-9a-f]{64}$/);
    const unsubscribeUrl = `${t.config.http.publicUrl}/api/boligagents/unsubscribe/${cheap.unsubscribeToken}`;
    expect(danish.text).toContain(`/boligagent/${cheap.token}`);
    expect(danish.text).toContain(unsubscribeUrl);
    expect(danish.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).not.toContain(cheap.token);
    expect(danish.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const listUnsubscribe = danish.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
    expect(listUnsubscribe).toContain(`<${unsubscribeUrl}>`);
    expect(listUnsubscribe).toContain(`<mailto:unsubscribe@husly.dk?subject=unsubscribe%20${cheap.unsubscribeToken}>`);
    const mailRow = await t.prisma.boligagentMail.findFirstOrThrow({ where: { boligagentId: cheap.id } });
    // The delivery id, then a part only this installation makes (infra/mail/message-id.ts).
    expect(danish.messageId).toMatch(new RegExp(`^<boligagent-${mailRow.id}\\.[0-9a-f]{24}@localhost>$`));
    expect(mailRow).toMatchObject({ status: 'SENT', dwellingCount: 2, attempts: 1 });
    expect(await t.prisma.boligagentMail.count({ where: { boligagentId: { in: nothing.map((a) => a.id) } } })).toBe(0);

    // A second run: nothing new, nothing claimed, nothing sent.
    await delivery.runDigest(new Date());
    expect(await t.prisma.boligagentMail.count({ where: { boligagentId: { in: [...mailed, ...nothing].map((a) => a.id) } } })).toBe(5);
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo([sink], emails)).toHaveLength(5);

    // One-click unsubscribe (RFC 8058) from the header's URL: the agent gets no further mail.
    const fastify = t.app.getHttpAdapter().getInstance();
    const post = await fastify.inject({
      method: 'POST',
      url: new URL(unsubscribeUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 10));
    await dwelling(t.prisma, { cityId: x.id, landlordId: landlord, rent: 4000, rooms: 2, size: 50, createdAt: new Date() });
    const third = await delivery.runDigest(new Date(Date.now() + 1));
    expect(third.mails).toBeGreaterThanOrEqual(1); // the others still get the new one
    await until('the third run', async () => (await t.prisma.boligagentMail.count({ where: { boligagentId: { in: mailed.map((a) => a.id) }, status: 'PENDING' } })) === 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo([sink], new Set([cheap.email]))).toHaveLength(1);
    expect(mailsTo([sink], new Set([english.email]))).toHaveLength(2);
  });

  it('mails instant agents when dwellings are created, and not the daily ones', async () => {
    const landlord = await landlordId(t.prisma);
    const z = await createCity(t.prisma);
    const instant = await agent(t.prisma, { cityId: z.id, frequency: 'INSTANT' });
    const daily = await agent(t.prisma, { cityId: z.id });
    const d = await dwelling(t.prisma, { cityId: z.id, landlordId: landlord, rent: 5000, rooms: 2, size: 50, createdAt: new Date() });
    await delivery.dwellingsCreated([d.id]);
    await until('the instant mail', () => mailsTo([sink], new Set([instant.email])).length === 1);
    await delivery.dwellingsCreated([d.id]); // an import seeing the same dwelling again
    await new Promise((r) => setTimeout(r, 700));
    expect(mailsTo([sink], new Set([instant.email, daily.email])).map(recipient)).toEqual([instant.email]);
    expect(dwellingIdsIn(mailsTo([sink], new Set([instant.email]))[0])).toEqual([d.id]);
  });
});

describe('exactly once across a killed run and a Redis outage', () => {
  const prefix = `husly-test-ba-${unique()}`;

  async function scenario(prisma: PrismaService, agents: number) {
    const landlord = await landlordId(prisma);
    const city = await createCity(prisma);
    const now = Date.now();
    const dwellings = [];
    for (let i = 0; i < 3; i++) dwellings.push(await dwelling(prisma, { cityId: city.id, landlordId: landlord, rent: 4000 + i * 2000, rooms: 2, size: 50, createdAt: new Date(now - HOUR) }));
    const list = [];
    for (let i = 0; i < agents; i++) {
      const rent = i % 2 ? 6000 : null;
      const row = await agent(prisma, { cityId: city.id, rent });
      list.push({ ...row, expected: dwellings.filter((d) => rent === null || d.rent <= rent).map((d) => d.id).sort((a, b) => a - b) });
    }
    return { agents: list, emails: new Set(list.map((a) => a.email)) };
  }

  /** Every agent got one mail, and in it exactly its matching dwellings. */
  function expectExactlyOnce(messages: ParsedMail[], s: Awaited<ReturnType<typeof scenario>>) {
    const perAgent = new Map<string, number[]>();
    for (const m of messages) perAgent.set(recipient(m), [...(perAgent.get(recipient(m)) ?? []), ...dwellingIdsIn(m)]);
    for (const a of s.agents) expect(perAgent.get(a.email)).toEqual(a.expected);
    expect(messages).toHaveLength(s.agents.length); // one mail per agent
  }

  it('a run stopped halfway (SMTP failing, worker shut down) and restarted sends every remaining mail exactly once', async () => {
    const sink1 = await startSmtpSink();
    const t1 = await createTestApp({ redis: true, env: { SMTP_URL: sink1.url, QUEUE_PREFIX: prefix } });
    const s = await scenario(t1.prisma, 40);
    await t1.app.get(JobQueue).enqueue(JOBS.boligagentDigest, { trigger: 'command' }, { jobId: `digest-${unique()}` });
    await until('the first mails', () => mailsTo([sink1], s.emails).length >= 10);
    sink1.failNext(1_000_000); // the relay goes away…
    // …and the worker dies mid-run: closed without waiting for its active jobs, like a killed process.
    await t1.app.get(BullWorkerProcessor).worker.close(true);
    const before = mailsTo([sink1], s.emails).length;
    expect(before).toBeLessThan(40);

    const sink2 = await startSmtpSink();
    const t2 = await createTestApp({ redis: true, env: { SMTP_URL: sink2.url, QUEUE_PREFIX: prefix } });
    try {
      await t2.app.get(JobQueue).enqueue(JOBS.boligagentDigest, { trigger: 'command' }, { jobId: `digest-${unique()}` });
      await until('every mail', () => mailsTo([sink1, sink2], s.emails).length >= 40, 90_000);
      await new Promise((r) => setTimeout(r, 1_000));
      expectExactlyOnce(mailsTo([sink1, sink2], s.emails), s);
      const statuses = await t2.prisma.boligagentMail.groupBy({ by: ['status'], where: { boligagentId: { in: s.agents.map((a) => a.id) } }, _count: true });
      expect(statuses).toEqual([{ status: 'SENT', _count: 40 }]);
    } finally {
      await t2.close();
      await t1.close();
      await sink1.close();
      await sink2.close();
    }
  }, 120_000);

  it('a Redis outage in the middle of a run loses nothing and duplicates nothing', async () => {
    const proxy = await startTcpProxy(new URL(inject('redisUrl')));
    const sink = await startSmtpSink();
    const t = await createTestApp({ redis: true, env: { SMTP_URL: sink.url, QUEUE_PREFIX: `${prefix}-outage`, REDIS_URL: proxy.url } });
    try {
      const s = await scenario(t.prisma, 120);
      await t.app.get(JobQueue).enqueue(JOBS.boligagentDigest, { trigger: 'command' }, { jobId: `digest-${unique()}` });
      await until('the first mails', () => mailsTo([sink], s.emails).length >= 5);
      await proxy.cut(); // Redis unreachable: every connection dropped, new ones refused
      await new Promise((r) => setTimeout(r, 2_000));
      await proxy.restore();
      await until('every mail', () => mailsTo([sink], s.emails).length >= 120, 90_000);
      await new Promise((r) => setTimeout(r, 1_000));
      expectExactlyOnce(mailsTo([sink], s.emails), s);
    } finally {
      await t.close();
      await sink.close();
      await proxy.close();
    }
  }, 120_000);
});

describe('two workers at once', () => {
  it('never send a dwelling twice to an agent when two runs and their send jobs race', async () => {
    const sink = await startSmtpSink();
    const a = await createTestApp({ env: { SMTP_URL: sink.url } });
    const b = await createTestApp({ env: { SMTP_URL: sink.url } });
    try {
      const landlord = await landlordId(a.prisma);
      const city = await createCity(a.prisma);
      const dwellings = [];
      for (let i = 0; i < 4; i++) dwellings.push(await dwelling(a.prisma, { cityId: city.id, landlordId: landlord, rent: 5000, rooms: 2, size: 50, createdAt: new Date(Date.now() - HOUR) }));
      const agents = [];
      for (let i = 0; i < 60; i++) agents.push(await agent(a.prisma, { cityId: city.id }));
      const emails = new Set(agents.map((x) => x.email));
      const cutoff = new Date();
      await Promise.all([a.app.get(BoligagentDeliveryService).runDigest(cutoff), b.app.get(BoligagentDeliveryService).runDigest(cutoff)]);
      // Both processes also try to send every claimed mail (as their last attempt: no retry).
      const mailIds = (await a.prisma.boligagentMail.findMany({ where: { boligagentId: { in: agents.map((x) => x.id) } }, select: { id: true } })).map((m) => m.id);
      await Promise.all([a.app.get(BoligagentDeliveryService).sendMails(mailIds, true), b.app.get(BoligagentDeliveryService).sendMails(mailIds, true)]);
      await Promise.all([a.app.get(JobQueue).drain(), b.app.get(JobQueue).drain()]);
      const pairs = mailsTo([sink], emails).flatMap((m) => dwellingIdsIn(m).map((id) => `${recipient(m)}:${id}`));
      expect(new Set(pairs).size).toBe(pairs.length);
      expect(pairs).toHaveLength(agents.length * dwellings.length);
    } finally {
      await a.close();
      await b.close();
      await sink.close();
    }
  }, 60_000);
});

describe('windows and leases: a dwelling is in at most one mail of an agent', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let delivery: BoligagentDeliveryService;
  const drain = () => t.app.get(JobQueue).drain();

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url } });
    delivery = t.app.get(BoligagentDeliveryService);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('a dwelling created inside the cutoff margin waits for the next run, and is not sent again after it', async () => {
    const now = Date.now();
    const landlord = await landlordId(t.prisma);
    const city = await createCity(t.prisma);
    const older = await dwelling(t.prisma, { cityId: city.id, landlordId: landlord, rent: 5000, rooms: 2, size: 50, createdAt: new Date(now - 2 * HOUR) });
    // Newer than this run's cutoff (a minute ago): as if its insert were still committing.
    const recent = await dwelling(t.prisma, { cityId: city.id, landlordId: landlord, rent: 5000, rooms: 2, size: 50, createdAt: new Date(now - 20_000) });
    const a = await agent(t.prisma, { cityId: city.id });

    await delivery.runDigest();
    await drain();
    expect(mailsTo([sink], new Set([a.email])).map(dwellingIdsIn)).toEqual([[older.id]]);

    await delivery.runDigest(new Date(now + 1_000));
    await drain();
    await delivery.runDigest(new Date(now + 2_000));
    await drain();
    expect(mailsTo([sink], new Set([a.email])).map(dwellingIdsIn)).toEqual([[older.id], [recent.id]]);
    const [first, second] = await t.prisma.boligagentMail.findMany({ where: { boligagentId: a.id }, orderBy: { id: 'asc' } });
    expect(second.windowStart).toEqual(first.windowEnd); // windows meet and do not overlap
    expect(first.dwellingIds).toEqual([older.id]);
  });

  it('an agent with prefs in two cities gets one mail: the newest 20 across both, and "see all" of every match', async () => {
    const now = Date.now();
    const landlord = await landlordId(t.prisma);
    const x = await createCity(t.prisma);
    const y = await createCity(t.prisma);
    const made = [];
    for (let i = 0; i < 24; i++) {
      made.push(await dwelling(t.prisma, { cityId: i % 2 ? x.id : y.id, landlordId: landlord, rent: 5000, rooms: 2, size: 50, createdAt: new Date(now - (i + 2) * 60_000) }));
    }
    const a = await t.prisma.boligagent.create({
      data: {
        email: `two-cities-${unique()}@husly.test`,
        token: `tok-${unique()}${unique()}`,
        verifiedAt: new Date(now - DAY),
        prefs: { create: [{ cityId: x.id, rent: 6000 }, { cityId: y.id }] },
      },
    });
    // A single-city agent of the same kind as the first pref, in the same batch: shares its matches.
    const single = await agent(t.prisma, { cityId: x.id, rent: 6000 });
    await delivery.runDigest(new Date(now));
    await drain();
    const [mail] = mailsTo([sink], new Set([a.email]));
    const newest20 = made.slice(0, 20).map((d) => d.id);
    expect([...(mail.text ?? '').matchAll(/\/vis\/(\d+)\?/g)].map((m) => Number(m[1]))).toEqual(newest20);
    expect(mail.text).toContain('Se alle 24');
    expect(dwellingIdsIn(mailsTo([sink], new Set([single.email]))[0])).toEqual(made.filter((_, i) => i % 2).map((d) => d.id).sort((p, q) => p - q));
  });

  it('an agent switched from instant to daily is not sent again what its instant mail had', async () => {
    const now = Date.now();
    const landlord = await landlordId(t.prisma);
    const city = await createCity(t.prisma);
    const a = await agent(t.prisma, { cityId: city.id, frequency: 'INSTANT' });
    const first = await dwelling(t.prisma, { cityId: city.id, landlordId: landlord, rent: 5000, rooms: 2, size: 50, createdAt: new Date(now - 10 * 60_000) });
    await delivery.runInstant([first.id]);
    await drain();
    expect(mailsTo([sink], new Set([a.email])).map(dwellingIdsIn)).toEqual([[first.id]]);

    await t.prisma.boligagent.update({ where: { id: a.id }, data: { frequency: 'DAILY' } });
    const second = await dwelling(t.prisma, { cityId: city.id, landlordId: landlord, rent: 5000, rooms: 2, size: 50, createdAt: new Date(now - 5 * 60_000) });
    await delivery.runDigest(new Date());
    await drain();
    expect(mailsTo([sink], new Set([a.email])).map(dwellingIdsIn)).toEqual([[first.id], [second.id]]);
  });

  it('a mail another worker holds is left alone until its lease passes, then sent once', async () => {
    const landlord = await landlordId(t.prisma);
    const city = await createCity(t.prisma);
    await dwelling(t.prisma, { cityId: city.id, landlordId: landlord, rent: 5000, rooms: 2, size: 50, createdAt: new Date(Date.now() - HOUR) });
    const a = await agent(t.prisma, { cityId: city.id });
    // Claimed (by this agent's batch alone) but not sent; then leased by "another worker".
    const claim = await t.app.get(BoligagentRepository).claimDigestBatch({
      afterAgentId: a.id - 1,
      limit: 1,
      cutoff: new Date(),
      now: new Date(),
      listed: DWELLINGS_PER_MAIL,
      frequencies: ['DAILY'],
    });
    expect(claim.mailIds).toHaveLength(1);
    const [mailId] = claim.mailIds;
    await t.prisma.boligagentMail.update({ where: { id: mailId }, data: { leaseUntil: new Date(Date.now() + 5 * 60_000) } });

    await expect(delivery.sendMails([mailId], false)).rejects.toBeInstanceOf(BoligagentSendRetry);
    expect(await delivery.sendMails([mailId], true)).toMatchObject({ busy: 1, sent: 0 });
    expect(mailsTo([sink], new Set([a.email]))).toHaveLength(0);

    // The other worker died: once its lease has passed, the mail is ours.
    await t.prisma.boligagentMail.update({ where: { id: mailId }, data: { leaseUntil: new Date(Date.now() - 1_000) } });
    expect(await delivery.sendMails([mailId], false)).toMatchObject({ sent: 1, busy: 0 });
    expect(await delivery.sendMails([mailId], false)).toMatchObject({ sent: 0, skipped: 1 });
    expect(mailsTo([sink], new Set([a.email]))).toHaveLength(1);
    expect(await t.prisma.boligagentMail.findUniqueOrThrow({ where: { id: mailId } })).toMatchObject({ status: 'SENT', leaseUntil: null, attempts: 1 }) // the one lease this worker took;
  });

  it('two runs with different cutoffs racing never send a dwelling twice, and the next run sends the rest', async () => {
    const b = await createTestApp({ env: { SMTP_URL: sink.url } });
    try {
      const now = Date.now();
      const landlord = await landlordId(t.prisma);
      const city = await createCity(t.prisma);
      const dwellings = [];
      for (const hours of [3, 2, 1]) dwellings.push(await dwelling(t.prisma, { cityId: city.id, landlordId: landlord, rent: 5000, rooms: 2, size: 50, createdAt: new Date(now - hours * HOUR) }));
      const agents = [];
      for (let i = 0; i < 30; i++) agents.push(await agent(t.prisma, { cityId: city.id }));
      const emails = new Set(agents.map((x) => x.email));

      await Promise.all([delivery.runDigest(new Date(now - 90 * 60_000)), b.app.get(BoligagentDeliveryService).runDigest(new Date(now))]);
      await Promise.all([drain(), b.app.get(JobQueue).drain()]);
      await delivery.runDigest(new Date(now + 1_000));
      await drain();

      const pairs = mailsTo([sink], emails).flatMap((m) => dwellingIdsIn(m).map((id) => `${recipient(m)}:${id}`));
      expect(new Set(pairs).size).toBe(pairs.length);
      expect(pairs).toHaveLength(agents.length * dwellings.length);
    } finally {
      await b.close();
    }
  }, 60_000);
});

describe('npm run boligagent:send through Redis', () => {
  it('runs the digest on the queue, hands every mail to SMTP and exits 0', async () => {
    const command = join(__dirname, '../../../../dist/api/apps/api/src/cli/boligagent-send.command.js');
    if (!existsSync(command)) throw new Error(`${command} is missing: npm test builds it (npm run build:api)`);
    const sink = await startSmtpSink();
    const t = await createTestApp({ env: { SMTP_URL: sink.url } });
    const dataDir = mkdtempSync(join(tmpdir(), 'husly-send-'));
    try {
      const landlord = await landlordId(t.prisma);
      const city = await createCity(t.prisma);
      const d = await dwelling(t.prisma, { cityId: city.id, landlordId: landlord, rent: 5000, rooms: 2, size: 50, createdAt: new Date(Date.now() - HOUR) });
      const agents = [];
      for (let i = 0; i < 5; i++) agents.push(await agent(t.prisma, { cityId: city.id }));

      const child = spawn(process.execPath, [command], {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATABASE_URL: database.url,
          REDIS_URL: inject('redisUrl'),
          QUEUE_PREFIX: `husly-test-send-${unique()}`,
          SMTP_URL: sink.url,
          DATA_DIR: dataDir,
          SEED_DEMO_DATA: 'false',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code, output).toBe(0);
      expect(output).toMatch(/boligagent:send: \d+ mails handed to SMTP through the queue, 0 still pending/);
      const got = mailsTo([sink], new Set(agents.map((a) => a.email)));
      expect(got.map(dwellingIdsIn)).toEqual(agents.map(() => [d.id]));
      expect(await t.prisma.boligagentMail.count({ where: { boligagentId: { in: agents.map((a) => a.id) }, status: 'SENT' } })).toBe(5);
    } finally {
      await t.close();
      await sink.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('permanent SMTP failures', () => {
  let relay: SMTPServer;
  const accepted: ParsedMail[] = [];
  let t: TestApp;

  beforeAll(async () => {
    // A relay that refuses one kind of address for good (550), like a mailbox that does not exist.
    relay = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('bounce-')) return callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
        callback();
      },
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((m) => {
            accepted.push(m);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const { port } = relay.server.address() as AddressInfo;
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => relay.close(() => resolve()));
  });

  it('suppresses an address the relay refuses with 5xx and never mails that agent again', async () => {
    const landlord = await landlordId(t.prisma);
    const city = await createCity(t.prisma);
    const bounce = await agent(t.prisma, { cityId: city.id, email: `bounce-${unique()}@husly.test` });
    const fine = await agent(t.prisma, { cityId: city.id });
    await dwelling(t.prisma, { cityId: city.id, landlordId: landlord, rent: 5000, rooms: 2, size: 50, createdAt: new Date(Date.now() - HOUR) });
    const delivery = t.app.get(BoligagentDeliveryService);
    await delivery.runDigest(new Date());
    await t.app.get(JobQueue).drain();
    expect(accepted.filter((m) => recipient(m) === fine.email)).toHaveLength(1);
    expect(await t.prisma.mailSuppression.findUnique({ where: { email: bounce.email } })).toMatchObject({ reason: expect.stringContaining('smtp 550') });
    expect(await t.prisma.boligagentMail.findFirst({ where: { boligagentId: bounce.id } })).toMatchObject({ status: 'FAILED' });

    await new Promise((r) => setTimeout(r, 10));
    await dwelling(t.prisma, { cityId: city.id, landlordId: landlord, rent: 4000, rooms: 2, size: 50, createdAt: new Date() });
    await delivery.runDigest(new Date(Date.now() + 1));
    await t.app.get(JobQueue).drain();
    expect(await t.prisma.boligagentMail.count({ where: { boligagentId: bounce.id } })).toBe(1);
    expect(accepted.filter((m) => recipient(m) === fine.email)).toHaveLength(2);
  });
});

/** A TCP proxy between the app and Redis that the test can cut and restore, standing in for a Redis outage. */
async function startTcpProxy(target: URL): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      sockets.clear();
      server.close(() => resolve());
    });
  await listen();
  return { url: `redis://127.0.0.1:${port}`, cut: stop, restore: listen, close: stop };
}

describe('boligagent_runs: what support reads of each digest run', () => {
  let sink: SmtpSink;
  let t: TestApp;
  const clock = new Clock();

  beforeAll(async () => {
    sink = await startSmtpSink();
    // A database of its own: the runs counted here are this file's, and the moved clock and the
    // failing trigger below touch no other file's agents.
    t = await createTestApp({ env: { SMTP_URL: sink.url }, clock, ownDatabase: true });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('records each run, two at once and a failed one too, and a run after the failure still mails each dwelling once', async () => {
    const start = new Date(Math.floor(Date.now() / 1000) * 1000);
    clock.set(start);
    const delivery = t.app.get(BoligagentDeliveryService);
    const landlord = await landlordId(t.prisma);
    const city = await createCity(t.prisma);
    const first = await dwelling(t.prisma, { cityId: city.id, landlordId: landlord, rent: 5000, rooms: 2, size: 50, createdAt: new Date(start.getTime() - HOUR) });
    const agents = [];
    for (let i = 0; i < 3; i++) agents.push(await agent(t.prisma, { cityId: city.id }));
    const emails = new Set(agents.map((a) => a.email));

    // Two runs at once: two rows; the mails are claimed once between them.
    await Promise.all([delivery.runDigest(), delivery.runDigest()]);
    const both = await t.prisma.boligagentRun.findMany({ orderBy: { id: 'asc' } });
    expect(both).toHaveLength(2);
    expect(both.map((r) => ({ startedAt: r.startedAt, finishedAt: r.finishedAt, error: r.error }))).toEqual([
      { startedAt: start, finishedAt: start, error: null },
      { startedAt: start, finishedAt: start, error: null },
    ]);
    expect(both[0].mails + both[1].mails).toBe(3);
    await t.app.get(JobQueue).drain();
    expect(mailsTo([sink], emails).map(dwellingIdsIn)).toEqual([[first.id], [first.id], [first.id]]);

    // The next night the database refuses the claim (a real error, raised by a trigger in this
    // file's own database): the run is recorded as failed, with the database's words, and still throws.
    const nextNight = new Date(start.getTime() + DAY);
    clock.set(nextNight);
    const second = await dwelling(t.prisma, { cityId: city.id, landlordId: landlord, rent: 5000, rooms: 2, size: 50, createdAt: new Date(nextNight.getTime() - HOUR) });
    await t.prisma.$executeRawUnsafe(`CREATE FUNCTION refuse_boligagent_mails() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no space left for boligagent mails'; END $$`);
    await t.prisma.$executeRawUnsafe(`CREATE TRIGGER refuse_boligagent_mails BEFORE INSERT ON boligagent_mails FOR EACH ROW EXECUTE FUNCTION refuse_boligagent_mails()`);
    await expect(delivery.runDigest()).rejects.toThrow(/no space left for boligagent mails/);
    const failed = await t.prisma.boligagentRun.findFirstOrThrow({ orderBy: { id: 'desc' } });
    expect(failed).toMatchObject({ startedAt: nextNight, finishedAt: nextNight, mails: 0 });
    expect(failed.error).toMatch(/no space left for boligagent mails/);
    expect(failed.error).not.toContain('\n');

    // The retry is a run of its own (a new row), and each agent gets the new dwelling once.
    await t.prisma.$executeRawUnsafe(`DROP TRIGGER refuse_boligagent_mails ON boligagent_mails`);
    clock.advance(5 * 60_000);
    await delivery.runDigest();
    await t.app.get(JobQueue).drain();
    const retried = await t.prisma.boligagentRun.findFirstOrThrow({ orderBy: { id: 'desc' } });
    expect(retried).toMatchObject({ startedAt: clock.now(), finishedAt: clock.now(), mails: 3, error: null });
    expect(await t.prisma.boligagentRun.count()).toBe(4);
    const pairs = mailsTo([sink], emails).flatMap((m) => dwellingIdsIn(m).map((id) => `${recipient(m)}:${id}`));
    expect(pairs.sort()).toEqual(agents.flatMap((a) => [`${a.email}:${first.id}`, `${a.email}:${second.id}`]).sort());
  }, 60_000);
});

describe('a night of more agents than one batch (in-process queue, issue 35)', () => {
  /** Agents of a city of their own, each watching its three new dwellings. */
  async function agentsOfANewCity(prisma: PrismaService, count: number) {
    const landlord = await landlordId(prisma);
    const city = await createCity(prisma);
    const dwellings = [];
    for (let i = 0; i < 3; i++) dwellings.push(await dwelling(prisma, { cityId: city.id, landlordId: landlord, rent: 5000, rooms: 2, size: 50, createdAt: new Date(Date.now() - HOUR) }));
    const agents = [];
    for (let i = 0; i < count; i++) agents.push(await agent(prisma, { cityId: city.id }));
    return { agents, emails: new Set(agents.map((a) => a.email)), expected: dwellings.map((d) => d.id).sort((a, b) => a - b) };
  }

  /** Each agent got exactly one mail, listing its three dwellings. */
  function expectOneMailEach(messages: ParsedMail[], s: Awaited<ReturnType<typeof agentsOfANewCity>>) {
    expect(messages.map(recipient).sort()).toEqual([...s.emails].sort());
    for (const m of messages) expect(dwellingIdsIn(m)).toEqual(s.expected);
  }

  it('walks the agents batch by batch, holding back while send jobs wait, and mails each agent once', async () => {
    const sink = await startSmtpSink();
    const t = await createTestApp({ env: { SMTP_URL: sink.url } });
    try {
      const s = await agentsOfANewCity(t.prisma, 23);
      const delivery = t.app.get(BoligagentDeliveryService);
      // Batches of 4 agents, one send job each, and at most one waiting: the run crosses six
      // batches of these agents and waits for the sends between them.
      const result = await delivery.runDigest(undefined, { agentsPerBatch: 4, maxWaitingSendJobs: 1 });
      expect(result.agentsScanned).toBeGreaterThanOrEqual(23);
      await t.app.get(JobQueue).drain();
      expectOneMailEach(mailsTo([sink], s.emails), s);

      // The next run finds nothing new for them.
      await delivery.runDigest(undefined, { agentsPerBatch: 4, maxWaitingSendJobs: 1 });
      await t.app.get(JobQueue).drain();
      expect(mailsTo([sink], s.emails)).toHaveLength(23);
    } finally {
      await t.close();
      await sink.close();
    }
  }, 60_000);

  it('a run that stops midway (relay failing, process shut down while it waits) and a rerun mail nobody twice', async () => {
    const sink1 = await startSmtpSink();
    const t1 = await createTestApp({ env: { SMTP_URL: sink1.url } });
    let t1Open = true;
    const sink2 = await startSmtpSink();
    let t2: TestApp | undefined;
    try {
      const s = await agentsOfANewCity(t1.prisma, 40);
      const ids = s.agents.map((a) => a.id);
      sink1.failNext(1_000_000); // every send fails temporarily: its job waits in its backoff (10 s)
      const first = t1.app.get(BoligagentDeliveryService).runDigest(undefined, { agentsPerBatch: 4, maxWaitingSendJobs: 1 }).then(
        () => null,
        (error: unknown) => error,
      );
      // Two failed jobs in their backoff hold the run back before it has claimed every batch.
      await until('the run held back by the backlog', async () => ((await t1.app.get(JobQueue).counts()).waiting ?? 0) > 1);
      t1Open = false;
      await t1.close(); // the shutdown ends the run's wait; the jobs in their backoff are dropped
      expect(await first).toBeInstanceOf(Error);
      expect(mailsTo([sink1], s.emails)).toHaveLength(0);

      // The rerun queues what the first run claimed (PENDING) and claims the rest.
      t2 = await createTestApp({ env: { SMTP_URL: sink2.url } });
      const claimed = await t2.prisma.boligagentMail.count({ where: { boligagentId: { in: ids } } });
      expect(claimed).toBeGreaterThan(0);
      expect(claimed).toBeLessThan(40);
      const result = await t2.app.get(BoligagentDeliveryService).runDigest(undefined, { agentsPerBatch: 4, maxWaitingSendJobs: 1 });
      expect(result.requeued).toBeGreaterThanOrEqual(claimed);
      await t2.app.get(JobQueue).drain();
      expectOneMailEach(mailsTo([sink2], s.emails), s);
      const statuses = await t2.prisma.boligagentMail.groupBy({ by: ['status'], where: { boligagentId: { in: ids } }, _count: true });
      expect(statuses).toEqual([{ status: 'SENT', _count: 40 }]);
    } finally {
      if (t1Open) await t1.close();
      await t2?.close();
      await sink1.close();
      await sink2.close();
    }
  }, 90_000);
});
