import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { TokenService } from '../../common/auth/token.service';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCity, createDwelling, createUser, freeZip } from '../../../test/factories';
import { createScratchDatabase } from '../../../test/scratch-database';
import { searchQuerySchema } from '@husly/contracts';
import { DwellingListMemory } from './dwelling-list.memory';
import { DwellingsService } from '../dwellings.service';

// Lists from memory (docs/decisions/0004): the same bytes as the list statement, and never behind a
// commit. Two apps on one database of their own (a write by a test file running alongside would move
// the list version): one answers from memory, the other (DWELLING_LISTS_IN_MEMORY=false) always
// from the database.
const DAY = 86_400_000;
const media = (key: string) => `/media/dwellings/${key}.jpg`;

describe('dwelling lists from memory', () => {
  let memory: TestApp;
  let database: TestApp;
  let other: Client;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let subscriberAuth: Record<string, string>;
  let seekerAuth: Record<string, string>;
  let cities: Array<{ id: number; slug: string; zip: string }>;

  beforeAll(async () => {
    scratch = await createScratchDatabase('husly_list_memory');
    // One secret: passport keeps one "jwt" strategy per process, the last app's.
    const JWT_SECRET = randomBytes(32).toString('hex');
    memory = await createTestApp({ env: { DATABASE_URL: scratch.url, JWT_SECRET } });
    database = await createTestApp({ env: { DATABASE_URL: scratch.url, JWT_SECRET, DWELLING_LISTS_IN_MEMORY: 'false' } });
    other = new Client({ connectionString: scratch.url });
    await other.connect();
    const tokens = memory.app.get(TokenService);
    subscriberAuth = { authorization: `Bearer ${tokens.issue((await createUser(memory.prisma, { plan: 'tenantad-249kr-30days' })).id)}` };
    seekerAuth = { authorization: `Bearer ${tokens.issue((await createUser(memory.prisma)).id)}` };

    // Two cities with a mix of rents, rooms, sizes (unknown ones too), rented dwellings inside and
    // outside the 14 days, an unavailable one (status 0: still listed), with 0 to 3 images.
    cities = [];
    for (let c = 0; c < 2; c++) {
      const zip = await freeZip(memory.prisma);
      const city = await createCity(memory.prisma, { zips: [zip] });
      cities.push({ id: city.id, slug: city.slug, zip });
    }
    const base = Date.now() - 30 * DAY;
    for (let i = 0; i < 90; i++) {
      const city = cities[i % 3 === 0 ? 1 : 0];
      await createDwelling(memory.prisma, {
        cityId: city.id,
        zip: i % 4 === 0 ? null : city.zip,
        rent: i % 11 === 0 ? -1 : 4000 + (i % 9) * 1000,
        rooms: i % 13 === 0 ? -1 : 1 + (i % 5),
        size: i % 17 === 0 ? -1 : 30 + (i % 8) * 15,
        // Two dwellings share each creation time: the order falls back to the id.
        createdAt: new Date(base + Math.floor(i / 2) * 3_600_000),
        deletedAt: i % 7 === 0 ? new Date(Date.now() - 3 * DAY) : i % 10 === 0 ? new Date(Date.now() - 20 * DAY) : null,
        status: i % 23 === 0 ? 0 : 1,
        images: i % 4,
        // Issue 15's columns: pets, types, move-in dates, lease lengths and monthly costs, unknowns included.
        pets: i % 3 === 0 ? 1 : i % 3 === 1 ? -1 : null,
        available: ['Snarest', 'Efter aftale', '2026-12-01', '01/02/2027', null][i % 5],
        timeframe: ['0-0', '12-24', '6', '2027-06-30', null, '1-6'][i % 6],
        facts: i % 19 === 0 ? {} : { deposit: 3 * (4000 + (i % 9) * 1000), expenses_heat: (i % 6) * 150, expenses_tv: i % 2 ? 200 : 0, dwelling_types: [['apartment', 'room', 'townhouse', 'villa'][i % 4]] },
      });
    }
  }, 180_000);

  afterAll(async () => {
    await other?.end();
    await memory?.close();
    await database?.close();
    await scratch?.drop();
  });

  const lists = () => memory.app.get(DwellingListMemory);
  /** The first request after a change reads the database and starts the reload; this waits for it. */
  async function loaded(): Promise<void> {
    await memory.request('GET', `/api/dwellings/area/${cities[0].slug}?size=${10 + Math.floor(Math.random() * 1000)}`);
    await lists().settled();
  }

  it('answers every list, filter, page and viewer with the same bytes as the list statement', async () => {
    await loaded();
    const [a, b] = cities;
    const queries = [
      '', 'rent=6000', 'rent=9000&rooms=2', 'rooms=3&size=60', 'size=100', 'start=10&pageSize=7', 'rent=8000&start=3&pageSize=5', 'pageSize=1&start=40', 'start=500',
      // Issue 15: the extra filters and every order, alone and together, paged.
      'pets=1', 'type=villa', 'movein=2026-12-31', 'timeframe=nolimit', 'timeframe=gt1y', 'timeframe=lt1y', 'monthly=7000',
      'sort=rent', 'sort=size', 'sort=rent-per-m2', 'sort=rent&start=5&pageSize=7', 'sort=rent-per-m2&rooms=2&pets=1', 'sort=size&monthly=9000&type=apartment&start=2&pageSize=4',
    ];
    const urls = [
      ...queries.map((qs) => `/api/dwellings/area/${a.slug}?${qs}`),
      ...queries.map((qs) => `/api/dwellings/search?q=${b.zip}&${qs}`),
      '/api/dwellings/search?q=ingen-by-her',
      '/api/dwellings/latest',
      '/api/dwellings/latest?count=40',
      '/api/dwellings/latest?count=5&start=5',
    ];
    const fromDatabase: string[] = [];
    const memoryClasses = new Set<string>();
    for (const [viewer, headers] of [['visitor', {}], ['seeker', seekerAuth], ['subscriber', subscriberAuth]] as const) {
      for (const url of urls) {
        const expected = await database.request('GET', url, undefined, headers);
        const res = await memory.request('GET', url, undefined, headers);
        expect(res.status, url).toBe(200);
        expect(res.text, url).toBe(expected.text);
        if (res.headers['x-list-source'] === 'database') fromDatabase.push(url);
        if (res.headers['x-list-source'] === 'memory') memoryClasses.add(viewer === 'subscriber' ? 'full' : 'blurred');
      }
    }
    // Nothing but the unknown place (an empty list without a query) was read from the database: every
    // other page came from memory or from the page cache. How many were page-cache hits depends on
    // the cache's 5 s lifetime, so on a busy machine more pages are served from memory; only the
    // source is asserted, for both image classes.
    expect(fromDatabase.filter((url) => !url.includes('ingen-by-her'))).toEqual([]);
    expect(memoryClasses).toEqual(new Set(['blurred', 'full']));
    const full = await memory.request('GET', `/api/dwellings/area/${a.slug}?rent=9000`, undefined, subscriberAuth);
    const visitor = await memory.request('GET', `/api/dwellings/area/${a.slug}?rent=9000`);
    const fullKeys = full.body.data.flatMap((item: { images: string[] }) => item.images);
    expect(fullKeys.length).toBeGreaterThan(10);
    for (const key of fullKeys) expect(visitor.text).not.toContain(key);
  });

  it('answers a sorted list after a commit from the snapshot it waits for, never from behind the commit (issue 15)', async () => {
    await loaded();
    const url = (n: number) => `/api/dwellings/area/${cities[1].slug}?sort=rent&pageSize=${n}`;
    expect((await memory.request('GET', url(3))).headers['x-list-source']).toBe('memory');
    // The cheapest dwelling of the city, written by another connection: the next sorted page shows it first.
    const { rows } = await other.query<{ id: number }>(
      `INSERT INTO dwellings (external_id, source, headline, teaser, rent, rooms, size, city_id, landlord_id, updated_at)
       SELECT $1, 'test', 'Billigste bolig', 'Lige kommet', 100, 1, 20, $2, landlord_id, now() FROM dwellings LIMIT 1 RETURNING id`,
      [`memory-${randomBytes(4).toString('hex')}`, cities[1].id],
    );
    const sorted = await memory.request('GET', url(4));
    expect(sorted.headers['x-list-source']).toBe('memory');
    expect(sorted.body.data[0]).toMatchObject({ dwellingId: String(rows[0].id), rent: 100 });
    expect(sorted.text).toBe((await database.request('GET', url(4))).text);
  });

  it('never serves a page behind a commit: the next request after it follows the change log and answers from memory (issue 35)', async () => {
    await loaded();
    const url = (n: number) => `/api/dwellings/area/${cities[1].slug}?pageSize=${n}`;
    expect((await memory.request('GET', url(3))).headers['x-list-source']).toBe('memory');

    // Written by another connection (the import command, another replica): the next request sees it.
    const { rows } = await other.query<{ id: number }>(
      `INSERT INTO dwellings (external_id, source, headline, teaser, rent, rooms, size, city_id, landlord_id, updated_at)
       SELECT $1, 'test', 'Ny bolig fra en anden proces', 'Lige kommet', 7000, 2, 60, $2, landlord_id, now() FROM dwellings LIMIT 1 RETURNING id`,
      [`memory-${randomBytes(4).toString('hex')}`, cities[1].id],
    );
    const { load, delta } = lists().updates;
    const created = await memory.request('GET', url(4));
    expect(created.headers['x-list-source']).toBe('memory');
    expect(created.body.data[0]).toMatchObject({ dwellingId: String(rows[0].id), headline: 'Ny bolig fra en anden proces', images: [] });
    expect(created.text).toBe((await database.request('GET', url(4))).text);
    // Followed, not loaded again.
    await lists().settled();
    expect(lists().updates).toMatchObject({ load, delta: delta + 1 });
  });

  it('shows a changed dwelling as changed once reloaded, and keeps serving the unchanged ones', async () => {
    await loaded();
    const url = (qs: string) => `/api/dwellings/area/${cities[0].slug}?${qs}`;
    const before = await memory.request('GET', url('rent=20000'));
    expect(before.headers['x-list-source']).toBe('memory');
    const [first, second] = before.body.data as Array<{ dwellingId: string; headline: string; rent: number }>;

    // A new headline, and a new first image (the triggers rewrite the dwelling's image keys).
    const key = randomBytes(16).toString('hex');
    await other.query(`UPDATE dwellings SET headline = 'Nyt navn', rent = 4500 WHERE id = $1`, [first.dwellingId]);
    await other.query(
      `INSERT INTO dwelling_images (dwelling_id, position, full_key, blurred_key, width, height) VALUES ($1, 9, $2, $3, 10, 10)`,
      [second.dwellingId, `full${key}`, key],
    );
    await loaded();
    const after = await memory.request('GET', url('rent=19000'));
    expect(after.headers['x-list-source']).toBe('memory');
    expect(after.body.data[0]).toMatchObject({ dwellingId: first.dwellingId, headline: 'Nyt navn', rent: 4500 });
    expect(after.body.data[1].images.at(-1)).toBe(media(key));
    expect(after.text).toBe((await database.request('GET', url('rent=19000'))).text);
    // The rent filter reads the new rent from the new snapshot too.
    const cheap = await memory.request('GET', url('rent=4500&pageSize=500'));
    expect(cheap.body.data.map((item: { dwellingId: string }) => item.dwellingId)).toContain(first.dwellingId);
    expect(cheap.text).toBe((await database.request('GET', url('rent=4500&pageSize=500'))).text);
  });

  it('follows writes of every kind by deltas alone: every list then answers from memory with the bytes of the list statement (issue 35)', async () => {
    await loaded();
    const [a, b] = cities;
    const { load, delta } = lists().updates;
    const ids = (await other.query<{ id: number }>('SELECT id FROM dwellings WHERE city_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 6', [a.id])).rows.map((r) => r.id);
    const newDwelling = `INSERT INTO dwellings (external_id, source, headline, teaser, rent, rooms, size, city_id, landlord_id, created_at, updated_at)
       SELECT $1, 'test', $2, 'Lige kommet', $3, 2, 60, $4, landlord_id, $5, now() FROM dwellings LIMIT 1 RETURNING id`;
    const gone = (await other.query<{ id: number }>(newDwelling, [`memory-${randomBytes(4).toString('hex')}`, 'Snart væk', 5000, a.id, new Date()])).rows[0].id;
    await memory.request('GET', `/api/dwellings/area/${a.slug}?pageSize=2`);
    // One transaction of many kinds, as an import is, then single writes.
    await other.query('BEGIN');
    await other.query('UPDATE dwellings SET rent = 4321, size = 77 WHERE id = $1', [ids[0]]);
    await other.query('UPDATE dwellings SET city_id = $2 WHERE id = $1', [ids[1], b.id]);
    await other.query('UPDATE dwellings SET deleted_at = now() WHERE id = $1', [ids[2]]);
    await other.query(`UPDATE dwellings SET deleted_at = now() - interval '20 days' WHERE id = $1`, [ids[3]]);
    await other.query(newDwelling, [`memory-${randomBytes(4).toString('hex')}`, 'Midt i listen', 6500, b.id, new Date(Date.now() - 10 * DAY)]);
    await other.query('COMMIT');
    await memory.request('GET', `/api/dwellings/area/${b.slug}?pageSize=2`);
    await other.query('DELETE FROM dwellings WHERE id = $1', [gone]);
    const key = randomBytes(16).toString('hex');
    await other.query('INSERT INTO dwelling_images (dwelling_id, position, full_key, blurred_key, width, height) VALUES ($1, 9, $2, $3, 10, 10)', [ids[4], `full${key}`, key]);
    // The same creation time as another dwelling: the id decides its place.
    await other.query(newDwelling, [`memory-${randomBytes(4).toString('hex')}`, 'Samme tid', 7000, a.id, (await other.query('SELECT created_at FROM dwellings WHERE id = $1', [ids[5]])).rows[0].created_at]);

    const queries = ['', 'rent=6000', 'rooms=2&size=60', 'start=3&pageSize=7', 'sort=rent', 'sort=size&start=2&pageSize=5', 'sort=rent-per-m2', 'pageSize=500'];
    const urls = [
      ...queries.map((qs) => `/api/dwellings/area/${a.slug}?${qs}`),
      ...queries.map((qs) => `/api/dwellings/search?q=${b.zip}&${qs}`),
      '/api/dwellings/latest?count=40',
    ];
    for (const url of urls) {
      for (const headers of [{}, subscriberAuth]) {
        const res = await memory.request('GET', url, undefined, headers);
        expect(res.text, url).toBe((await database.request('GET', url, undefined, headers)).text);
        expect(res.headers['x-list-source'] ?? 'cache', url).not.toBe('database');
      }
    }
    const all = await memory.request('GET', `/api/dwellings/area/${a.slug}?pageSize=500`);
    const listed = all.body.data.map((item: { dwellingId: string }) => Number(item.dwellingId));
    expect(listed).toContain(ids[2]);
    expect(listed).not.toContain(ids[3]);
    expect(listed).not.toContain(gone);
    expect(listed).not.toContain(ids[1]);
    await lists().settled();
    expect(lists().updates.load).toBe(load);
    expect(lists().updates.delta).toBeGreaterThan(delta);
  });

  it('answers two requests behind one commit from one round of the change log', async () => {
    await loaded();
    const url = (n: number) => `/api/dwellings/area/${cities[0].slug}?pageSize=${n}`;
    await memory.request('GET', url(2));
    const { load, delta } = lists().updates;
    await other.query('UPDATE dwellings SET rent = rent + 1 WHERE id = (SELECT min(id) FROM dwellings WHERE city_id = $1)', [cities[0].id]);
    const [first, second] = await Promise.all([memory.request('GET', url(3)), memory.request('GET', url(4))]);
    expect([first.headers['x-list-source'], second.headers['x-list-source']]).toEqual(['memory', 'memory']);
    expect(first.text).toBe((await database.request('GET', url(3))).text);
    expect(second.text).toBe((await database.request('GET', url(4))).text);
    expect(lists().updates).toMatchObject({ load, delta: delta + 1 });
  });

  it('asks the change log now and then without a write, so its PostgreSQL snapshot stays within what the log keeps', async () => {
    await loaded();
    const url = (n: number) => `/api/dwellings/area/${cities[0].slug}?pageSize=${n}`;
    await memory.request('GET', url(2));
    await lists().settled();
    const { rounds, load, delta } = lists().updates;
    await memory.request('GET', url(3));
    await lists().settled();
    expect(lists().updates.rounds).toBe(rounds);
    memory.clock.advance(61_000);
    try {
      expect((await memory.request('GET', url(4))).headers['x-list-source']).toBe('memory');
      await lists().settled();
      expect(lists().updates).toEqual({ rounds: rounds + 1, load, delta });
    } finally {
      memory.clock.advance(-61_000);
    }
  });

  it('loads everything again when the change log cannot tell (pruned past the snapshot), the database answering meanwhile', async () => {
    await loaded();
    const url = (n: number) => `/api/dwellings/area/${cities[1].slug}?pageSize=${n}`;
    await memory.request('GET', url(2));
    const { load } = lists().updates;
    const { rows } = await other.query<{ pruned_below: string }>('SELECT pruned_below::text FROM dwelling_list_log_bound');
    // As a prune far in the future would leave it: every snapshot held is older than what was kept.
    await other.query(`UPDATE dwelling_list_log_bound SET pruned_below = 9000000000000000000`);
    try {
      await other.query('UPDATE dwellings SET rent = rent + 1 WHERE id = (SELECT min(id) FROM dwellings WHERE city_id = $1)', [cities[1].id]);
      const behind = await memory.request('GET', url(3));
      expect(behind.headers['x-list-source']).toBe('database');
      expect(behind.text).toBe((await database.request('GET', url(3))).text);
      await lists().settled();
      expect(lists().updates.load).toBe(load + 1);
      const loadedAgain = await memory.request('GET', url(4));
      expect(loadedAgain.headers['x-list-source']).toBe('memory');
      expect(loadedAgain.text).toBe((await database.request('GET', url(4))).text);
    } finally {
      await other.query('UPDATE dwelling_list_log_bound SET pruned_below = $1', [rows[0].pruned_below]);
    }
  });

  it('leaves a rented window that starts before what memory holds to the database', async () => {
    await loaded();
    const url = (n: number) => `/api/dwellings/search?q=${cities[0].zip}&pageSize=${n}`;
    expect((await memory.request('GET', url(8))).headers['x-list-source']).toBe('memory');
    // Back 3 days: the window now starts 17 days ago, before the snapshot's cut-off (15 days).
    memory.clock.advance(-3 * DAY);
    database.clock.advance(-3 * DAY);
    try {
      const earlier = await memory.request('GET', url(9));
      expect(earlier.headers['x-list-source']).toBe('database');
      // A dwelling rented 20 days before the real now is 17 days before the clock's: still not listed.
      expect(earlier.text).toBe((await database.request('GET', url(9))).text);
      await lists().settled();
      const reloaded = await memory.request('GET', url(10));
      expect(reloaded.headers['x-list-source']).toBe('memory');
      expect(reloaded.text).toBe((await database.request('GET', url(10))).text);
    } finally {
      memory.clock.advance(3 * DAY);
      database.clock.advance(3 * DAY);
    }
  });
  it("keeps a page from memory as its items' own bytes: a page built again copies none of them (docs/decisions/0031)", async () => {
    await loaded();
    const service = memory.app.get(DwellingsService);
    const query = searchQuerySchema.parse({ rent: '99999' });
    const first = await service.area(cities[0].slug, query, null);
    expect(first.source).toBe('memory');
    const plain = await memory.request('GET', `/api/dwellings/area/${cities[0].slug}?rent=99999`);
    expect(first.body.bytes().equals(Buffer.from(plain.text))).toBe(true);
    // Out of the page cache (its 5 s are over) and built again: the same item buffers, not copies.
    memory.clock.advance(10_000);
    const again = await service.area(cities[0].slug, query, null);
    expect(again.cache).toBe('miss');
    expect(again.body).not.toBe(first.body);
    const items = first.body.parts.filter((part) => part[0] === 0x7b && part.length > 100); // each item's JSON object
    expect(items.length).toBeGreaterThan(10);
    for (const item of items) expect(again.body.parts.includes(item)).toBe(true);
  });
});
