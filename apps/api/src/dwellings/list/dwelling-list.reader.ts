import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Pool, type PoolClient, type PoolConfig } from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import type { DatabaseHandle } from '../../infra/database/database';
import { Metrics } from '../../infra/metrics/metrics';
import { DATABASE_HANDLE } from '../../infra/prisma/prisma.module';
import {
  decodeItemRows,
  decodeListRows,
  decodeSnapshotRow,
  dwellingItemsStatement,
  FOLD_LIST_VERSION_SQL,
  LIST_CHANGES_HEAD_SQL,
  LIST_CHANGES_SQL,
  LIST_QUERY_OPTIONS,
  LIST_VERSION_SQL,
  PRUNE_LIST_LOG_SQL,
  SNAPSHOT_POSITION_SQL,
  snapshotRowsSql,
  type ItemsResult,
  type LoadedSnapshotRow,
  type ListResult,
  type ListResultRow,
  type ListStatement,
} from './dwelling-list.query';
import { DETAIL_QUERY_OPTIONS, DWELLING_DETAIL_SQL, decodeDetailRow, type DetailRow } from '../dwelling-detail.query';
import { DwellingListSnapshot, snapshotColumns, writeSnapshotRow, type SnapshotColumns } from './dwelling-list.snapshot';

/** Rows per FETCH while loading the list snapshot: bounds the memory of one round trip (~10 MB). */
const SNAPSHOT_BATCH = 50_000;

/**
 * More changed dwellings than this since a snapshot, and `changes` answers "reload": at 100,000 of a
 * million the delta took 1.6-2.7 s (a loaded machine, ADR 0066), what a full load takes.
 */
const MAX_CHANGED = 100_000;

/** What changed since a list snapshot (DwellingListReader.changes). */
export type ListChanges =
  /** The log cannot tell (pruned past the snapshot, a TRUNCATE, or too many): load everything again. */
  | { reload: true }
  | {
      reload: false;
      /** The list version now, in the same PostgreSQL snapshot as the rows. */
      version: string;
      /** That PostgreSQL snapshot: the `since` of the next call. */
      snapshot: string;
      /** Changed dwellings a list can show now, in no particular order. */
      changed: LoadedSnapshotRow[];
      /** Changed dwellings a list cannot show now (deleted, or rented before the cut-off). */
      removed: number[];
    };

/**
 * The dwelling lists' reads, on a pg pool of their own instead of Prisma: Prisma's $queryRaw costs
 * ~0.8 ms of CPU per call on the development machine before any row is decoded, and ~4.5 ms for a
 * page of 150 (docs/decisions/0004): more than the query itself, and every cache hit asks for the
 * list version. Read-only single statements; every write stays with Prisma. The dwelling detail
 * reads here too, for the same reason (dwelling-detail.query.ts).
 */
@Injectable()
export class DwellingListReader implements OnModuleDestroy {
  private readonly logger = new Logger(DwellingListReader.name);
  private readonly pool: Pool;
  /**
   * The detail statement is prepared (a named statement: each connection parses and plans it once).
   * Planning its three-table join cost PostgreSQL ~0.45 ms per call on the benchmark database, and
   * running the prepared plan ~0.07 ms. Not on the embedded database: its socket server runs every
   * connection in PGlite's one session, where a second connection preparing the same name fails.
   */
  private readonly detailStatementName: string | undefined;

  constructor(@Inject(DATABASE_HANDLE) database: DatabaseHandle, @Inject(APP_CONFIG) config: AppConfig, metrics: Metrics) {
    this.detailStatementName = database.mode === 'embedded' ? undefined : 'husly_dwelling_detail';
    // Parsed fields, not a connectionString, as the Prisma adapter does (prisma-adapter.ts).
    const pool: PoolConfig = { ...(parseIntoClientConfig(database.url) as PoolConfig) };
    // PGlite serves one query at a time: more connections only queue inside its socket server.
    pool.max = database.mode === 'embedded' ? 2 : config.database.poolSize;
    this.pool = new Pool(pool);
    metrics.watchPool('lists', this.pool);
    // An idle connection that the server closes must not take the process down; the next query reconnects.
    this.pool.on('error', (error) => this.logger.warn(`idle connection: ${error.message}`));
  }

  async list(statement: ListStatement): Promise<ListResult> {
    const { rows } = await this.pool.query<ListResultRow>({ ...statement, ...LIST_QUERY_OPTIONS });
    return decodeListRows(rows);
  }

  /** The list items of these dwellings with their row versions, and the list version they were read at. */
  async items(ids: number[], imageColumn: 'full_key' | 'blurred_key'): Promise<ItemsResult> {
    const { rows } = await this.pool.query<ListResultRow>({ ...dwellingItemsStatement(ids, imageColumn), ...LIST_QUERY_OPTIONS });
    return decodeItemRows(rows);
  }

