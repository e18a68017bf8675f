// The API side of the one table of list filters (docs/decisions/0058): for every filter of the
// domain's table (libs/domain list-filters.ts) and the two the route adds (the city, the rented
// window), its SQL condition and its test on the list snapshot's columns. The list statement, the
// snapshot's scan and the cache key are derived from here. Type imports only: the benchmark's raw
// baseline server (bench/search) loads the list statement from the built API without Nest or Prisma.
import { DWELLING_TYPES, writeSearchArea, type ListFilters } from '@husly/domain';
import type { SnapshotColumns } from './dwelling-list.snapshot';
import { areaContains, areaPolygon, areaPolygonText } from './area-contains';

/** One list as the statement and the snapshot read it: the query's filters, plus what the route adds. */
export interface ListFilter extends ListFilters {
  /** Absent: every city (the front page, or a search without q). */
  cityId?: number;
  /** Rented dwellings stay listed while deletedAt is after this; null lists vacant ones only. */
  rentedSince: Date | null;
}

/** A test of one snapshot row (its position in the snapshot's columns). */
export type RowTest = (row: number) => boolean;

interface ListCondition<V> {
  /** The condition on the dwelling `d`; `param` binds a value and gives its placeholder. */
  sql(value: V, param: (value: string | number) => string): string;
  /** The same condition on the snapshot's columns; null when the scan keeps to it already. */
  memory(value: V, columns: SnapshotColumns): RowTest | null;
  /** What the cache key holds of the value; the value itself when absent. */
  key?(value: V): unknown;
}

type ConditionName = Exclude<keyof ListFilter, 'sort'>;

/** The snapshot's code for a dwelling_type: its index in the domain's DWELLING_TYPES (-1: none or unknown). */
export function snapshotType(type: string | null | undefined): number {
  return type == null ? -1 : (DWELLING_TYPES as readonly string[]).indexOf(type);
}
/** An unknown available_from in the snapshot: after every day asked for. */
export const NO_DAY = 2_147_483_647;
const DAY_MS = 86_400_000;

/**
 * Every condition a list can set, in the order the statement writes them (and binds their values).
 * A filter that is absent from a list sets no condition; the rented window is always set.
 */
