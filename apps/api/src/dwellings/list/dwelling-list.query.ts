// The one SQL statement behind /search, /area/{slug} and /latest (docs/decisions/0004-search-queries.md).
// Plain text and bind parameters: every value is a parameter, only fixed column names are written in.
// Its conditions come from the table of list filters (list-filters.ts). Nothing else is imported (the
// snapshot's row type is erased): the benchmark's raw baseline server (bench/search) runs this same
// statement and this same decoding from the built API, without Nest or Prisma.
import { listConditionsSql, type ListFilter } from './list-filters';
import type { SnapshotRow } from './dwelling-list.snapshot';

/** Counting stops this many rows past `start`: meta.total is then a lower bound (`capped`). */
export const COUNT_CAP = 500;

export type { ListFilter } from './list-filters';

/**
 * The ORDER BY keys of a list, on the alias `a` (d: the table; p, m: the page's rows). Ties and the
 * default fall back to newest first, so every order is total and the same in memory
 * (DwellingListSnapshot) and here; `created_at` of p is its epoch seconds, in the same order.
 */
export function listOrder(sort: ListFilter['sort'], a: string): string {
  const newest = `${a}.created_at DESC, ${a}.id DESC`;
  switch (sort) {
    case undefined:
      return newest;
    case 'rent':
      return `(${a}.rent < 0), ${a}.rent, ${newest}`;
    case 'size':
      return `${a}.size DESC, ${newest}`;
    case 'rent-per-m2':
      return `(CASE WHEN ${a}.rent > 0 AND ${a}.size > 0 THEN ${a}.rent::float8 / ${a}.size END) ASC NULLS LAST, ${newest}`;
  }
}

/** Where to start reading: after a known (createdAt, id) position, then skip `skip` more rows. */
export interface ListSeek {
  after: { createdAt: Date; id: number } | null;
  skip: number;
}

export interface ListStatement {
  text: string;
  values: Array<string | number>;
}

/**
 * How the statement is read with node-postgres: rows as arrays of the columns' text, decoded by
 * decodeListRows. Its generic per-column parsers (timestamps, text[]) cost ~3 ms of CPU for a page of
 * 150 on the development machine; these rows decode in ~1 ms.
 */
export const LIST_QUERY_OPTIONS = {
  rowMode: 'array' as const,
  types: { getTypeParser: () => (text: string) => text },
};

/** One row of the statement, as LIST_QUERY_OPTIONS reads it: the columns' text, null for NULL. */
export type ListResultRow = Array<string | null>;

export interface ListedDwelling {
  id: number;
  headline: string;
  teaser: string;
  rent: number;
  rooms: number;
  size: number;
  street: string | null;
  lat: number | null;
  lng: number | null;
  zip: string | null;
  cityId: number;
  createdAt: Date;
  deletedAt: Date | null;
  imageKeys: string[];
  monthlyCost: number | null;
  moveInCost: number | null;
}

export interface ListResult {
  /** Matches counted, up to skip + max(pageSize, COUNT_CAP). */
  total: number;
  /** dwelling_list_version() in the statement's snapshot: the version this page is current at. */
  version: string;
  /** The page, newest first. */
  dwellings: ListedDwelling[];
}

// Times come as seconds since the epoch (date_part: a float8 whose fraction is the milliseconds).
const fromEpoch = (seconds: string): Date => new Date(Math.round(Number(seconds) * 1000));
const orNull = <T>(text: string | null, parse: (text: string) => T): T | null => (text === null ? null : parse(text));

/** A text[] in PostgreSQL's output form. Keys are hex, so the quoted form is only a safety net. */
export function parseTextArray(text: string): string[] {
  if (text === '{}') return [];
  if (!text.includes('"')) return text.slice(1, -1).split(',');
  const items: string[] = [];
  let item = '';
  let quoted = false;
  for (let i = 1; i < text.length - 1; i++) {
    const c = text[i];
    if (quoted && c === '\\') item += text[++i];
    else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      items.push(item);
      item = '';
    } else item += c;
  }
  items.push(item);
  return items;
}

