import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createTestApp, type TestApp } from '../test/test-app';
import { createCity, createDwelling } from '../test/factories';
import { createScratchDatabase } from '../test/scratch-database';
import { DwellingListMemory } from './dwellings/list/dwelling-list.memory';

// Issue 35: the first city page after a restart. A web process loads its list snapshot (and the rest
// of what a first page reads) before it is ready, so the first list after a restart is answered from
// memory, not by PostgreSQL (docs/decisions/0068). A load that fails does not stop the start. Shown by
// the load counter and the metric husly_list_snapshot_updates_total, never by timing. Each part on a
// database of its own: its dwellings are the test's, and the failing load's lock touches no other file.

const OPS_TOKEN = randomBytes(24).toString('hex');
const ops = { authorization: `Bearer ${OPS_TOKEN}` };

async function snapshotLoads(t: TestApp): Promise<number> {
  const text = (await t.request('GET', '/api/metrics', undefined, ops)).text;
  const line = text.split('\n').find((l) => l.startsWith('husly_list_snapshot_updates_total{') && l.includes('kind="load"'));
  return line ? Number(line.split(' ').pop()) : 0;
}

/**
 * A database of the part's own with a city of a few listed dwellings, written by an app of the
 * default role (no warm-up); made before the part's tests and dropped after them.
 */
function scratchCity(name: string) {
  const part = {} as { scratch: Awaited<ReturnType<typeof createScratchDatabase>>; writer: TestApp; slug: string };
  beforeAll(async () => {
    part.scratch = await createScratchDatabase(name);
    part.writer = await createTestApp({ env: { DATABASE_URL: part.scratch.url } });
    const city = await createCity(part.writer.prisma);
    for (let i = 0; i < 3; i++) await createDwelling(part.writer.prisma, { cityId: city.id, rent: 5000 + i * 1000 });
    part.slug = city.slug;
  });
  afterAll(async () => {
    await part.writer?.close();
    await part.scratch?.drop();
  });
  return part;
}

describe('a web process is warmed before it is ready', () => {
  const part = scratchCity('husly_warm_up');

  it('an app of the default role (commands, most tests) loads nothing before its first list', () => {
    expect(part.writer.warmed).toBeNull();
    expect(part.writer.app.get(DwellingListMemory).updates.load).toBe(0);
  });

  it('has its list snapshot loaded when it is ready, before any request, and answers its first list from it', async () => {
    const web = await createTestApp({ env: { DATABASE_URL: part.scratch.url, APP_ROLE: 'web', OPS_TOKEN } });
    try {
      const lists = web.app.get(DwellingListMemory);
      expect(lists.updates.load).toBe(1);
      expect(web.warmed).toMatchObject({ listSnapshot: true, complete: true, dwellings: 3 });
      expect(await snapshotLoads(web)).toBe(1);

      // A filter no page asked for yet: the warm-up's render may have kept this city's first page.
      const first = await web.request('GET', `/api/dwellings/area/${part.slug}?size=1`);
      expect(first.status).toBe(200);
      expect(first.body.data).toHaveLength(3);
      expect(first.headers['x-cache']).toBe('miss');
      expect(first.headers['x-list-source']).toBe('memory');
      await lists.settled();
      expect(lists.updates.load).toBe(1);
    } finally {
      await web.close();
    }
  });

  it('a worker loads no snapshot, even when asked to warm up', async () => {
    const worker = await createTestApp({ env: { DATABASE_URL: part.scratch.url, APP_ROLE: 'worker' }, warmUp: true });
    try {
      expect(worker.warmed).toBeNull();
      expect(worker.app.get(DwellingListMemory).updates.load).toBe(0);
    } finally {
      await worker.close();
    }
  });
});

describe('a web process whose snapshot cannot be loaded at start', () => {
  const part = scratchCity('husly_warm_up_fail');
  let locker: Client;

  beforeAll(async () => {
    const { scratch } = part;
    // The load reads every listable dwelling; while another session holds the table, a session of
    // this database gives up on its lock at once: the load fails as on a database that cannot answer it.
    const name = new URL(scratch.url).pathname.slice(1);
    locker = new Client({ connectionString: scratch.url });
    await locker.connect();
    await locker.query(`ALTER DATABASE ${name} SET lock_timeout = '50ms'`);
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE dwellings IN ACCESS EXCLUSIVE MODE');
  });
  afterAll(async () => {
    await locker?.end();
  });

  it('starts all the same: healthy, lists from the database, and the load retried as a list finds it missing', async () => {
    const web = await createTestApp({ env: { DATABASE_URL: part.scratch.url, APP_ROLE: 'web', OPS_TOKEN } });
    try {
      const lists = web.app.get(DwellingListMemory);
      expect(web.warmed).toMatchObject({ listSnapshot: false, complete: true });
      expect(lists.updates.load).toBe(0);
      expect(await snapshotLoads(web)).toBe(0);
      expect((await web.request('GET', '/api/health')).status).toBe(200);

      await locker.query('COMMIT');
      // Within the pause after a failed load (5 s by the app's clock) the database answers.
      const during = await web.request('GET', `/api/dwellings/area/${part.slug}?size=1`);
      expect(during.status).toBe(200);
      expect(during.body.data).toHaveLength(3);
      expect(during.headers['x-list-source']).toBe('database');
      await lists.settled();
      expect(lists.updates.load).toBe(0);

      // After it, the next list starts the load; the one after that is answered from memory.
      web.clock.advance(5_000);
      const retried = await web.request('GET', `/api/dwellings/area/${part.slug}?size=2`);
      expect(retried.status).toBe(200);
      await lists.settled();
      expect(lists.updates.load).toBe(1);
      expect(await snapshotLoads(web)).toBe(1);
      const after = await web.request('GET', `/api/dwellings/area/${part.slug}?size=3`);
      expect(after.headers['x-list-source']).toBe('memory');
      expect(after.body.data).toHaveLength(3);
    } finally {
      await web.close();
    }
  });
});