export const LIST_CONDITIONS: { [K in ConditionName]-?: ListCondition<Exclude<ListFilter[K], undefined>> } = {
  cityId: {
    sql: (cityId, param) => `d.city_id = ${param(cityId)}`,
    // The snapshot scans the city's own rows (its range, or its sorted rows).
    memory: () => null,
  },
  rent: {
    // An unknown rent (-1) matches a maximum: the list shows it as "Ukendt".
    sql: (max, param) => `d.rent <= ${param(max)}`,
    memory: (max, { rents }) => (row) => rents[row] <= max,
  },
  rooms: {
    // Unknown (-1) does not match a minimum.
    sql: (min, param) => `d.rooms >= ${param(min)}`,
    memory: (min, { rooms }) => (row) => rooms[row] >= min,
  },
  size: {
    sql: (min, param) => `d.size >= ${param(min)}`,
    memory: (min, { sizes }) => (row) => sizes[row] >= min,
  },
  rentedSince: {
    // No status condition: list membership is deleted_at alone, so the scan stays index-only (0004).
    // Times as ISO text: the columns are UTC timestamps without a zone, and the zone letter is ignored.
    sql: (since, param) => (since ? `(d.deleted_at IS NULL OR d.deleted_at > ${param(since.toISOString())})` : 'd.deleted_at IS NULL'),
    // deletedAt is NaN while vacant: `gone !== gone` is the vacant test.
    memory: (since, { deletedAt }) => {
      if (since === null) return (row) => deletedAt[row] !== deletedAt[row];
      const after = since.getTime();
      return (row) => deletedAt[row] !== deletedAt[row] || deletedAt[row] > after;
    },
    // The window moves with the clock; a list is the same list whether it lists rented dwellings or not.
    key: (since) => since !== null,
  },
  // Issue 15's filters (docs/decisions/0013), on the columns derived at import: outside the indexes,
  // so only a list that sets one visits the heap.
  pets: {
    sql: () => 'd.pets = 1',
    memory: (_, { pets }) => (row) => pets[row] === 1,
  },
  type: {
    sql: (type, param) => `d.dwelling_type = ${param(type)}`,
    memory: (type, { types }) => {
      const code = snapshotType(type);
      return (row) => code !== -1 && types[row] === code;
    },
  },
  movein: {
    // Free from that day or earlier; an unknown day does not match.
    sql: (day, param) => `d.available_from <= ${param(day)}::date`,
    memory: (day, { availableDays }) => {
      const last = Date.parse(`${day}T00:00:00Z`) / DAY_MS;
      return (row) => availableDays[row] !== NO_DAY && availableDays[row] <= last;
    },
  },
  monthly: {
    // An unknown monthly total does not match.
    sql: (max, param) => `d.monthly_cost <= ${param(max)}`,
    memory: (max, { monthlyCosts }) => (row) => monthlyCosts[row] !== -1 && monthlyCosts[row] <= max,
  },
  timeframe: {
    // lease_months: 0 = unlimited; not stated does not match.
    sql: (timeframe) => (timeframe === 'nolimit' ? 'd.lease_months = 0' : timeframe === 'gt1y' ? '(d.lease_months = 0 OR d.lease_months >= 12)' : 'd.lease_months BETWEEN 1 AND 11'),
    memory: (timeframe, { leaseMonths }) => {
      if (timeframe === 'nolimit') return (row) => leaseMonths[row] === 0;
      if (timeframe === 'gt1y') return (row) => leaseMonths[row] === 0 || leaseMonths[row] >= 12;
      return (row) => leaseMonths[row] >= 1 && leaseMonths[row] <= 11;
    },
  },
  area: {
    // Last: the dearest test, run only on rows every other condition kept (docs/decisions/0064).
    // PostgreSQL's geometric types, not PostGIS (the embedded database has none); the polygon is a
    // bound parameter. No coordinate: point() is NULL, never inside (NaN in the snapshot).
    sql: (area, param) => `point(d.lng, d.lat) <@ ${param(areaPolygonText(area))}::polygon`,
    memory: (area, { lats, lngs }) => {
      const polygon = areaPolygon(area);
      return (row) => areaContains(polygon, lngs[row], lats[row]);
    },
    // The canonical encoding: one area, one key, however the corners' numbers print.
    key: writeSearchArea,
  },
};

const CONDITION_NAMES = Object.keys(LIST_CONDITIONS) as ConditionName[];
/** What tells one list from another: every condition, and the order. */
const KEY_NAMES: Array<keyof ListFilter> = [...CONDITION_NAMES, 'sort'];

/** The conditions a list sets, as SQL (joined with AND by the statement). */
export function listConditionsSql(filter: ListFilter, param: (value: string | number) => string): string[] {
  const parts: string[] = [];
  for (const name of CONDITION_NAMES) {
    const value = filter[name];
    if (value !== undefined) parts.push((LIST_CONDITIONS[name] as ListCondition<typeof value>).sql(value, param));
  }
  return parts;
}

/** The conditions a list sets, as one test of a snapshot row; null when the scan alone answers. */
export function listConditionsTest(filter: ListFilter, columns: SnapshotColumns): RowTest | null {
  const tests: RowTest[] = [];
  for (const name of CONDITION_NAMES) {
    const value = filter[name];
    const test = value === undefined ? null : (LIST_CONDITIONS[name] as ListCondition<typeof value>).memory(value, columns);
    if (test) tests.push(test);
  }
  if (tests.length === 0) return null;
  if (tests.length === 1) return tests[0];
  return (row) => {
    for (const test of tests) if (!test(row)) return false;
    return true;
  };
}

/**
 * One list, whatever the route that asked for it: the page cursors and the page cache key on it.
 * Every condition and the order are in it, so two lists that differ never share a cached page.
 */
export function listKey(filter: ListFilter): string {
  return JSON.stringify(
    KEY_NAMES.map((name) => {
      const value = filter[name];
      if (value === undefined) return null;
      const key = name === 'sort' ? undefined : (LIST_CONDITIONS[name] as ListCondition<typeof value>).key;
      return key ? key(value) : value;
    }),
  );
}
