// One layer of the list snapshot (dwelling-list.snapshot.ts): rows laid out city by city, each city's
// newest first, with the orders a list reads them in. The big base layer is built at a reload (or a
// compaction) and shared, never written, by every snapshot taken from it by withChanges; each of
// those adds a small tail layer of the rows changed since (issue 35).
import { AreaIndex } from './area-index';
import type { ListFilter } from './list-filters';
import { NO_DAY, snapshotType } from './list-filters';

/** One dwelling as the snapshot is loaded: in list order (newest first, then the higher id). */
export interface SnapshotRow {
  id: number;
  cityId: number;
  rent: number;
  rooms: number;
  size: number;
  /** Epoch ms; null while vacant. */
  deletedAt: number | null;
  /** PostgreSQL's xmin of the row: changes with every write to it (see ListItemFragments). */
  rowVersion: number;
  /**
   * created_at in epoch microseconds (exact in a double): the list order is created_at DESC, id DESC.
   * Absent (tests, fromRows): a key that keeps the rows in the order given.
   */
  createdAt?: number;
  // Issue 15's filter columns (docs/decisions/0013); absent in a row means unknown.
  pets?: number | null;
  dwellingType?: string | null;
  /** available_from as days since 1970-01-01. */
  availableDay?: number | null;
  leaseMonths?: number | null;
  monthlyCost?: number | null;
  /** The position (issue 34's area search); absent or null: unknown, in no area. */
  lat?: number | null;
  lng?: number | null;
}

/** Rows in list order, column by column (what the loader fills without an object per row). */
export interface SnapshotColumns {
  ids: Int32Array;
  cityIds: Int32Array;
  rents: Int32Array;
  rooms: Int32Array;
  sizes: Int32Array;
  /** NaN while vacant. */
  deletedAt: Float64Array;
  rowVersions: Uint32Array;
  /** created_at in epoch microseconds: where a changed row goes among the others (withChanges). */
  createdAts: Float64Array;
  /** 1 = pets allowed. */
  pets: Int8Array;
  /** Index in the domain's DWELLING_TYPES, -1 = none. */
  types: Int8Array;
  /** Days since 1970-01-01; NO_DAY = unknown. */
  availableDays: Int32Array;
  /** -1 = not stated. */
  leaseMonths: Int32Array;
  /** -1 = unknown. */
  monthlyCosts: Int32Array;
  /** The position, the database's doubles; NaN = unknown. */
  lats: Float64Array;
  lngs: Float64Array;
}

export function snapshotColumns(n: number): SnapshotColumns {
  return {
    ids: new Int32Array(n),
    cityIds: new Int32Array(n),
    rents: new Int32Array(n),
    rooms: new Int32Array(n),
    sizes: new Int32Array(n),
    deletedAt: new Float64Array(n),
    rowVersions: new Uint32Array(n),
    createdAts: new Float64Array(n),
    pets: new Int8Array(n),
    types: new Int8Array(n),
    availableDays: new Int32Array(n),
    leaseMonths: new Int32Array(n),
    monthlyCosts: new Int32Array(n),
    lats: new Float64Array(n),
    lngs: new Float64Array(n),
  };
}

export const COLUMN_KEYS = Object.keys(snapshotColumns(0)) as Array<keyof SnapshotColumns>;

export function writeSnapshotRow(columns: SnapshotColumns, i: number, row: SnapshotRow): void {
  columns.ids[i] = row.id;
  columns.cityIds[i] = row.cityId;
  columns.rents[i] = row.rent;
  columns.rooms[i] = row.rooms;
  columns.sizes[i] = row.size;
  columns.deletedAt[i] = row.deletedAt ?? NaN;
  columns.rowVersions[i] = row.rowVersion;
  // Without a time, falling with the position: the order the rows were given in.
  columns.createdAts[i] = row.createdAt ?? -i;
  columns.pets[i] = row.pets === 1 ? 1 : 0;
  columns.types[i] = snapshotType(row.dwellingType);
  columns.availableDays[i] = row.availableDay ?? NO_DAY;
  columns.leaseMonths[i] = row.leaseMonths ?? -1;
  columns.monthlyCosts[i] = row.monthlyCost ?? -1;
  columns.lats[i] = row.lat ?? NaN;
  columns.lngs[i] = row.lng ?? NaN;
}

export type ListSort = NonNullable<ListFilter['sort']>;

/**
 * Rows laid out city by city (each city's newest first): what the conditions of list-filters.ts test.
 * Row numbers are positions in these columns.
 */
export class SnapshotLayer {
  readonly size: number;
  readonly columns: SnapshotColumns;
  /** city id → [first row, end row) of its range. */
  readonly cities = new Map<number, [number, number]>();
  /** Row positions across cities, newest first. */
  readonly newest: Int32Array;
  /** The rows' positions, for the lists of a drawn area (0064); the tail's few rows are tested instead. */
  readonly places: AreaIndex | null;
  /** Whether the rows were given in the order of their (createdAt desc, id desc): else no delta can be merged in. */
  readonly keyed: boolean;
  /** Per sort and city (or every city): the rows in that order, built on first use (docs/decisions/0013). */
  private readonly sorted = new Map<string, Int32Array>();
  /** id → row, built at the first delta (see rowOf). */
  private rowsById?: Int32Array | Map<number, number>;
  /** 0, 1, 2, …: each city's rows as a subarray (cityRows). */
  private layout?: Int32Array;