/** The statement's rows: every row carries the total and the version; a row without an id is an empty page. */
export function decodeListRows(rows: ListResultRow[]): ListResult {
  const first = rows[0];
  const dwellings: ListedDwelling[] = [];
  for (const [, , id, headline, teaser, rent, rooms, size, street, lat, lng, zip, cityId, createdAt, deletedAt, imageKeys, monthlyCost, moveInCost] of rows) {
    if (id === null) continue;
    dwellings.push({
      id: Number(id),
      headline: headline as string,
      teaser: teaser as string,
      rent: Number(rent),
      rooms: Number(rooms),
      size: Number(size),
      street,
      lat: orNull(lat, Number),
      lng: orNull(lng, Number),
      zip,
      cityId: Number(cityId),
      createdAt: fromEpoch(createdAt as string),
      deletedAt: orNull(deletedAt, fromEpoch),
      imageKeys: orNull(imageKeys, parseTextArray) ?? [],
      monthlyCost: orNull(monthlyCost, Number),
      moveInCost: orNull(moveInCost, Number),
    });
  }
  return { total: Number(first[0]), version: first[1] as string, dwellings };
}

/**
 * One round trip: the count of the matches up to skip + max(pageSize, COUNT_CAP) (index-only), the
 * page's rows with their image keys (kept on the dwelling by triggers; place names come from memory),
 * and the list version, all in one snapshot. `imageColumn` picks the blurred or the full keys inside
 * the database, so a visitor's response never carries a full key. A count of 0 still returns one row
 * (total 0, id null).
 *
 * Without a skip (a first page, or a page the keyset reaches) the page is read straight from the
 * index in order, one heap visit per row. With a skip (a cold jump), the skipped rows are read
 * index-only and only the page's rows are fetched, by primary key.
 */
export function dwellingListStatement(filter: ListFilter, seek: ListSeek, pageSize: number, imageColumn: 'full_key' | 'blurred_key'): ListStatement {
  const values: Array<string | number> = [];
  const param = (value: string | number): string => `$${values.push(value)}`;
  // A function: each use binds its own parameters (the statement uses the conditions twice).
  const where = (): string => {
    const parts = listConditionsSql(filter, param);
    // Keyset: the row comparison is an index condition on (created_at DESC, id DESC).
    if (seek.after) parts.push(`(d.created_at, d.id) < (${param(seek.after.createdAt.toISOString())}, ${param(seek.after.id)})`);
    return parts.join(' AND ');
  };
  const newest = 'ORDER BY d.created_at DESC, d.id DESC';
  // The count does not depend on the order: it always walks the newest-first index.
  const ordered = `ORDER BY ${listOrder(filter.sort, 'd')}`;
  const limit = seek.skip + Math.max(pageSize, COUNT_CAP);
  const columns = itemColumns(imageColumn);
  // The version beside the count, so it is read once per statement (in the page's select list it
  // would be read again for every row).
  const totals = 'count(*)::int AS total, dwelling_list_version()::text AS version';
  const tail = `ORDER BY ${listOrder(filter.sort, 'p')}`;
  if (seek.skip === 0) {
    const counted = `SELECT ${totals} FROM (SELECT FROM dwellings d WHERE ${where()} ${newest} LIMIT ${param(limit)}) c`;
    const page = `SELECT ${columns} FROM dwellings d WHERE ${where()} ${ordered} LIMIT ${param(pageSize)}`;
    return { text: `SELECT t.total, t.version, p.* FROM (${counted}) t LEFT JOIN LATERAL (${page}) p ON true ${tail}`, values };
  }
  // A sorted list keeps its sort keys in the CTE (the page is cut from it in that order).
  const keys = filter.sort === undefined ? '' : ', d.rent, d.size';
  const matching = `SELECT d.id, d.created_at${keys} FROM dwellings d WHERE ${where()} ${ordered} LIMIT ${param(limit)}`;
  const page = `SELECT ${columns}
      FROM (SELECT * FROM matching m ORDER BY ${listOrder(filter.sort, 'm')} OFFSET ${param(seek.skip)} LIMIT ${param(pageSize)}) m
      JOIN dwellings d ON d.id = m.id`;
  return {
    text: `WITH matching AS MATERIALIZED (${matching})
    SELECT t.total, t.version, p.* FROM (SELECT ${totals} FROM matching) t LEFT JOIN LATERAL (${page}) p ON true ${tail}`,
    values,
  };
}

