import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client } from 'pg';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCity, createDwelling } from '../../../test/factories';
import { decodeSnapshotRow, LIST_QUERY_OPTIONS, snapshotRowsSql, type ListResultRow, type LoadedSnapshotRow } from './dwelling-list.query';
import { DwellingListReader, type ListChanges } from './dwelling-list.reader';

// The change log behind the list snapshots' deltas (issue 35): DwellingListReader.changes returns
// exactly the dwellings changed by the transactions committed since a PostgreSQL snapshot, in any
// commit order. A database of its own: the file truncates and prunes the log, and a write by a file
// running alongside would show up in its deltas.
const DAY = 86_400_000;
const CUTOFF = new Date(Date.now() - 14 * DAY);

type Delta = Extract<ListChanges, { reload: false }>;

describe('the dwelling list change log', () => {
  let t: TestApp;
  let reader: DwellingListReader;
  /** Three connections of their own: two writers whose transactions interleave, and one for checks. */
  let a: Client;
  let b: Client;
  let db: Client;
  let cityId: number;
  /** Where the test's reader stands: the `snapshot` of the last answer. */
  let since: string;

  async function connect(): Promise<Client> {
    const client = new Client({ connectionString: t.config.database.url });
    await client.connect();
    return client;
  }

  /** The changes since the last call, which must be a delta; the next call starts from it. */
  async function next(): Promise<{ changed: LoadedSnapshotRow[]; changedIds: number[]; removed: number[]; version: string }> {
    const changes = await reader.changes(since, CUTOFF);
    expect(changes.reload).toBe(false);
    const delta = changes as Delta;
    since = delta.snapshot;
    const ids = (list: number[]) => [...list].sort((x, y) => x - y);
    return { changed: delta.changed, changedIds: ids(delta.changed.map((row) => row.id)), removed: ids(delta.removed), version: delta.version };
  }

  /** Nothing changed since the last call. */
  async function quiet(): Promise<void> {
    const { changedIds, removed } = await next();
    expect({ changedIds, removed }).toEqual({ changedIds: [], removed: [] });
  }

  /** A dwelling's snapshot row as the full load reads it (snapshotRowsSql), or undefined when not listable. */
  async function loaded(id: number): Promise<LoadedSnapshotRow | undefined> {
    const { rows } = await db.query<ListResultRow>({ text: snapshotRowsSql(CUTOFF), ...LIST_QUERY_OPTIONS });
    return rows.map((row) => decodeSnapshotRow(row)).find((row) => row.id === id);
  }

  const dwelling = async () => (await createDwelling(t.prisma, { cityId, images: 1 })).id;
  const setRent = (client: Client, id: number, rent: number) => client.query('UPDATE dwellings SET rent = $2 WHERE id = $1', [id, rent]);
  /** Folds and prunes as the API does, on a connection of its own. */
  const prune = (client: Client, keep = '10 minutes') => client.query(`SELECT dwelling_list_log_prune($1::interval)`, [keep]);
  const bound = async () => (await db.query<{ b: string }>('SELECT pruned_below::text AS b FROM dwelling_list_log_bound')).rows[0].b;
  const mark = (xmin: string, minutesAgo: number) =>
    db.query(`INSERT INTO dwelling_list_log_marks (oldest_xid, recorded_at) VALUES ($1, now() - make_interval(mins => $2))`, [xmin, minutesAgo]);
  const xmin = async (snapshot: string) => (await db.query<{ x: string }>('SELECT pg_snapshot_xmin($1::pg_snapshot)::text AS x', [snapshot])).rows[0].x;

  beforeAll(async () => {
    t = await createTestApp({ ownDatabase: true, env: { DWELLING_LISTS_IN_MEMORY: 'false' } });
    reader = t.app.get(DwellingListReader);
    [a, b, db] = [await connect(), await connect(), await connect()];
    cityId = (await createCity(t.prisma)).id;
    // The migration's bound (the next xid after it ran) is for writers of the old trigger; this copy
    // of the template had none. Without it, a transaction of another database on the server left open
    // since the template was built would send every snapshot here back to reload (xids are shared).
    await db.query('UPDATE dwelling_list_log_bound SET pruned_below = 0');
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a, b, db].map((client) => client?.end()));
    await t?.close();
  });

  beforeEach(async () => {
    since = (await reader.snapshot(CUTOFF)).pgSnapshot;
  });

  it('returns each write once, with its row as the full load reads it, and then nothing', async () => {
    const inserted = await dwelling();
    let delta = await next();
    expect(delta).toMatchObject({ changedIds: [inserted], removed: [] });
    expect(delta.changed[0]).toEqual(await loaded(inserted));
    await quiet();

    await setRent(db, inserted, 12_345);
    delta = await next();
    expect(delta.changed).toEqual([await loaded(inserted)]);
    expect(delta.changed[0].rent).toBe(12_345);
    await quiet();

    // Rented: still listed after the cut-off, then rented before it (no row any more), then deleted.
    const rentedAt = new Date(Date.now() - DAY);
    await t.prisma.dwelling.update({ where: { id: inserted }, data: { deletedAt: rentedAt } });
    delta = await next();
    expect(delta.changed.map((row) => [row.id, row.deletedAt])).toEqual([[inserted, rentedAt.getTime()]]);
    await quiet();
    await t.prisma.dwelling.update({ where: { id: inserted }, data: { deletedAt: new Date(Date.now() - 20 * DAY) } });
    expect(await next()).toMatchObject({ changedIds: [], removed: [inserted] });
    await quiet();
    await t.prisma.dwelling.delete({ where: { id: inserted } });
    expect(await next()).toMatchObject({ changedIds: [], removed: [inserted] });
    await quiet();
  });

  it('returns a dwelling whose image keys change, and not one whose images change otherwise', async () => {
    const id = await dwelling();
    await next();
    await t.prisma.dwellingImage.create({ data: { dwellingId: id, position: 5, fullKey: `full-${id}`, blurredKey: `blurred-${id}`, width: 10, height: 10 } });
    expect(await next()).toMatchObject({ changedIds: [id], removed: [] });
    await t.prisma.dwellingImage.updateMany({ where: { dwellingId: id }, data: { width: 20 } });
    await quiet();
  });

  it('carries the creation time in epoch microseconds', async () => {
    const createdAt = new Date('2026-11-01T10:20:30.456Z');
    const { id } = await createDwelling(t.prisma, { cityId, createdAt });
    const [row] = (await next()).changed;
    expect(row).toMatchObject({ id, createdAt: createdAt.getTime() * 1000 });
  });

  it('misses no transaction that commits after a later one (commit order is not write order)', async () => {
    const [first, second] = [await dwelling(), await dwelling()];
    await next();
    await a.query('BEGIN');
    await setRent(a, first, 1_111);
    await b.query('BEGIN');
    await setRent(b, second, 2_222);
    await b.query('COMMIT');
    const before = await next();
    expect(before).toMatchObject({ changedIds: [second], removed: [] });
    expect(before.version).toBe(await reader.version());
    await a.query('COMMIT');
    const after = await next();
    expect(after).toMatchObject({ changedIds: [first], removed: [] });
    expect(after.changed[0].rent).toBe(1_111);
    // The version counts each commit once: A's is the one after the first answer.
    expect(BigInt(after.version)).toBe(BigInt(before.version) + 1n);
    expect(after.version).toBe(await reader.version());
    await quiet();
  });

  it('never returns an aborted change, nor a statement that changed no row', async () => {
    const [first, second] = [await dwelling(), await dwelling()];
    await next();
    const logRows = async () => (await db.query<{ n: string }>('SELECT count(*)::text AS n FROM dwelling_list_log')).rows[0].n;
    const rowsBefore = await logRows();

    // Aborted while a reader looked, and aborted before it looked.
    await a.query('BEGIN');
    await setRent(a, first, 3_333);
    await quiet();
    await a.query('ROLLBACK');
    await quiet();
    await a.query('BEGIN');
    await setRent(a, first, 3_333);
    await a.query('ROLLBACK');
    await quiet();

    await setRent(db, 2_000_000_000, 1);
    expect(await logRows()).toBe(rowsBefore);
    await quiet();

    // A savepoint rolled back inside a committed transaction: only what stayed counts.
    await a.query('BEGIN');
    await a.query('SAVEPOINT s');
    await setRent(a, first, 4_444);
    await a.query('ROLLBACK TO SAVEPOINT s');
    await setRent(a, second, 5_555);
    await a.query('COMMIT');
    expect(await next()).toMatchObject({ changedIds: [second], removed: [] });
  });

  it('says reload when more dwellings changed than the caller would apply', async () => {
    const [first, second] = [await dwelling(), await dwelling()];
    await next();
    await db.query('UPDATE dwellings SET rent = rent + 1 WHERE id = ANY($1)', [[first, second]]);
    expect(await reader.changes(since, CUTOFF, 1)).toEqual({ reload: true });
    expect((await reader.changes(since, CUTOFF, 2)).reload).toBe(false);
  });

  it('says reload after a TRUNCATE, and answers again from a snapshot after it', async () => {
    await dwelling();
    await next();
    const before = since;
    await db.query('TRUNCATE dwellings CASCADE');
    expect(await reader.changes(before, CUTOFF)).toEqual({ reload: true });
    const after = await reader.snapshot(CUTOFF);
    expect(after.size).toBe(0);
    since = after.pgSnapshot;
    const id = await dwelling();
    expect(await next()).toMatchObject({ changedIds: [id], removed: [] });
  });

  it('gives the full load its PostgreSQL snapshot and version, the same snapshot as its rows', async () => {
    const id = await dwelling();
    await a.query('BEGIN');
    await setRent(a, id, 9_000);
    const snapshot = await reader.snapshot(CUTOFF);
    expect(snapshot.version).toBe(await reader.version());
    await a.query('COMMIT');
    since = snapshot.pgSnapshot;
    // The open transaction was not in the load, so its change is the next delta's.
    expect(await next()).toMatchObject({ changedIds: [id], removed: [] });
  });

  it('prunes only below a mark old enough, and then says reload to a snapshot from before it', async () => {
    const id = await dwelling();
    await next();
    const kept = since;
    await setRent(db, id, 6_000);
    // A snapshot's xmin: every transaction below it had ended. Marks are set by hand so that the
    // test does not depend on the transactions of other databases on the server (xids are shared).
    const keptXmin = await xmin(kept);
    const later = (await db.query<{ x: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x')).rows[0].x;
    await mark(keptXmin, 11);
    await mark(later, 5);
    await prune(db);
    // The mark of 5 minutes ago is too young; the bound is the other, exactly the kept snapshot's xmin.
    expect(await bound()).toBe(keptXmin);
    expect((await db.query('SELECT 1 FROM dwelling_list_log WHERE xid < $1', [keptXmin])).rowCount).toBe(0);
    expect(await next()).toMatchObject({ changedIds: [id], removed: [] });
    since = kept;
    expect(await next()).toMatchObject({ changedIds: [id], removed: [] });

    // Now past it: a write after the kept snapshot, and a mark above that write.
    await setRent(db, id, 7_000);
    const past = (await db.query<{ x: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x')).rows[0].x;
    await mark(past, 11);
    await prune(db);
    expect(await bound()).toBe(past);
    expect(await reader.changes(kept, CUTOFF)).toEqual({ reload: true });
  });

  it('lets two prunes run at once: the second waits for the first and then finds nothing left to do', async () => {
    const id = await dwelling();
    await setRent(db, id, 8_000);
    const cut = (await db.query<{ x: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x')).rows[0].x;
    await mark(cut, 11);
    await a.query('BEGIN');
    await prune(a);
    const bPid = (await b.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    const second = prune(b);
    // Explicit ordering, no sleep: the second prune is under way once it waits for the first's lock.
    for (;;) {
      const { rows } = await db.query<{ wait: string | null }>('SELECT wait_event_type AS wait FROM pg_stat_activity WHERE pid = $1', [bPid]);
      if (rows[0]?.wait === 'Lock') break;
    }
    await a.query('COMMIT');
    await second;
    expect(await bound()).toBe(cut);
    expect((await db.query('SELECT 1 FROM dwelling_list_log WHERE xid < $1', [cut])).rowCount).toBe(0);

    // And four at once, two as the API runs them (fold, then prune) on two connections of its pool.
    // Last in the file: a bound this close to now could send a later test's snapshot back to reload
    // while a transaction of another database on the server is still open.
    await Promise.all([reader.fold(), reader.fold(), prune(a, '0 seconds'), prune(b, '0 seconds')]);
    expect(BigInt(await bound())).toBeGreaterThanOrEqual(BigInt(cut));
  });

  it('starts the log afresh when it holds transaction ids this server never gave out (a dump restored elsewhere)', async () => {
    const finished = async () => BigInt((await db.query<{ x: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x')).rows[0].x);
    for (const foreign of [
      'UPDATE dwelling_list_log_bound SET pruned_below = 1000000000000',
      'INSERT INTO dwelling_list_log (xid, dwelling_id) VALUES (1000000000000, 1)',
      `INSERT INTO dwelling_list_log_marks (oldest_xid, recorded_at) VALUES (1000000000000, now() - interval '1 day')`,
    ]) {
      await setRent(db, await dwelling(), 10_000);
      await db.query(foreign);
      const before = await finished();
      await prune(db);
      const counts = await db.query<{ log: string; marks: string }>('SELECT (SELECT count(*) FROM dwelling_list_log)::text AS log, (SELECT count(*) FROM dwelling_list_log_marks)::text AS marks');
      expect(counts.rows[0], foreign).toEqual({ log: '0', marks: '0' });
      expect(BigInt(await bound()), foreign).toBeGreaterThanOrEqual(before);
      expect(BigInt(await bound()), foreign).toBeLessThanOrEqual(await finished());
    }
  });
});
