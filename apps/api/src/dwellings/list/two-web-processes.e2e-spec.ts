import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { DwellingListItem, DwellingListResponse } from '@husly/contracts';
import { DWELLING_STATUS } from '@husly/domain';
import { BUILT, BuiltProcesses, freePort, requireBuild, type BuiltProcess } from '../../../test/built-processes';
import { createScratchDatabase } from '../../../test/scratch-database';
import { unique } from '../../../test/factories';

// Issue 35: two web processes and a worker of the built app, as ops run them (docs/operations.md,
// "Scaling"), on one PostgreSQL and one Redis. Each web process keeps its own list snapshot, list page
// cache and rendered page cache, checked against the list version in PostgreSQL on every request
// (docs/architecture.md, "How it stays fresh"): a commit by any process shows on the other's very next
// request, and both then send the same bytes. No HTTP route writes dwellings; the feed import (a
// command, run where ops run it: beside the web processes, APP_ROLE=web, so its follow-up jobs go to
// the worker) is the writer.

/** Imports start a process each and the machine is shared with the rest of the suite: generous, never a measure. */
const TEST_TIMEOUT_MS = 180_000;

interface Web {
  name: string;
  process: BuiltProcess;
  port: number;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

interface FeedRow {
  externalId: string;
  headline: string;
  rent: number;
  zip: string;
  landlord: { name: string; email: string };
}

let database: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let dataDir: string | undefined;
let processes: BuiltProcesses | undefined;
let db: Client | undefined;
let a: Web;
let b: Web;
let worker: BuiltProcess;
/** Behind one proxy both answer for one site: one PUBLIC_URL, and the proxy passes its Host through. */
let siteHost: string;

beforeAll(async () => {
  requireBuild(BUILT.main, BUILT.importDwellings, BUILT.pageRenderer);
  // A database of its own: the test counts on its cities holding only its own dwellings.
  database = await createScratchDatabase('husly_two_web');
  dataDir = mkdtempSync(join(tmpdir(), 'husly-two-web-'));
  const portA = await freePort();
  let portB = await freePort();
  while (portB === portA) portB = await freePort();
  siteHost = `localhost:${portA}`;
  processes = new BuiltProcesses({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REDIS_URL: inject('redisUrl'),
    QUEUE_PREFIX: `${inject('queuePrefix')}-two-web-${unique()}`,
    // Shared as the compose volume is (images, mails); one secret, as Compose requires one.
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: `http://${siteHost}`,
    HOST: '127.0.0.1',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    DB_POOL_SIZE: '3',
  });
  const web = async (name: string, port: number): Promise<Web> => ({
    name,
    port,
    process: await (processes as BuiltProcesses).server(name, { APP_ROLE: 'web', PORT: String(port) }),
  });
  // All three at once, as `docker compose up` starts them; each seeds the reference data (ON CONFLICT DO NOTHING).
  // NODE_ENV test, not production: a production worker schedules the hourly payment reconcile, which
  // would call Stripe with a made-up key; the caches and the list version work the same in both.
  [a, b, worker] = await Promise.all([web('web A', portA), web('web B', portB), processes.server('worker', { APP_ROLE: 'worker' })]);
  db = new Client({ connectionString: database.url });
  await db.connect();
}, 180_000);

afterAll(async () => {
  await db?.end();
  await processes?.stopAll();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** GET as a browser through the proxy would, minus compression: the bytes the process sent. */
function get(web: Web, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: web.port, path, headers: { host: siteHost, 'accept-encoding': 'identity' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const listPath = (slug: string) => `/api/dwellings/area/${slug}`;

async function list(web: Web, slug: string): Promise<Answer & { items: DwellingListItem[] }> {
  const answer = await get(web, listPath(slug));
  expect(answer.status, `${web.name} ${listPath(slug)}: ${answer.body.toString()}`).toBe(200);
  return { ...answer, items: (JSON.parse(answer.body.toString()) as DwellingListResponse).data };
}

async function page(web: Web, slug: string): Promise<Answer & { html: string }> {
  const answer = await get(web, `/${slug}`);
  expect(answer.status, `${web.name} /${slug}`).toBe(200);
  return { ...answer, html: answer.body.toString() };
}

/** Whether a page shows it, asserted as a yes or no: a failed toContain would print the whole page. */
const shows = (html: string, text: string | RegExp) => (typeof text === 'string' ? html.includes(text) : text.test(html));
/** Where two pages first differ, with some context ('' when they are the same): the failure's message. */
function difference(x: string | Buffer, y: string | Buffer): string {
  const [one, two] = [x.toString(), y.toString()];
  if (one === two) return '';
  let at = 0;
  while (at < one.length && one[at] === two[at]) at++;
  const around = (text: string) => text.slice(Math.max(0, at - 120), at + 120);
  return `first difference at character ${at}:\n${around(one)}\n---\n${around(two)}`;
}
const RENTED_LABEL = /Udlejet \d{2}\/\d{2}\/\d{4}/;

const fromMemory = (answer: Answer) => answer.headers['x-cache'] === 'hit' || answer.headers['x-list-source'] === 'memory';
const item = (items: DwellingListItem[], headline: string) => items.find((i) => i.headline === headline);

/**
 * Asks until the web process answers the city's list from its snapshot or page cache and its page
 * from the rendered-page cache: after a list from the database, a sorted list waits for the snapshot
 * that answer started loading (docs/architecture.md, "A list request"), so no pause is needed. A
 * rendered page is kept for 5 s, so it is asked for again straight after the render. Returns the
 * last answers, which every cache level must have kept byte for byte.
 */
async function warm(web: Web, slug: string): Promise<{ list: Answer; page: Answer }> {
  const seen: string[] = [];
  for (let attempt = 0; attempt < 50; attempt++) {
    const listed = await list(web, slug);
    seen.push(`list ${String(listed.headers['x-cache'])}/${String(listed.headers['x-list-source'])}`);
    if (!fromMemory(listed)) {
      expect((await get(web, `${listPath(slug)}?sort=rent`)).status).toBe(200);
      continue;
    }
    const rendered = await page(web, slug);
    const shown = rendered.headers['x-cache'] === 'hit' ? rendered : await page(web, slug);
    seen.push(`page ${String(rendered.headers['x-cache'])}, ${String(shown.headers['x-cache'])}`);
    if (shown.headers['x-cache'] === 'hit') return { list: listed, page: shown };
  }
  throw new Error(`${web.name} never answered /${slug} from memory and cache: ${seen.join('; ')}\n${web.process.output()}`);
}

/** Runs the feed import command on a file of these rows; its follow-up jobs go to the worker. */
async function importFeed(source: string, rows: FeedRow[], options: { full?: boolean } = {}): Promise<string> {
  const file = join(dataDir as string, `${source}-${unique()}.json`);
  writeFileSync(file, JSON.stringify(rows));
  const args = [file, '--source', source, ...(options.full ? ['--full'] : [])];
  const { code, output } = await (processes as BuiltProcesses).run(`import ${source}`, BUILT.importDwellings, args, { APP_ROLE: 'web' });
  expect(code, output).toBe(0);
  return output;
}

const row = (externalId: string, headline: string, rent: number, zip: string, landlord: string): FeedRow => ({
  externalId,
  headline,
  rent,
  zip,
  landlord: { name: landlord, email: `${landlord.toLowerCase().replace(/\W+/g, '.')}@example.dk` },
});

/** Both processes' next list and page, asked at once: the same bytes from each. */
async function bothAgree(slug: string): Promise<{ items: DwellingListItem[]; html: string }> {
  const [listA, listB, pageA, pageB] = await Promise.all([list(a, slug), list(b, slug), page(a, slug), page(b, slug)]);
  expect(listA.body.toString(), 'the two web processes list different dwellings').toBe(listB.body.toString());
  expect(difference(pageA.html, pageB.html)).toBe('');
  return { items: listA.items, html: pageA.html };
}

describe('two web processes and a worker on one PostgreSQL and Redis', () => {
  it('an import commits: the other web process shows it on its very next list and page, and both send the same bytes', async () => {
    const slug = 'aarhus';
    const landlord = `Udlejer ${unique()}`;
    const feed = `aarhus-${unique()}`;
    await importFeed(feed, [
      row(`${feed}-1`, 'Lejlighed ved havnen', 7000, '8000', landlord),
      row(`${feed}-2`, 'Lejlighed med altan', 9000, '8000', landlord),
      row(`${feed}-3`, 'Vaerelse i midtbyen', 4000, '8000', landlord),
    ]);
    const warmA = await warm(a, slug);
    const warmB = await warm(b, slug);
    expect(warmB.list.body.toString()).toBe(warmA.list.body.toString());
    expect(difference(warmB.page.body, warmA.page.body)).toBe('');

    // A new headline and rent for one, the other two unchanged, one gone from the full feed (rented).
    await importFeed(
      feed,
      [row(`${feed}-1`, 'Penthouse ved parken', 6500, '8000', landlord), row(`${feed}-2`, 'Lejlighed med altan', 9000, '8000', landlord)],
      { full: true },
    );

    const nextList = await list(b, slug);
    expect(item(nextList.items, 'Lejlighed ved havnen')).toBeUndefined();
    expect(item(nextList.items, 'Penthouse ved parken')).toMatchObject({ rent: 6500, deletedAt: null });
    expect(item(nextList.items, 'Vaerelse i midtbyen')?.deletedAt).not.toBeNull();
    const nextPage = await page(b, slug);
    expect(shows(nextPage.html, 'Penthouse ved parken'), "B's next page shows the new headline").toBe(true);
    expect(shows(nextPage.html, 'Lejlighed ved havnen'), "B's next page shows the old headline").toBe(false);
    expect(shows(nextPage.html, RENTED_LABEL), "B's next page shows the dwelling rented").toBe(true);

    // A has not been asked since the import: its next answers are B's.
    const agreed = await bothAgree(slug);
    expect(difference(agreed.html, nextPage.html)).toBe('');
    expect(agreed.items).toEqual(nextList.items);

    // Once each has loaded the new snapshot, memory sends the bytes the database sent.
    const settledA = await warm(a, slug);
    const settledB = await warm(b, slug);
    expect(settledA.list.body.toString()).toBe(nextList.body.toString());
    expect(settledB.list.body.toString()).toBe(nextList.body.toString());
    expect(difference(settledB.page.body, settledA.page.body)).toBe('');
  }, TEST_TIMEOUT_MS);

  it('a commit moments after both answered from their caches: the next list and page are not the cached ones', async () => {
    // The page caches also drop an entry after 5 s, so an import (seconds to start) could pass behind a
    // cache that ignored the version. One UPDATE commits at once after the hits; it is what an edit
    // from the support desk would commit (no route edits a dwelling yet).
    const slug = 'vejle';
    const feed = `vejle-${unique()}`;
    await importFeed(feed, [row(`${feed}-1`, 'Lejlighed ved fjorden', 7500, '7100', `Udlejer ${unique()}`)]);
    await warm(a, slug);
    await warm(b, slug);

    await (db as Client).query(`UPDATE dwellings SET headline = 'Penthouse med tagterrasse' WHERE external_id = $1`, [`${feed}-1`]);

    const [nextListB, nextPageB, nextListA, nextPageA] = await Promise.all([list(b, slug), page(b, slug), list(a, slug), page(a, slug)]);
    for (const next of [nextListA, nextListB]) expect(next.items.map((i) => i.headline)).toEqual(['Penthouse med tagterrasse']);
    for (const [name, next] of [['A', nextPageA], ['B', nextPageB]] as const) {
      expect(shows(next.html, 'Penthouse med tagterrasse'), `${name}'s next page shows the new headline`).toBe(true);
      expect(shows(next.html, 'Lejlighed ved fjorden'), `${name}'s next page shows the old headline`).toBe(false);
    }
    expect(nextListB.body.toString()).toBe(nextListA.body.toString());
    expect(difference(nextPageB.html, nextPageA.html)).toBe('');
  }, TEST_TIMEOUT_MS);

  it("an import's new dwelling shows on both web processes' next list and page, and the worker mails the instant boligagent", async () => {
    const slug = 'odense';
    const landlord = `Udlejer ${unique()}`;
    const feed = `odense-${unique()}`;
    await importFeed(feed, [row(`${feed}-1`, 'Rækkehus i Bolbro', 8000, '5000', landlord)]);
    const city = await (db as Client).query<{ id: number }>(`SELECT id FROM cities WHERE slug = $1`, [slug]);
    const agent = await (db as Client).query<{ id: number }>(
      `INSERT INTO boligagents (email, token, verified_at, frequency, updated_at) VALUES ($1, $2, now() - interval '1 hour', 'INSTANT', now()) RETURNING id`,
      [`instant-${unique()}@husly.test`, `tok-${unique()}${unique()}`],
    );
    await (db as Client).query(`INSERT INTO boligagent_prefs (boligagent_id, city_id, updated_at) VALUES ($1, $2, now())`, [agent.rows[0].id, city.rows[0].id]);
    await warm(a, slug);
    await warm(b, slug);

    await importFeed(feed, [row(`${feed}-2`, 'Nyt hus ved skoven', 9500, '5000', landlord)]);

    const [nextA, nextB] = await Promise.all([list(a, slug), list(b, slug)]);
    expect(nextB.body.toString()).toBe(nextA.body.toString());
    const fresh = item(nextB.items, 'Nyt hus ved skoven');
    expect(fresh).toMatchObject({ rent: 9500, deletedAt: null });
    expect(item(nextB.items, 'Rækkehus i Bolbro')).toBeDefined();
    const [pageA, pageB] = await Promise.all([page(a, slug), page(b, slug)]);
    expect(shows(pageB.html, 'Nyt hus ved skoven'), "B's next page shows the new dwelling").toBe(true);
    expect(difference(pageB.html, pageA.html)).toBe('');

    // Only the worker takes jobs (web processes and the command run APP_ROLE=web): the instant mail
    // of the new dwelling claimed and handed over says it shares the queue and the database.
    const mailed = () =>
      (db as Client)
        .query<{ status: string }>(`SELECT m.status FROM boligagent_mails m WHERE m.boligagent_id = $1 AND $2 = ANY(m.dwelling_ids)`, [agent.rows[0].id, Number(fresh?.dwellingId)])
        .then((r) => r.rows.map((m) => m.status));
    await expect.poll(mailed, { timeout: 120_000, message: worker.output() }).toEqual(['SENT']);
  }, TEST_TIMEOUT_MS);

  it("the newest dwellings and the front page's vacant total: after an import both processes count what they list", async () => {
    const feed = `esbjerg-${unique()}`;
    const landlord = `Udlejer ${unique()}`;
    await importFeed(feed, [row(`${feed}-1`, 'Hus ved stranden', 7000, '6700', landlord)]);
    // Only A has counted before the import.
    expect((await get(a, '/api/dwellings/latest')).status).toBe(200);
    expect((await get(a, '/')).status).toBe(200);

    await importFeed(feed, [row(`${feed}-1`, 'Hus ved stranden', 7000, '6700', landlord), row(`${feed}-2`, 'Hus ved havnen', 7200, '6700', landlord)]);

    const [latestA, latestB, frontA, frontB] = await Promise.all([get(a, '/api/dwellings/latest'), get(b, '/api/dwellings/latest'), get(a, '/'), get(b, '/')]);
    const vacant = await (db as Client).query<{ count: string }>(`SELECT count(*) FROM dwellings WHERE deleted_at IS NULL AND status <> $1`, [DWELLING_STATUS.notFound]);
    const latest = JSON.parse(latestA.body.toString()) as DwellingListResponse;
    expect(latest.data[0].headline).toBe('Hus ved havnen');
    expect(latest.meta.total).toBe(Number(vacant.rows[0].count));
    expect(latestB.body.toString()).toBe(latestA.body.toString());
    expect(difference(frontA.body, frontB.body)).toBe('');
  }, TEST_TIMEOUT_MS);

  it('two imports at once while both web processes answer: both converge to the same list and page', async () => {
    const slug = 'aalborg';
    const [north, south] = [`aalborg-nord-${unique()}`, `aalborg-syd-${unique()}`];
    const [landlordN, landlordS] = [`Udlejer ${unique()}`, `Udlejer ${unique()}`];
    await importFeed(north, [row(`${north}-1`, 'Villa i Norresundby', 11000, '9000', landlordN)]);
    await importFeed(south, [row(`${south}-1`, 'Lejlighed i Vejgaard', 6000, '9000', landlordS)]);
    await warm(a, slug);
    await warm(b, slug);

    let importing = true;
    const imports = Promise.all([
      importFeed(north, [row(`${north}-1`, 'Villa i Norresundby', 10500, '9000', landlordN), row(`${north}-2`, 'Byhus ved fjorden', 8800, '9000', landlordN)], { full: true }),
      importFeed(south, [row(`${south}-2`, 'Studiebolig i Skipper Clement', 4500, '9000', landlordS)], { full: true }),
    ]).finally(() => (importing = false));
    // Both processes keep answering (and caching pages at whatever version they read) while the two
    // commits land, in any order.
    while (importing) {
      const answers = await Promise.all([get(a, listPath(slug)), get(b, listPath(slug)), get(a, `/${slug}`), get(b, `/${slug}`)]);
      for (const answer of answers) expect(answer.status).toBe(200);
    }
    await imports;

    const agreed = await bothAgree(slug);
    expect(agreed.items.map((i) => i.headline).sort()).toEqual(['Byhus ved fjorden', 'Lejlighed i Vejgaard', 'Studiebolig i Skipper Clement', 'Villa i Norresundby']);
    expect(item(agreed.items, 'Villa i Norresundby')).toMatchObject({ rent: 10500, deletedAt: null });
    expect(item(agreed.items, 'Lejlighed i Vejgaard')?.deletedAt).not.toBeNull();
    for (const headline of ['Byhus ved fjorden', 'Studiebolig i Skipper Clement']) expect(shows(agreed.html, headline), `the page shows ${headline}`).toBe(true);

    const settledA = await warm(a, slug);
    const settledB = await warm(b, slug);
    expect(settledA.list.body.toString()).toBe(settledB.list.body.toString());
    expect((JSON.parse(settledA.list.body.toString()) as DwellingListResponse).data).toEqual(agreed.items);
    expect(difference(settledA.page.body, settledB.page.body)).toBe('');
  }, TEST_TIMEOUT_MS);
});