/** The columns of a list item, in the order decodeListRows reads them after total and version. */
function itemColumns(imageColumn: 'full_key' | 'blurred_key'): string {
  const keys = imageColumn === 'full_key' ? 'd.list_full_keys' : 'd.list_blurred_keys';
  return `d.id, d.headline, d.teaser, d.rent, d.rooms, d.size, d.street, d.lat, d.lng, d.zip, d.city_id,
        date_part('epoch', d.created_at) AS created_at, date_part('epoch', d.deleted_at) AS deleted_at, ${keys} AS image_keys,
        d.monthly_cost, d.move_in_cost`;
}

/**
 * The list items of the given dwellings, each with its row version (xmin), and the list version, in
 * one snapshot (the items of a page built from the list snapshot, docs/decisions/0004). Rows as
 * decodeListRows reads them (total 0), plus the row version last; one row with a null id if none.
 */
export function dwellingItemsStatement(ids: number[], imageColumn: 'full_key' | 'blurred_key'): ListStatement {
  return {
    text: `SELECT 0 AS total, v.version, p.* FROM (SELECT dwelling_list_version()::text AS version) v
      LEFT JOIN LATERAL (SELECT ${itemColumns(imageColumn)}, d.xmin::text AS row_version
        FROM dwellings d WHERE d.id = ANY($1::int[])) p ON true`,
    values: [`{${ids.map((id) => Math.trunc(id)).join(',')}}`],
  };
}

export interface ItemsResult {
  version: string;
  items: Array<ListedDwelling & { rowVersion: number }>;
}

export function decodeItemRows(rows: ListResultRow[]): ItemsResult {
  const { version, dwellings } = decodeListRows(rows);
  const rowVersions = rows.filter((row) => row[2] !== null).map((row) => Number(row[18]));
  return { version, items: dwellings.map((dwelling, i) => ({ ...dwelling, rowVersion: rowVersions[i] })) };
}

/**
 * A dwelling's columns in the list snapshot, on the alias `d`, in the order decodeSnapshotRow reads
 * them: the filter columns, the row version, and last the creation time in epoch microseconds (exact:
 * below 2^53 for ~285 years).
 */
const SNAPSHOT_COLUMNS = `d.id, d.city_id, d.rent, d.rooms, d.size, date_part('epoch', d.deleted_at), d.xmin::text,
      d.pets, d.dwelling_type, d.available_from - DATE '1970-01-01', d.lease_months, d.monthly_cost,
      d.lat, d.lng, (extract(epoch from d.created_at) * 1000000)::bigint`;

/** Which dwellings a list can show: vacant, or rented after the cut-off (an SQL timestamp expression). */
const listable = (rentedCutoff: string): string => `(d.deleted_at IS NULL OR d.deleted_at > ${rentedCutoff})`;

/**
 * The rows of the list snapshot, in list order: every dwelling a list can show (vacant, or rented
 * after the cutoff, an ISO time), with its filter columns and row version. Read in the snapshot's
 * transaction through a cursor (a million rows would otherwise be held as one result).
 */
export function snapshotRowsSql(rentedCutoff: Date): string {
  // Inlined, not bound: DECLARE takes no parameters. toISOString writes only digits and "-:.TZ".
  return `SELECT ${SNAPSHOT_COLUMNS}
    FROM dwellings d WHERE ${listable(`'${rentedCutoff.toISOString()}'`)}
    ORDER BY d.created_at DESC, d.id DESC`;
}

// Plainer than orNull(text, Number): it runs for several columns of each of a million rows at a load.
const numberOrNull = (text: string | null): number | null => (text === null ? null : Number(text));

