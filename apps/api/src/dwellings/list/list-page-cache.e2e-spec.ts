import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { dwellingListResponseSchema } from '@husly/contracts';
import { TokenService } from '../../common/auth/token.service';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCity, createDwelling, createUser, freeZip, unique } from '../../../test/factories';
import { createScratchDatabase } from '../../../test/scratch-database';
import { brotliDecompressSync } from 'node:zlib';
import { DwellingsService } from '../dwellings.service';
import { importDwellingFeed } from '../import/dwelling-importer';

// The list page cache (docs/decisions/0004): X-Cache says whether a page came from it. On a database
// of its own: a dwelling written by a test file running alongside would change the list version (one
// for every list) and turn an expected hit into a miss.
const DAY = 86_400_000;
const media = (key: string) => `/media/dwellings/${key}.jpg`;

describe('list page cache of /search, /area and /latest', () => {
  let t: TestApp;
  let tokens: TokenService;
  /** Another connection, as another process (the import command, another replica) would write. */
  let other: Client;
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  beforeAll(async () => {
    database = await createScratchDatabase('husly_list_cache');
    t = await createTestApp({ env: { DATABASE_URL: database.url } });
    tokens = t.app.get(TokenService);
    other = new Client({ connectionString: database.url });
    await other.connect();
  }, 120_000);
  afterAll(async () => {
    await other?.end();
    await t?.close();
    await database?.drop();
  });
  const auth = (userId: number) => ({ authorization: `Bearer ${tokens.issue(userId)}` });
  const get = (url: string, headers: Record<string, string> = {}) => t.request('GET', url, undefined, headers);
  const ids = (body: { data: Array<{ dwellingId: string }> }) => body.data.map((d) => d.dwellingId);

  it("never serves a subscriber's cached page to a visitor or a non-subscriber, nor theirs to a subscriber", async () => {
    const city = await createCity(t.prisma);
    const d = await createDwelling(t.prisma, { cityId: city.id, images: 2 });
    const subscriber = await createUser(t.prisma, { plan: 'tenantad-249kr-30days' });
    const seeker = await createUser(t.prisma);
    const full = d.images.map((i) => media(i.fullKey));
    const blurred = d.images.map((i) => media(i.blurredKey));

    for (const url of [`/api/dwellings/area/${city.slug}`, `/api/dwellings/search?q=${city.slug}&rent=9000`]) {
      // The subscriber's page is cached first and served to the subscriber again.
      const first = await get(url, auth(subscriber.id));
      expect(first.headers['x-cache'], url).toBe('miss');
      expect(first.body.data[0].images).toEqual(full);
      const again = await get(url, auth(subscriber.id));
      expect(again.headers['x-cache'], url).toBe('hit');
      expect(again.text).toBe(first.text);

      // A visitor and a logged-in non-subscriber asking for the same list: blurred keys only, twice
      // (the second time from the cache: the visitors' own entry).
      for (const headers of [{}, auth(seeker.id), {}]) {
        const res = await get(url, headers);
        expect(res.status).toBe(200);
        expect(res.body.data[0].images).toEqual(blurred);
        for (const image of d.images) expect(res.text, `${url} leaks a full key`).not.toContain(image.fullKey);
      }
      expect((await get(url)).headers['x-cache']).toBe('hit');

      // And the other way round: the cached visitors' page does not reach the subscriber.
      const subscribed = await get(url, auth(subscriber.id));
      expect(subscribed.body.data[0].images).toEqual(full);
    }

    // The viewer's class is decided per request: once the subscription has ended, the same user
    // gets the visitors' page, not the subscriber's cached one.
    const visitorFirst = `/api/dwellings/area/${city.slug}?rooms=2`;
    expect((await get(visitorFirst)).body.data[0].images).toEqual(blurred);
    expect((await get(visitorFirst, auth(subscriber.id))).body.data[0].images).toEqual(full);
    await t.prisma.subscription.updateMany({ where: { userId: subscriber.id }, data: { endingAt: new Date(Date.now() - 1000) } });
    const ended = await get(visitorFirst, auth(subscriber.id));
    expect(ended.body.data[0].images).toEqual(blurred);
    expect(ended.text).not.toContain(d.images[0].fullKey);
  });

  it('shows a created, a rented and a re-imaged dwelling on the very next request, whoever wrote it', async () => {
    const city = await createCity(t.prisma);
    const older = await createDwelling(t.prisma, { cityId: city.id, createdAt: new Date(Date.now() - 60_000) });
    const url = `/api/dwellings/area/${city.slug}`;
    expect((await get(url)).headers['x-cache']).toBe('miss');
    expect((await get(url)).headers['x-cache']).toBe('hit');

    // Created through Prisma by the tests' factory: no code of the API runs for it.
    const newer = await createDwelling(t.prisma, { cityId: city.id });
    const created = await get(url);
    expect(created.headers['x-cache']).toBe('miss');
    expect(ids(created.body)).toEqual([String(newer.id), String(older.id)]);
    expect(created.body.meta).toEqual({ total: 2, start: 0, pageSize: 150, capped: false });
    expect((await get(url)).headers['x-cache']).toBe('hit');

    // Rented, and its images replaced, through another connection (plain SQL).
    await other.query(`UPDATE dwellings SET deleted_at = now() - interval '1 day' WHERE id = $1`, [newer.id]);
    const rented = await get(url);
    expect(rented.headers['x-cache']).toBe('miss');
    expect(rented.body.data[0].deletedAt).not.toBeNull();
    const key = randomBytes(16).toString('hex');
    await other.query(`UPDATE dwelling_images SET blurred_key = $1 WHERE dwelling_id = $2 AND position = 0`, [key, older.id]);
    const reimaged = await get(url);
    expect(reimaged.headers['x-cache']).toBe('miss');
    expect(reimaged.body.data[1].images).toEqual([media(key), media(older.images[1].blurredKey)]);
    expect(reimaged.body.data[1].image).toBe(media(key));
    await other.query(`DELETE FROM dwelling_images WHERE dwelling_id = $1`, [older.id]);
    const imageless = await get(url);
    expect(imageless.body.data[1]).toMatchObject({ image: null, images: [] });

    // Rented more than 14 days ago: gone from the list on the next request.
    await other.query(`UPDATE dwellings SET deleted_at = now() - interval '20 days' WHERE id = $1`, [newer.id]);
    expect(ids((await get(url)).body)).toEqual([String(older.id)]);
  });

  it('shows what a feed import created and rented on the next request, with the imported images', async () => {
    const zip = await freeZip(t.prisma);
    await createCity(t.prisma, { zips: [zip] });
    const sfx = unique();
    const dir = mkdtempSync(join(tmpdir(), 'husly-feed-'));
    try {
      const fixtures = join(__dirname, '..', 'import', 'fixtures');
      for (const file of ['stue.jpg', 'facade.jpg']) copyFileSync(join(fixtures, file), join(dir, file));
      const feed = JSON.parse(readFileSync(join(fixtures, 'example-feed.json'), 'utf8')) as Array<Record<string, unknown>>;
      const rows = feed.map((row) => ({ ...row, zip, externalId: `${String(row.externalId)}-${sfx}` }));
      writeFileSync(join(dir, 'feed.json'), JSON.stringify(rows));
      writeFileSync(join(dir, 'first.json'), JSON.stringify(rows.slice(0, 1)));
      const url = `/api/dwellings/search?q=${zip}`;
      expect((await get(url)).body.data).toEqual([]);
      expect((await get(url)).headers['x-cache']).toBe('hit');

      const source = `cache-${sfx}`;
      const result = await importDwellingFeed(t.prisma, { file: join(dir, 'feed.json'), source, dataDir: t.dataDir, now: new Date() });
      expect(result.created).toBe(2);
      const imported = await get(url);
      expect(imported.headers['x-cache']).toBe('miss');
      const body = dwellingListResponseSchema.parse(imported.body);
      expect([...ids(body)].sort()).toEqual(result.createdIds.map(String).sort());
      const stored = await t.prisma.dwellingImage.findMany({ where: { dwellingId: { in: result.createdIds } }, orderBy: [{ dwellingId: 'asc' }, { position: 'asc' }] });
      for (const item of body.data) {
        expect(item.images).toEqual(stored.filter((i) => String(i.dwellingId) === item.dwellingId).map((i) => media(i.blurredKey)));
      }
      expect(body.data.flatMap((item) => item.images)).toHaveLength(3);

      // A full feed without the second row marks it rented: shown as rented on the next request.
      expect(await importDwellingFeed(t.prisma, { file: join(dir, 'first.json'), source, full: true, dataDir: t.dataDir, now: new Date() })).toMatchObject({ rented: 1 });
      const rented = await get(url);
      expect(rented.headers['x-cache']).toBe('miss');
      expect(rented.body.data.filter((item: { deletedAt: string | null }) => item.deletedAt !== null)).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps different filters, starts and page sizes apart, and shares one list between /search and /area', async () => {
    const city = await createCity(t.prisma);
    const base = Date.now() - 10 * 60_000;
    const specs = [
      { rent: 5000, rooms: 1, size: 30 },
      { rent: 7000, rooms: 2, size: 55 },
      { rent: 9000, rooms: 3, size: 80 },
      { rent: 12000, rooms: 4, size: 110 },
    ];
    const made = [];
    for (const [i, spec] of specs.entries()) made.push(await createDwelling(t.prisma, { cityId: city.id, createdAt: new Date(base + i * 60_000), ...spec }));
    const [a, b, c, d] = made.map((m) => String(m.id));
    const expected: Record<string, string[]> = {
      '': [d, c, b, a],
      'rent=9000': [c, b, a],
      'rent=7000': [b, a],
      'rooms=3': [d, c],
      'size=50': [d, c, b],
      'rent=9000&rooms=2&size=50': [c, b],
      'pageSize=2': [d, c],
      'pageSize=2&start=2': [b, a],
      'pageSize=1&start=1': [c],
      'pageSize=1&start=3': [a],
    };
    const url = (qs: string) => `/api/dwellings/area/${city.slug}${qs ? `?${qs}` : ''}`;
    const firstTexts = new Map<string, string>();
    for (const [qs, want] of Object.entries(expected)) {
      const res = await get(url(qs));
      expect(res.headers['x-cache'], qs).toBe('miss');
      expect(ids(res.body), qs).toEqual(want);
      firstTexts.set(qs, res.text);
    }
    for (const [qs, want] of Object.entries(expected)) {
      const res = await get(url(qs));
      expect(res.headers['x-cache'], qs).toBe('hit');
      expect(res.headers['content-type'], qs).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control'], qs).toBe('private, no-cache');
      expect(ids(res.body), qs).toEqual(want);
      expect(res.text, qs).toBe(firstTexts.get(qs));
    }
    const paged = await get(url('pageSize=2&start=2'));
    expect(paged.body.meta).toEqual({ total: 4, start: 2, pageSize: 2, capped: false });

    // One list, whichever way it is asked for: the same entry (the key is the normalised list).
    for (const qs of [`q=${city.slug}&rent=9000`, `q=${encodeURIComponent(city.label)}&rent=9000`, `q=${city.slug}&rent=9000&rooms=1&size=10`]) {
      const res = await get(`/api/dwellings/search?${qs}`);
      expect(res.headers['x-cache'], qs).toBe('hit');
      expect(res.text, qs).toBe(firstTexts.get('rent=9000'));
    }

    // /latest is a list of its own (vacant only, another meta).
    const latest = await get('/api/dwellings/latest?count=3');
    expect(latest.headers['x-cache']).toBe('miss');
    expect(latest.body.meta).not.toHaveProperty('capped');
    expect((await get('/api/dwellings/latest?count=3')).headers['x-cache']).toBe('hit');
    expect((await get('/api/dwellings/latest?count=4')).headers['x-cache']).toBe('miss');
  });

  it('reads a page again once it is older than a few seconds, even without a change', async () => {
    const city = await createCity(t.prisma);
    await createDwelling(t.prisma, { cityId: city.id, deletedAt: new Date(Date.now() - 14 * DAY + 3_000) });
    const url = `/api/dwellings/area/${city.slug}`;
    expect((await get(url)).body.data).toHaveLength(1);
    expect((await get(url)).headers['x-cache']).toBe('hit');
    // Time alone moves the rented cut-off: 10 s later the dwelling was rented more than 14 days ago.
    t.clock.advance(10_000);
    const later = await get(url);
    expect(later.headers['x-cache']).toBe('miss');
    expect(later.body.data).toEqual([]);
  });

  it('compresses a page once for concurrent first requests, and not again when it is rebuilt with the same bytes', async () => {
    const city = await createCity(t.prisma);
    for (let i = 0; i < 20; i++) await createDwelling(t.prisma, { cityId: city.id, images: 1, createdAt: new Date(Date.now() - (i + 1) * 60_000) });
    const fastify = t.app.getHttpAdapter().getInstance();
    const counts = t.app.get(DwellingsService).compression;
    const url = `/api/dwellings/area/${city.slug}`;
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const get = (headers: Record<string, string>) => fastify.inject({ method: 'GET', url, headers });
    const compressedBefore = counts.compressed;

    const answers = await Promise.all(Array.from({ length: 6 }, () => get(browser)));
    const plain = await get({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(plain.payload).data).toHaveLength(20);
    for (const answer of answers) {
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(answer.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
    expect(counts.compressed - compressedBefore).toBe(1);

    // Out of the page cache (the rented cut-off moved) and built again with the same bytes: the
    // compressed bytes are used again, not compressed anew. (They may be the better-compressed copy
    // by now: a request that came after the first compression ended counted as a second use.)
    t.clock.advance(10_000);
    const rebuilt = await get(browser);
    expect(rebuilt.headers['x-cache']).toBe('miss');
    expect(brotliDecompressSync(rebuilt.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(counts.compressed - compressedBefore).toBe(1);

    // A new dwelling: other bytes, compressed anew, and they decompress to the new body.
    const newer = await createDwelling(t.prisma, { cityId: city.id });
    const changed = await get(browser);
    expect(changed.headers['x-cache']).toBe('miss');
    expect(counts.compressed - compressedBefore).toBe(2);
    const changedPlain = await get({});
    expect(brotliDecompressSync(changed.rawPayload).equals(changedPlain.rawPayload)).toBe(true);
    expect(ids(JSON.parse(changedPlain.payload))[0]).toBe(String(newer.id));
  });
});
