import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { createCity, freeZip, unique } from '../../test/factories';
import { userWithToken } from '../../test/subscription-fixtures';
import { importDwellingFeed } from '../dwellings/import/dwelling-importer';
import { JobQueue } from '../infra/queue/job-queue.service';
import { JOBS } from '../infra/queue/jobs';
import { FavouritesService } from './favourites.service';
import { FavouriteMailDeliveryService } from './mails/favourite-mail-delivery.service';
import { FavouriteMailsRepository } from './mails/favourite-mails.repository';

// The favourites' mail (issue 34, docs/decisions/0062-change-alerts.md) end to end: the feed import
// records the change, the jobs claim and send it on the real database and a real SMTP sink. Its own
// database: the sweep claims every recent change, and another file's users must not be mailed by it.

const DAY = 24 * 3_600_000;
const recipient = (m: ParsedMail) => (m.to && 'text' in m.to ? m.to.text : '');
/** A header as one line (long ones are folded). */
const header = (m: ParsedMail, key: string) => (m.headerLines.find((h) => h.key === key)?.line ?? '').replace(/\r\n\s+/g, ' ');

describe("favourites' mail: changes of saved dwellings, each mailed once", () => {
  let sink: SmtpSink;
  let t: TestApp;
  let delivery: FavouriteMailDeliveryService;
  let favourites: FavouritesService;
  let jobs: JobQueue;
  let dir: string;
  let zip: string;
  const sfx = unique();
  const source = `fav-feed-${sfx}`;
  /** What the source's last full feed held: a full feed marks the others rented. */
  let feedRows: Record<string, number> = {};

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ ownDatabase: true, env: { SMTP_URL: sink.url } });
    delivery = t.app.get(FavouriteMailDeliveryService);
    favourites = t.app.get(FavouritesService);
    jobs = t.app.get(JobQueue);
    dir = mkdtempSync(join(tmpdir(), 'husly-fav-feed-'));
    zip = await freeZip(t.prisma);
    await createCity(t.prisma, { zips: [zip] });
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
    await sink.close();
  });

  /** A feed of the given dwellings (key → rent); `full` marks the source's missing ones rented. */
  async function importFeed(rows: Record<string, number>, options: { full?: boolean; status?: Record<string, number> } = {}) {
    const file = join(dir, `${unique()}.json`);
    const feed = Object.entries(rows).map(([key, rent]) => ({
      externalId: `${key}-${sfx}`,
      headline: `Gemt lejlighed ${key}`,
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
  let feedStatus: Record<string, number> = {};
  /** The whole source as a full feed: `changes` (null: gone, i.e. rented) and `status` on top of what it held. */
  const fullFeed = (changes: Record<string, number | null>, status: Record<string, number> = {}) => {
    feedRows = { ...feedRows, ...changes } as Record<string, number>;
    for (const [key, rent] of Object.entries(changes)) if (rent === null) delete feedRows[key];
    feedStatus = { ...feedStatus, ...status };
    return importFeed(feedRows, { full: true, status: feedStatus });
  };
  const idOf = async (key: string) => (await t.prisma.dwelling.findUniqueOrThrow({ where: { externalId: `${key}-${sfx}` }, select: { id: true } })).id;
  const save = async (auth: Record<string, string>, key: string) => expect((await t.request('PUT', `/api/users/me/favourites/${await idOf(key)}`, undefined, auth)).status).toBe(204);
  const setMails = (auth: Record<string, string>, body: unknown, host?: string) =>
    t.request('POST', '/api/users/me/favourites/settings', body, host ? { ...auth, host } : auth);
  const mailsTo = (email: string | null) => sink.messages.filter((m) => recipient(m) === email);
  const dwellingIdsIn = (m: ParsedMail) => [...(m.text ?? '').matchAll(/\/vis\/(\d+)\?/g)].map((x) => Number(x[1]));

  it('the setting: off for a new user, on and off idempotently (twice at once), a 400 for anything else', async () => {
    const { user, auth } = await userWithToken(t);
    expect((await t.request('GET', '/api/users/me/favourites/settings')).status).toBe(401);
    expect((await t.request('POST', '/api/users/me/favourites/settings', { mails: true })).status).toBe(401);
    const initial = await t.request('GET', '/api/users/me/favourites/settings', undefined, auth);
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual({ mails: false });
    expect(initial.headers['cache-control']).toBe('no-store');

    for (const bad of [{}, { mails: 'ja' }, { mails: 1 }, { mails: 1e308 }, { mails: 'true\u0000' }, { mails: [true, true] }, { mails: null }, { mails: true, extra: 1 }, 'mails=true']) {
      const res = await setMails(auth, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ favouriteMailsAt: null, favouriteMailsToken: null });

    const on = await Promise.all([setMails(auth, { mails: true }), setMails(auth, { mails: true })]);
    expect(on.map((r) => [r.status, r.body])).toEqual([[200, { mails: true }], [200, { mails: true }]]);
    const first = await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(first.favouriteMailsAt).not.toBeNull();
    expect(first.favouriteMailsToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Again: still the first time and token.
    expect((await setMails(auth, { mails: true })).body).toEqual({ mails: true });
    expect(await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ favouriteMailsAt: first.favouriteMailsAt, favouriteMailsToken: first.favouriteMailsToken });

    const off = await Promise.all([setMails(auth, { mails: false }), setMails(auth, { mails: false })]);
    expect(off.map((r) => [r.status, r.body])).toEqual([[200, { mails: false }], [200, { mails: false }]]);
    // Off keeps the token: links in mails already sent still work (and change nothing more).
    expect(await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ favouriteMailsAt: null, favouriteMailsToken: first.favouriteMailsToken });
    expect((await t.request('GET', '/api/users/me/favourites/settings', undefined, auth)).body).toEqual({ mails: false });
  });

  it('mails each change of a saved dwelling once, in one mail per user, across parallel jobs, the queue and the sweep', async () => {
    await fullFeed({ a: 7000, b: 8000, c: 9000, d: 6000, e: 6500 });
    const mette = await userWithToken(t); // on, Danish
    const jonas = await userWithToken(t); // saved the same, never switched it on
    const emma = await userWithToken(t); // on, English, removes d before the mail
    await t.prisma.user.update({ where: { id: emma.user.id }, data: { language: 'en' } });
    for (const key of ['a', 'b', 'c', 'd']) await save(mette.auth, key);
    for (const key of ['a', 'b', 'c']) await save(jonas.auth, key);
    for (const key of ['a', 'd']) await save(emma.auth, key);
    expect((await setMails(mette.auth, { mails: true })).status).toBe(200);
    expect((await setMails(emma.auth, { mails: true }, 'en.localhost')).status).toBe(200);

    // a drops its rent, b is rented (gone from the full feed), c is reserved, d drops too, e (saved by
    // nobody) drops: five changes, recorded once by two imports at once.
    const [one, two] = await Promise.all([fullFeed({ a: 6500, b: null, d: 5500, e: 6000 }, { c: 2 }), importFeed({ ...feedRows }, { full: true, status: { ...feedStatus } })]);
    const changeIds = [...one.changeIds, ...two.changeIds];
    expect(changeIds).toHaveLength(5);
    const kinds = await t.prisma.dwellingChange.findMany({ where: { id: { in: changeIds } }, select: { kind: true, dwellingId: true } });
    expect(Object.fromEntries(kinds.map((k) => [k.dwellingId, k.kind]))).toEqual({
      [await idOf('a')]: 'RENT_DROP',
      [await idOf('b')]: 'RENTED',
      [await idOf('c')]: 'RESERVED',
      [await idOf('d')]: 'RENT_DROP',
      [await idOf('e')]: 'RENT_DROP',
    });
    // Emma removes d before the claim: she is told of a only.
    expect((await t.request('DELETE', `/api/users/me/favourites/${await idOf('d')}`, undefined, emma.auth)).status).toBe(204);

    // The change job twice at once (a retry overlapping the first), through the queue, and the sweep: two mails.
    const claims = await Promise.all([delivery.runChanges(changeIds), delivery.runChanges(changeIds)]);
    expect(claims[0] + claims[1]).toBe(2);
    await favourites.dwellingsChanged(changeIds);
    await jobs.drain();
    expect(await delivery.runChanges(null)).toBe(0);
    await jobs.drain();
    expect(await t.prisma.favouriteChangeClaim.count({ where: { changeId: { in: changeIds } } })).toBe(5);

    const [metteMail, ...more] = mailsTo(mette.user.email);
    expect(more).toHaveLength(0);
    expect(metteMail.subject).toBe('4 boliger, du har gemt, har ændret sig');
    expect(dwellingIdsIn(metteMail).sort()).toEqual([await idOf('a'), await idOf('b'), await idOf('c'), await idOf('d')].sort());
    for (const words of ['Huslejen er sat ned fra 7.000 kr./md. til 6.500 kr./md.', 'Udlejet:', 'Reserveret:', 'Huslejen er sat ned fra 6.000 kr./md. til 5.500 kr./md.']) {
      expect(metteMail.text).toContain(words);
    }
    const row = await t.prisma.favouriteMail.findFirstOrThrow({ where: { userId: mette.user.id } });
    expect(row).toMatchObject({ status: 'SENT', attempts: 1 });
    expect(metteMail.messageId).toMatch(new RegExp(`^<favourite-${row.id}\\.[0-9a-f]{24}@localhost>$`));
    const { favouriteMailsToken: token } = await t.prisma.user.findUniqueOrThrow({ where: { id: mette.user.id } });
    expect(metteMail.text).toContain(`http://localhost:3000/api/favourite-mails/off/${token}`);
    expect(metteMail.text).toContain('http://localhost:3000/profile/favourites');
    expect(header(metteMail, 'list-unsubscribe')).toBe(`List-Unsubscribe: <http://localhost:3000/api/favourite-mails/off/${token}>`);
    expect(header(metteMail, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(metteMail.html).toContain('Reserveret:');

    const [emmaMail, ...emmaMore] = mailsTo(emma.user.email);
    expect(emmaMore).toHaveLength(0);
    expect(emmaMail.subject).toBe('Lower rent on a dwelling you saved');
    expect(dwellingIdsIn(emmaMail)).toEqual([await idOf('a')]);
    expect(emmaMail.text).toContain('The rent went down from 7.000 DKK/month to 6.500 DKK/month');
    expect(emmaMail.text).toContain('http://en.localhost:3000/api/favourite-mails/off/');
    expect(header(emmaMail, 'list-unsubscribe')).toContain('<http://en.localhost:3000/api/favourite-mails/off/');

    expect(mailsTo(jonas.user.email)).toHaveLength(0);

    // b back on the market: one more mail to Mette, about b.
    const back = await fullFeed({ b: 8000 });
    expect(back.changeIds).toHaveLength(1);
    await favourites.dwellingsChanged(back.changeIds);
    await jobs.drain();
    expect(mailsTo(mette.user.email)).toHaveLength(2);
    expect(mailsTo(mette.user.email)[1].subject).toBe('En bolig, du har gemt, er ledig igen');
    expect(dwellingIdsIn(mailsTo(mette.user.email)[1])).toEqual([await idOf('b')]);
    expect(mailsTo(emma.user.email)).toHaveLength(1);
  });

  it('a lost change job is healed by the nightly run; a favourite saved after the change is not told of it', async () => {
    await fullFeed({ f: 7000, g: 7000 });
    const { user, auth } = await userWithToken(t);
    await save(auth, 'f');
    await setMails(auth, { mails: true });
    // The import commits, the process dies before queueing the change job.
    const lost = await fullFeed({ f: 6000, g: 6000 });
    expect(lost.changeIds).toHaveLength(2);
    await save(auth, 'g'); // saved after g dropped: it was saved at the new rent
    await jobs.enqueue(JOBS.boligagentDigest, { trigger: 'command' });
    await jobs.drain();
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(dwellingIdsIn(mails[0])).toEqual([await idOf('f')]);
    // The next night finds nothing new.
    expect(await delivery.runChanges(null)).toBe(0);
  });

  it('one click switches the mail off (idempotent, twice at once); a GET changes nothing; no mail while off', async () => {
    await fullFeed({ h: 7000 });
    const { user, auth } = await userWithToken(t);
    await save(auth, 'h');
    await setMails(auth, { mails: true });
    const { favouriteMailsToken: token } = await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    const url = `/api/favourite-mails/off/${token}`;

    const page = await t.request('GET', url);
    expect(page.status).toBe(303);
    expect(page.headers.location).toBe('/profile/favourites');
    expect((await t.request('GET', '/api/users/me/favourites/settings', undefined, auth)).body).toEqual({ mails: true });

    const [one, two] = await Promise.all([t.request('POST', url, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' }), t.request('POST', url)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body).toEqual({ mails: false });
    expect((await t.request('GET', '/api/users/me/favourites/settings', undefined, auth)).body).toEqual({ mails: false });
    expect((await t.request('POST', '/api/favourite-mails/off/ukendt')).status).toBe(404);
    expect((await t.request('POST', '/api/favourite-mails/off/ab%00cd')).status).toBe(400);

    const drop = await fullFeed({ h: 6000 });
    await favourites.dwellingsChanged(drop.changeIds);
    await jobs.drain();
    await delivery.runChanges(null);
    await jobs.drain();
    expect(mailsTo(user.email)).toHaveLength(0);

    // Switched on again: only what changes from then on.
    await setMails(auth, { mails: true });
    expect(await delivery.runChanges(null)).toBe(0);
    const again = await fullFeed({ h: 5500 });
    await favourites.dwellingsChanged(again.changeIds);
    await jobs.drain();
    expect(mailsTo(user.email)).toHaveLength(1);
    expect(mailsTo(user.email)[0].text).toContain('fra 6.000 kr./md. til 5.500 kr./md.');
  });

  it('a mail claimed before the user switched off, or removed the favourite, is not sent', async () => {
    await fullFeed({ i: 7000, j: 7000 });
    const off = await userWithToken(t);
    const removed = await userWithToken(t);
    await save(off.auth, 'i');
    await save(removed.auth, 'j');
    await setMails(off.auth, { mails: true });
    await setMails(removed.auth, { mails: true });
    const drop = await fullFeed({ i: 6000, j: 6000 });
    // Claimed (as the change job does), then changed before the send job takes the mails.
    const mailIds = await t.app.get(FavouriteMailsRepository).claimChanges({ changeIds: drop.changeIds, since: new Date(Date.now() - DAY), now: new Date() });
    expect(mailIds).toHaveLength(2);
    await setMails(off.auth, { mails: false });
    expect((await t.request('DELETE', `/api/users/me/favourites/${await idOf('j')}`, undefined, removed.auth)).status).toBe(204);
    expect(await delivery.sendMails(mailIds, false)).toMatchObject({ stopped: 1, skipped: 1, sent: 0 });
    expect(mailsTo(off.user.email)).toHaveLength(0);
    expect(mailsTo(removed.user.email)).toHaveLength(0);
    expect(await t.prisma.favouriteMail.findMany({ where: { id: { in: mailIds } }, orderBy: { userId: 'asc' }, select: { status: true, error: true } })).toEqual([
      { status: 'FAILED', error: 'favourite mails off' },
      { status: 'FAILED', error: 'nothing left to tell' },
    ]);
  });
});