/** A snapshot row as the database gives it, with its creation time. */
export type LoadedSnapshotRow = SnapshotRow & {
  /** Epoch microseconds (created_at as stored). */
  createdAt: number;
};

/**
 * One row of SNAPSHOT_COLUMNS from `from` on (the change statement has the changed id before them):
 * unknown values are null, as SnapshotRow has them. Into `into` when given (the full load reuses one
 * object for its million rows, then copies it into its columns), else into a new row.
 */
export function decodeSnapshotRow(row: ListResultRow, from = 0, into?: LoadedSnapshotRow): LoadedSnapshotRow {
  const out = into ?? ({} as LoadedSnapshotRow);
  const deletedAt = row[from + 5];
  out.id = Number(row[from]);
  out.cityId = Number(row[from + 1]);
  out.rent = Number(row[from + 2]);
  out.rooms = Number(row[from + 3]);
  out.size = Number(row[from + 4]);
  // Epoch seconds with the milliseconds as fraction, as decodeListRows reads times.
  out.deletedAt = deletedAt === null ? null : Math.round(Number(deletedAt) * 1000);
  out.rowVersion = Number(row[from + 6]);
  out.pets = numberOrNull(row[from + 7]);
  out.dwellingType = row[from + 8];
  out.availableDay = numberOrNull(row[from + 9]);
  out.leaseMonths = numberOrNull(row[from + 10]);
  out.monthlyCost = numberOrNull(row[from + 11]);
  // float8 text is the shortest that reads back the same double (PostgreSQL 12+).
  out.lat = numberOrNull(row[from + 12]);
  out.lng = numberOrNull(row[from + 13]);
  out.createdAt = Number(row[from + 14]);
  return out;
}

/**
 * Where a list snapshot stands: its list version and its PostgreSQL snapshot (pg_current_snapshot()
 * as text), read in its transaction before the rows, so all three are the same snapshot.
 */
export const SNAPSHOT_POSITION_SQL = 'SELECT dwelling_list_version()::text AS version, pg_current_snapshot()::text AS pg_snapshot';

/**
 * The first of the two statements of DwellingListReader.changes, given a snapshot $1: the list version
 * and the snapshot now, and whether the log was pruned past $1 (its rows below the bound are gone).
 */
export const LIST_CHANGES_HEAD_SQL = `SELECT dwelling_list_version()::text, pg_current_snapshot()::text,
    (SELECT b.pruned_below FROM dwelling_list_log_bound b WHERE b.id = 1) > pg_snapshot_xmin($1::pg_snapshot)::text::bigint`;

/**
 * The dwellings changed by the transactions committed now and not in the snapshot $1 (at most $3 of
 * them), each with its snapshot row when a list can show it at the rented cut-off $2 (an ISO time),
 * else with nulls: rows (changed id, SNAPSHOT_COLUMNS). A transaction that $1 did not see has an xid at
 * or above $1's xmin, so the log's primary key bounds the scan. Changed id 0: the table was truncated.
 */
export const LIST_CHANGES_SQL = `SELECT c.id, ${SNAPSHOT_COLUMNS}
    FROM (SELECT DISTINCT l.dwelling_id AS id FROM dwelling_list_log l
           WHERE l.xid >= pg_snapshot_xmin($1::pg_snapshot)::text::bigint
             AND NOT pg_visible_in_snapshot(l.xid::text::xid8, $1::pg_snapshot)
           LIMIT $3) c
    LEFT JOIN dwellings d ON d.id = c.id AND ${listable('$2')}`;

/** The current list version alone (what a cached page is checked against). */
export const LIST_VERSION_SQL = 'SELECT dwelling_list_version()::text AS version';

/** Folds the committed change rows into the version's base (the sum, and so the version, stays). */
export const FOLD_LIST_VERSION_SQL = 'SELECT dwelling_list_fold()';

/**
 * Prunes the change log (dwelling_list_log_prune): rows of transactions that ended more than ten
 * minutes ago go; a process whose snapshot is older than that reloads instead of applying a delta.
 */
export const PRUNE_LIST_LOG_SQL = "SELECT dwelling_list_log_prune(interval '10 minutes')";