  /** @param loaded the rows in list order across all cities (newest first). */
  constructor(loaded: SnapshotColumns, indexPlaces: boolean) {
    const n = loaded.ids.length;
    this.size = n;
    this.columns = snapshotColumns(n);
    this.newest = new Int32Array(n);
    // A counting sort by city keeps each city's rows in the loaded (list) order.
    const counts = new Map<number, number>();
    for (let i = 0; i < n; i++) counts.set(loaded.cityIds[i], (counts.get(loaded.cityIds[i]) ?? 0) + 1);
    const next = new Map<number, number>();
    let begin = 0;
    for (const [cityId, count] of counts) {
      this.cities.set(cityId, [begin, begin + count]);
      next.set(cityId, begin);
      begin += count;
    }
    for (let i = 0; i < n; i++) {
      const cityId = loaded.cityIds[i];
      const at = next.get(cityId) as number;
      next.set(cityId, at + 1);
      this.newest[i] = at;
    }
    // Column by column: one kind of array per loop.
    const newest = this.newest;
    for (const key of COLUMN_KEYS) {
      const from = loaded[key];
      const to = this.columns[key];
      for (let i = 0; i < n; i++) to[newest[i]] = from[i];
    }
    const { createdAts, ids } = loaded;
    let keyed = true;
    for (let i = 1; i < n && keyed; i++) keyed = createdAts[i - 1] > createdAts[i] || (createdAts[i - 1] === createdAts[i] && ids[i - 1] > ids[i]);
    this.keyed = keyed;
    this.places = indexPlaces ? new AreaIndex(newest, this.columns.lats, this.columns.lngs) : null;
  }

  range(cityId: number): readonly [number, number] {
    return this.cities.get(cityId) ?? EMPTY_RANGE;
  }

  /**
   * A city's rows (every city's, without one) in the order of `sort`, as listOrder sorts them in SQL:
   * the keys, then the list order. Sorted once per layer, city and order.
   */
  order(cityId: number | undefined, sort: ListSort): Int32Array {
    const key = `${sort}:${cityId ?? '*'}`;
    const known = this.sorted.get(key);
    if (known) return known;
    let rows: Int32Array;
    if (cityId === undefined) rows = this.newest;
    else {
      const range = this.range(cityId);
      rows = new Int32Array(range[1] - range[0]);
      for (let i = 0; i < rows.length; i++) rows[i] = range[0] + i;
    }
    const sorted = sortRows(rows, sort, this.columns);
    this.sorted.set(key, sorted);
    return sorted;
  }

  /**
   * The sorted orders of the cities `base` had sorted, for this layer compacted from `base`'s live rows
   * and `tail` (`from`: mergeInListOrder's, in this layer's list order): each a merge of the two
   * layers' orders, linear, where sorting the city again costs n log n (~70 ms for 250,000 rows).
   */
  carryOrders(base: SnapshotLayer, tail: SnapshotLayer, from: Int32Array): void {
    const baseToHere = new Int32Array(base.size).fill(-1);
    const tailToHere = new Int32Array(tail.size);
    for (let k = 0; k < from.length; k++) {
      if (from[k] >= 0) baseToHere[from[k]] = this.newest[k];
      else tailToHere[~from[k]] = this.newest[k];
    }
    for (const [key, baseOrder] of base.sorted) {
      const [sort, city] = key.split(':') as [ListSort, string];
      if (city === '*') continue;
      const cityId = Number(city);
      const tailOrder = tail.order(cityId, sort);
      const range = this.range(cityId);
      const order = new Int32Array(range[1] - range[0]);
      let i = 0;
      let j = 0;
      let k = 0;
      for (;;) {
        while (i < baseOrder.length && baseToHere[baseOrder[i]] < 0) i++;
        if (i === baseOrder.length && j === tailOrder.length) break;
        if (k === order.length) return; // cannot happen: the city's rows are the base's live ones and the tail's
        const a = i < baseOrder.length ? baseToHere[baseOrder[i]] : -1;
        const b = j < tailOrder.length ? tailToHere[tailOrder[j]] : -1;
        // Both in this layer's rows: the key, then the list order (a city's rows are its range, newest first).
        let takeA = b < 0;
        if (a >= 0 && b >= 0) {
          const ka = sortKey(sort, this.columns, a);
          const kb = sortKey(sort, this.columns, b);
          takeA = ka < kb || (ka === kb && a < b);
        }
        if (takeA) i++;
        else j++;
        order[k++] = takeA ? a : b;
      }
      if (k === order.length) this.sorted.set(key, order);
    }
  }

