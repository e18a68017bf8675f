import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { createCity, freeZip, unique } from '../../test/factories';
import { importDwellingFeed } from '../dwellings/import/dwelling-importer';
import { JobQueue } from '../infra/queue/job-queue.service';
import { BoligagentDeliveryService } from './boligagent-delivery.service';
import { BoligagentRepository } from './boligagent.repository';

// Change alerts (issue 34, docs/decisions/0062-change-alerts.md) end to end: the feed import records
// the change, the jobs claim and send it on the real database and a real SMTP sink. Its own database:
// the nightly sweep of another file's app must not mail this file's agents (and the reverse).

const DAY = 24 * 3_600_000;
const recipient = (m: ParsedMail) => (m.to && 'text' in m.to ? m.to.text : '');

describe('change alerts: rent drops and dwellings back on the market, each mailed once', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let delivery: BoligagentDeliveryService;
  let jobs: JobQueue;
  let dir: string;
  let zip: string;
  let cityId: number;
  const sfx = unique();
  const source = `feed-${sfx}`;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ ownDatabase: true, env: { SMTP_URL: sink.url } });
    delivery = t.app.get(BoligagentDeliveryService);
    jobs = t.app.get(JobQueue);
    dir = mkdtempSync(join(tmpdir(), 'husly-change-feed-'));
    zip = await freeZip(t.prisma);
    cityId = (await createCity(t.prisma, { zips: [zip] })).id;
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
    await sink.close();
  });

  /** A feed of the given dwellings (externalId suffix → rent); `full` marks the source's missing ones rented. */
  async function importFeed(rows: Record<string, number>, options: { full?: boolean; status?: Record<string, number> } = {}) {
    const file = join(dir, `${unique()}.json`);
    const feed = Object.entries(rows).map(([key, rent]) => ({
      externalId: `${key}-${sfx}`,
      headline: `Lejlighed ${key}`,
      rent,
      rooms: 2,
      size: 60,
      zip,
      ...(options.status?.[key] === undefined ? {} : { status: options.status[key] }),
      landlord: { externalId: `landlord-${sfx}`, name: 'Boligselskabet Test', email: 'udlejning@example.dk' },
    }));
    writeFileSync(file, JSON.stringify(feed));
    return importDwellingFeed(t.prisma, { file, source, full: options.full, dataDir: t.dataDir, now: new Date() });
  }

  async function agent(input: { frequency: 'INSTANT' | 'DAILY'; changeAlerts?: boolean; rent?: number }) {
    return t.prisma.boligagent.create({
      data: {
        email: `change-${unique()}@husly.test`,
        token: `tok-${unique()}${unique()}`,
        verifiedAt: new Date(Date.now() - 2 * DAY),
        frequency: input.frequency,
        ...(input.changeAlerts === undefined ? {} : { changeAlerts: input.changeAlerts }),
        prefs: { create: { cityId, rent: input.rent ?? null } },
      },
    });
  }

  const mailsTo = (email: string) => sink.messages.filter((m) => recipient(m) === email);
  const changeMailsTo = (email: string) => mailsTo(email).filter((m) => /change-alerts-off/.test(m.text ?? ''));
  const dwellingIdsIn = (m: ParsedMail) => [...(m.text ?? '').matchAll(/\/vis\/(\d+)\?/g)].map((x) => Number(x[1]));
  const idOf = async (key: string) => (await t.prisma.dwelling.findUniqueOrThrow({ where: { externalId: `${key}-${sfx}` }, select: { id: true } })).id;
  /** The nightly run as `npm run boligagent:send` starts it, with everything up to now inside its window. */
  const nightly = async () => {
    const result = await delivery.runDigest(new Date(Date.now() + 1_000));
    await jobs.drain();
    return result;
  };

  it('mails agents that were sent the dwelling once per change, across retried imports, parallel jobs, a lost job and re-runs', async () => {
    const instant = await agent({ frequency: 'INSTANT' });
    const off = await agent({ frequency: 'INSTANT', changeAlerts: false });
    const daily = await agent({ frequency: 'DAILY' });
    const tooCheap = await agent({ frequency: 'INSTANT', rent: 5000 }); // never matched: never told of a change

    // New dwellings: the instant agents get them at once, the daily agent in the nightly run.
    const first = await importFeed({ a: 7000, b: 8000 });
    await delivery.dwellingsCreated(first.createdIds);
    await jobs.drain();
    await nightly();
    const [a, b] = [await idOf('a'), await idOf('b')];
    for (const who of [instant, off, daily]) {
      expect(mailsTo(who.email), who.email).toHaveLength(1);
      expect(dwellingIdsIn(mailsTo(who.email)[0]).sort()).toEqual([a, b].sort());
    }
    expect(mailsTo(tooCheap.email)).toHaveLength(0);

    // The rent of a drops and b is rented (a full feed without it). Two imports of the same feed at
    // once record each change once: the second waits for the first's row locks and sees the new state.
    const [drop1, drop2] = await Promise.all([importFeed({ a: 6500 }, { full: true }), importFeed({ a: 6500 }, { full: true })]);
    const dropIds = [...drop1.changeIds, ...drop2.changeIds];
    expect(dropIds).toHaveLength(2);
    expect(await t.prisma.dwellingChange.findMany({ where: { dwellingId: a } })).toMatchObject([{ kind: 'RENT_DROP', oldRent: 7000, newRent: 6500 }]);
    // The rental is recorded too (for the favourites' mails, ADR 0062), once.
    expect(await t.prisma.dwellingChange.findMany({ where: { dwellingId: b } })).toMatchObject([{ kind: 'RENTED', oldRent: 8000, newRent: 8000 }]);
    // A retried import changes nothing more.
    expect((await importFeed({ a: 6500 }, { full: true })).changeIds).toEqual([]);

    // The change job twice at once (a retry overlapping the first), then once more through the queue:
    // one mail, about the drop. b's rental is its latest change, but agents are not told of rentals.
    const claims = await Promise.all([delivery.runChanges(dropIds), delivery.runChanges(dropIds)]);
    expect(claims.reduce((n, c) => n + c, 0)).toBe(1);
    expect(await t.prisma.boligagentMail.count({ where: { change: { kind: { in: ['RENTED', 'RESERVED'] } } } })).toBe(0);
    await delivery.dwellingsChanged(dropIds);
    await jobs.drain();
    expect(changeMailsTo(instant.email)).toHaveLength(1);
    const dropMail = changeMailsTo(instant.email)[0];
    expect(dropMail.subject).toBe('Lavere husleje på en bolig fra din BoligAgent');
    expect(dropMail.text).toContain('fra 7.000 kr./md. til 6.500 kr./md.');
    expect(dwellingIdsIn(dropMail)).toEqual([a]);
    expect(dropMail.text).toContain(`/api/boligagents/change-alerts-off/${instant.unsubscribeToken}`);
    expect(changeMailsTo(off.email)).toHaveLength(0);
    expect(changeMailsTo(daily.email)).toHaveLength(0); // daily: with the nightly run

    // b comes back on the market.
    const back = await importFeed({ a: 6500, b: 8000 }, { full: true });
    expect(back.changeIds).toHaveLength(1);
    await delivery.dwellingsChanged(back.changeIds);
    await jobs.drain();
    expect(changeMailsTo(instant.email)).toHaveLength(2);
    expect(changeMailsTo(instant.email)[1].subject).toBe('En bolig fra din BoligAgent er ledig igen');
    expect(dwellingIdsIn(changeMailsTo(instant.email)[1])).toEqual([b]);

    // The nightly run: the daily agent gets both changes; nobody gets anything twice; a second run is silent.
    const run = await nightly();
    expect(run.changeMails).toBe(2);
    expect(changeMailsTo(daily.email).map((m) => dwellingIdsIn(m)[0]).sort()).toEqual([a, b].sort());
    expect(changeMailsTo(instant.email)).toHaveLength(2);
    expect((await nightly()).changeMails).toBe(0);
    expect(changeMailsTo(daily.email)).toHaveLength(2);

    // A change whose job was lost (the import committed, the process died before queueing it): the
    // nightly sweep mails the instant agent too.
    const lost = await importFeed({ a: 6000, b: 8000 }, { full: true });
    expect(lost.changeIds).toHaveLength(1);
    await nightly();
    expect(changeMailsTo(instant.email)).toHaveLength(3);
    expect(changeMailsTo(instant.email)[2].text).toContain('fra 6.500 kr./md. til 6.000 kr./md.');
    expect(changeMailsTo(daily.email)).toHaveLength(3);
    for (const who of [off, tooCheap]) expect(changeMailsTo(who.email)).toHaveLength(0);
  });

  it('a rent that rose again, or a dwelling taken again, before the mail is not mailed', async () => {
    const instant = await agent({ frequency: 'INSTANT' });
    const created = await importFeed({ c: 9000, d: 9000 });
    await delivery.dwellingsCreated(created.createdIds);
    await jobs.drain();
    expect(mailsTo(instant.email)).toHaveLength(1);
    // c drops and rises again, d comes back after being reserved and is reserved again: by the time
    // the (daily) sweep runs, neither change holds.
    await importFeed({ c: 9000, d: 9000 }, { status: { d: 2 } });
    const changed = await importFeed({ c: 8000, d: 9000 });
    expect(changed.changeIds).toHaveLength(2);
    const reserved = await importFeed({ c: 9500, d: 9000 }, { status: { d: 2 } });
    // Reserved again: recorded (for favourites), never an agent's mail.
    expect(await t.prisma.dwellingChange.findMany({ where: { id: { in: reserved.changeIds } } })).toMatchObject([{ kind: 'RESERVED' }]);
    expect((await nightly()).changeMails).toBe(0);
    expect(changeMailsTo(instant.email)).toHaveLength(0);
  });

  it('one click switches change alerts off (idempotent, twice at once), the page and the settings switch them back', async () => {
    const instant = await agent({ frequency: 'INSTANT' });
    const created = await importFeed({ e: 7000 });
    await delivery.dwellingsCreated(created.createdIds);
    await jobs.drain();

    const url = `/api/boligagents/change-alerts-off/${instant.unsubscribeToken}`;
    const page = await t.request('GET', url);
    expect(page.status).toBe(303);
    expect(page.headers.location).toBe(`/boligagent/afmeld/${instant.unsubscribeToken}?kun=aendringer`);
    // A GET (a link scanner) changes nothing.
    expect((await t.prisma.boligagent.findUniqueOrThrow({ where: { id: instant.id } })).changeAlerts).toBe(true);

    const [one, two] = await Promise.all([t.request('POST', url), t.request('POST', url)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body).toEqual({ changeAlerts: false });
    const stopped = await t.prisma.boligagent.findUniqueOrThrow({ where: { id: instant.id } });
    // Only change alerts: the agent still mails new dwellings.
    expect(stopped).toMatchObject({ changeAlerts: false, enabled: true, unsubscribedAt: null });
    expect((await t.request('POST', '/api/boligagents/change-alerts-off/ukendt')).status).toBe(404);

    const drop = await importFeed({ e: 6000 });
    await delivery.dwellingsChanged(drop.changeIds);
    await jobs.drain();
    expect(changeMailsTo(instant.email)).toHaveLength(0);

    // The settings switch them on again (the boligagent page's checkbox); the agent view says so.
    const on = await t.request('POST', '/api/boligagents/settings', { token: instant.token, changeAlerts: true });
    expect(on.status).toBe(200);
    expect(on.body.changeAlerts).toBe(true);
    expect((await t.request('POST', '/api/boligagents/settings', { token: instant.token, changeAlerts: 'ja' })).status).toBe(400);
    const again = await importFeed({ e: 5500 });
    await delivery.dwellingsChanged(again.changeIds);
    await jobs.drain();
    expect(changeMailsTo(instant.email)).toHaveLength(1);
  });

  it('a change mail claimed before the agent switched change alerts off is not sent', async () => {
    const instant = await agent({ frequency: 'INSTANT' });
    const created = await importFeed({ f: 7000 });
    await delivery.dwellingsCreated(created.createdIds);
    await jobs.drain();
    const drop = await importFeed({ f: 6000 });
    // Claimed (as the change job does), then switched off before the send job takes the mail.
    const mailIds = await t.app.get(BoligagentRepository).claimChanges({ changeIds: drop.changeIds, since: new Date(Date.now() - DAY), frequencies: ['INSTANT'], now: new Date() });
    const mine = await t.prisma.boligagentMail.findMany({ where: { id: { in: mailIds }, boligagentId: instant.id } });
    expect(mine).toHaveLength(1);
    await t.request('POST', `/api/boligagents/change-alerts-off/${instant.unsubscribeToken}`);
    expect(await delivery.sendMails([mine[0].id], false)).toMatchObject({ stopped: 1, sent: 0 });
    expect(changeMailsTo(instant.email)).toHaveLength(0);
    const mail = await t.prisma.boligagentMail.findFirstOrThrow({ where: { boligagentId: instant.id, changeId: { not: null } } });
    expect(mail).toMatchObject({ status: 'FAILED', error: 'change alerts off' });
  });

  it('a new agent has change alerts on', async () => {
    const city = await t.prisma.city.findUniqueOrThrow({ where: { id: cityId }, select: { slug: true } });
    const email = `new-${unique()}@husly.test`;
    expect((await t.request('POST', '/api/boligagents', { email, prefs: [{ area: city.slug }] })).status).toBe(201);
    const created = await t.prisma.boligagent.findFirstOrThrow({ where: { email } });
    expect(created.changeAlerts).toBe(true);
    expect((await t.request('GET', `/api/boligagents/${created.token}`)).body.changeAlerts).toBe(true);
    await jobs.drain(); // its verification mail
  });
});