  /**
   * Every listable dwelling's filter columns at one list version: one REPEATABLE READ transaction
   * reads the version and then the rows through a cursor, so both are the same snapshot. Its
   * PostgreSQL snapshot comes with it as `pgSnapshot`, the `since` of the first `changes`.
   */
  async snapshot(rentedCutoff: Date): Promise<DwellingListSnapshot & { pgSnapshot: string }> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      // Every row is read, so the plan for all of them (a scan and one sort), not a cursor's
      // fast-start index walk (1M heap visits: 5 s instead of 2 s on the benchmark database); and no
      // JIT, whose compile costs more than this simple plan.
      await client.query(`SET LOCAL cursor_tuple_fraction = 1; SET LOCAL jit = off; SET LOCAL work_mem = '64MB'`);
      const position = (await client.query<{ version: string; pg_snapshot: string }>(SNAPSHOT_POSITION_SQL)).rows[0];
      await client.query(`DECLARE list_snapshot NO SCROLL CURSOR FOR ${snapshotRowsSql(rentedCutoff)}`);
      let columns = snapshotColumns(SNAPSHOT_BATCH);
      let n = 0;
      const row = {} as LoadedSnapshotRow;
      for (;;) {
        const { rows } = await client.query<ListResultRow>({ text: `FETCH ${SNAPSHOT_BATCH} FROM list_snapshot`, ...LIST_QUERY_OPTIONS });
        if (n + rows.length > columns.ids.length) columns = grow(columns, Math.max(columns.ids.length * 2, n + rows.length));
        for (const text of rows) writeSnapshotRow(columns, n++, decodeSnapshotRow(text, 0, row));
        if (rows.length < SNAPSHOT_BATCH) break;
      }
      await client.query('COMMIT');
      // A property, not a field of the class: the snapshot itself never needs it.
      return Object.assign(new DwellingListSnapshot(position.version, rentedCutoff.getTime(), shrink(columns, n)), { pgSnapshot: position.pg_snapshot });
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * The dwellings changed since the PostgreSQL snapshot `since` (a list snapshot's `pgSnapshot`, or
   * the `snapshot` of the last answer), read as `snapshot` reads rows at this rented cut-off: those
   * changed by every transaction committed now and not seen by `since`, whatever order they committed
   * in. One REPEATABLE READ transaction, so version, snapshot and rows agree.
   */
  async changes(since: string, rentedCutoff: Date, maxChanged = MAX_CHANGED): Promise<ListChanges> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const [version, snapshot, pruned] = (await client.query<ListResultRow>({ text: LIST_CHANGES_HEAD_SQL, values: [since], ...LIST_QUERY_OPTIONS })).rows[0];
      const changes = await this.changedRows(client, since, rentedCutoff, maxChanged, pruned === 't');
      await client.query('COMMIT');
      return changes === undefined ? { reload: true } : { reload: false, version: version as string, snapshot: snapshot as string, ...changes };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** The changed and removed dwellings, or undefined when the log cannot tell them. */
  private async changedRows(client: PoolClient, since: string, rentedCutoff: Date, maxChanged: number, pruned: boolean): Promise<{ changed: LoadedSnapshotRow[]; removed: number[] } | undefined> {
    if (pruned) return undefined;
    const { rows } = await client.query<ListResultRow>({ text: LIST_CHANGES_SQL, values: [since, rentedCutoff.toISOString(), maxChanged + 1], ...LIST_QUERY_OPTIONS });
    if (rows.length > maxChanged) return undefined;
    const changed: LoadedSnapshotRow[] = [];
    const removed: number[] = [];
    for (const row of rows) {
      const id = Number(row[0]);
      // Dwelling 0: a TRUNCATE, every dwelling changed.
      if (id === 0) return undefined;
      if (row[1] === null) removed.push(id);
      else changed.push(decodeSnapshotRow(row, 1));
    }
    return { changed, removed };
  }

  /** A dwelling with its city, postal name and image keys (GET /api/dwellings/{id}); null when there is none. */
  async detail(id: number): Promise<DetailRow | null> {
    const { rows } = await this.pool.query<ListResultRow>({ name: this.detailStatementName, text: DWELLING_DETAIL_SQL, values: [id], ...DETAIL_QUERY_OPTIONS });
    return decodeDetailRow(rows[0]);
  }

  async version(): Promise<string> {
    const { rows } = await this.pool.query<{ version: string }>(LIST_VERSION_SQL);
    return rows[0].version;
  }

  /** Folds the list version's change rows, then prunes the change log (both now and then, after writes). */
  async fold(): Promise<void> {
    await this.pool.query(FOLD_LIST_VERSION_SQL);
    await this.pool.query(PRUNE_LIST_LOG_SQL);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }
}

function grow(columns: SnapshotColumns, n: number): SnapshotColumns {
  const bigger = snapshotColumns(n);
  for (const key of Object.keys(columns) as Array<keyof SnapshotColumns>) bigger[key].set(columns[key] as never);
  return bigger;
}

function shrink(columns: SnapshotColumns, n: number): SnapshotColumns {
  const out = {} as Record<keyof SnapshotColumns, unknown>;
  for (const key of Object.keys(columns) as Array<keyof SnapshotColumns>) out[key] = columns[key].subarray(0, n);
  return out as SnapshotColumns;
}