  /** A city's rows in list order (its range), as an array: what a tail follows for a city's list. */
  cityRows(cityId: number): Int32Array {
    if (this.layout === undefined) {
      this.layout = new Int32Array(this.size);
      for (let i = 0; i < this.size; i++) this.layout[i] = i;
    }
    const range = this.range(cityId);
    return this.layout.subarray(range[0], range[1]);
  }

  /**
   * The row holding dwelling `id`, or -1. Built once per layer at its first delta: an array indexed by
   * id while ids are dense (4 bytes per id up to the highest, ~2 ms for 1M rows), else a Map.
   */
  rowOf(id: number): number {
    if (this.rowsById === undefined) this.rowsById = rowsById(this.columns.ids);
    const byId = this.rowsById;
    if (byId instanceof Int32Array) return id >= 0 && id < byId.length ? byId[id] : -1;
    return byId.get(id) ?? -1;
  }
}

const EMPTY_RANGE = [0, 0] as const;

function rowsById(ids: Int32Array): Int32Array | Map<number, number> {
  let max = -1;
  let min = 0;
  for (let i = 0; i < ids.length; i++) {
    if (ids[i] > max) max = ids[i];
    if (ids[i] < min) min = ids[i];
  }
  if (min >= 0 && max < 4 * ids.length + 65_536) {
    const byId = new Int32Array(max + 1).fill(-1);
    for (let i = 0; i < ids.length; i++) byId[ids[i]] = i;
    return byId;
  }
  const byId = new Map<number, number>();
  for (let i = 0; i < ids.length; i++) byId.set(ids[i], i);
  return byId;
}

/**
 * Rows given in list order (newest first), in the order of `sort` as listOrder sorts them in SQL:
 * the keys, then the list order. The keys once per row, then an order of their places.
 */
export function sortRows(rows: Int32Array, sort: ListSort, columns: SnapshotColumns): Int32Array {
  const { rents, sizes } = columns;
  const n = rows.length;
  const at = new Int32Array(n);
  for (let i = 0; i < n; i++) at[i] = i;
  if (sort === 'rent') {
    // An unknown rent (-1) last.
    const keys = new Int32Array(n);
    for (let i = 0; i < n; i++) keys[i] = rents[rows[i]];
    at.sort((i, j) => Number(keys[i] < 0) - Number(keys[j] < 0) || keys[i] - keys[j] || i - j);
  } else if (sort === 'size') {
    const keys = new Int32Array(n);
    for (let i = 0; i < n; i++) keys[i] = sizes[rows[i]];
    at.sort((i, j) => keys[j] - keys[i] || i - j);
  } else {
    // float8 division in SQL and here: the same IEEE doubles, so the same order and ties.
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const row = rows[i];
      keys[i] = rents[row] > 0 && sizes[row] > 0 ? rents[row] / sizes[row] : Infinity;
    }
    at.sort((i, j) => (keys[i] < keys[j] ? -1 : keys[i] > keys[j] ? 1 : i - j));
  }
  return at.map((i) => rows[i]);
}

/**
 * A row's key in the order of `sort`, ascending: listOrder's keys as one number (the rent's
 * "unknown last" flag above every rent; a size descending; no rent per m² last).
 */
export function sortKey(sort: ListSort, columns: SnapshotColumns, row: number): number {
  const rent = columns.rents[row];
  if (sort === 'rent') return rent < 0 ? rent + 2 ** 33 : rent;
  const size = columns.sizes[row];
  if (sort === 'size') return -size;
  return rent > 0 && size > 0 ? rent / size : Infinity;
}

/** Whether row a of `as` comes before row b of `bs` in list order (created_at DESC, id DESC). */
export function newer(as: SnapshotColumns, a: number, bs: SnapshotColumns, b: number): boolean {
  const ca = as.createdAts[a];
  const cb = bs.createdAts[b];
  return ca > cb || (ca === cb && as.ids[a] > bs.ids[b]);
}

/**
 * Two layers' rows, each given in list order, as one set of columns in list order (the rows of a
 * new tail, or of a compacted base), and where each came from: a's row, or ~(b's row).
 */
export function mergeInListOrder(a: SnapshotColumns, aRows: Int32Array, b: SnapshotColumns, bRows: Int32Array): { columns: SnapshotColumns; from: Int32Array } {
  const n = aRows.length + bRows.length;
  const from = new Int32Array(n);
  let i = 0;
  let j = 0;
  for (let k = 0; k < n; k++) {
    if (j >= bRows.length || (i < aRows.length && newer(a, aRows[i], b, bRows[j]))) from[k] = aRows[i++];
    else from[k] = ~bRows[j++];
  }
  const columns = snapshotColumns(n);
  for (const key of COLUMN_KEYS) {
    const to = columns[key];
    const fromA = a[key];
    const fromB = b[key];
    for (let k = 0; k < n; k++) {
      const row = from[k];
      to[k] = row >= 0 ? fromA[row] : fromB[~row];
    }
  }
  return { columns, from };
}
