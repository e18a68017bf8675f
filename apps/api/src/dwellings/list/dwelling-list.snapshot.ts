// The lists' filter columns of every listable dwelling, held in memory (docs/decisions/0004, "Lists
// from memory"). No imports on purpose: pure data and one scan, tested against the SQL statement.
import { COUNT_CAP, type ListFilter } from './dwelling-list.query';

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
  // Issue 15's filter columns (docs/decisions/0013); absent in a row means unknown.
  pets?: number | null;
  dwellingType?: string | null;
  /** available_from as days since 1970-01-01. */
  availableDay?: number | null;
  leaseMonths?: number | null;
  monthlyCost?: number | null;
}

/** dwelling_type as a small number in the snapshot (-1: none). */
export const SNAPSHOT_DWELLING_TYPES = ['apartment', 'room', 'townhouse', 'villa'] as const;
/** An unknown available_from: after every day asked for. */
const NO_DAY = 2_147_483_647;
const DAY_MS = 86_400_000;

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
  /** 1 = pets allowed. */
  pets: Int8Array;
  /** Index in SNAPSHOT_DWELLING_TYPES, -1 = none. */
  types: Int8Array;
  /** Days since 1970-01-01; NO_DAY = unknown. */
  availableDays: Int32Array;
  /** -1 = not stated. */
  leaseMonths: Int32Array;
  /** -1 = unknown. */
  monthlyCosts: Int32Array;
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
    pets: new Int8Array(n),
    types: new Int8Array(n),
    availableDays: new Int32Array(n),
    leaseMonths: new Int32Array(n),
    monthlyCosts: new Int32Array(n),
  };
}

/** The snapshot's code for a dwelling_type. */
export function snapshotType(type: string | null | undefined): number {
  return type == null ? -1 : (SNAPSHOT_DWELLING_TYPES as readonly string[]).indexOf(type);
}

export function writeSnapshotRow(columns: SnapshotColumns, i: number, row: SnapshotRow): void {
  columns.ids[i] = row.id;
  columns.cityIds[i] = row.cityId;
  columns.rents[i] = row.rent;
  columns.rooms[i] = row.rooms;
  columns.sizes[i] = row.size;
  columns.deletedAt[i] = row.deletedAt ?? NaN;
  columns.rowVersions[i] = row.rowVersion;
  columns.pets[i] = row.pets === 1 ? 1 : 0;
  columns.types[i] = snapshotType(row.dwellingType);
  columns.availableDays[i] = row.availableDay ?? NO_DAY;
  columns.leaseMonths[i] = row.leaseMonths ?? -1;
  columns.monthlyCosts[i] = row.monthlyCost ?? -1;
}

/** A page as the snapshot finds it: the rows' positions in the snapshot, and the capped count. */
export interface SnapshotPage {
  rows: number[];
  total: number;
  capped: boolean;
}

/**
 * Every dwelling a list can show (vacant, or rented after `rentedCutoff`) at one list version, laid
 * out city by city, newest first within a city, in typed arrays (~36 bytes a dwelling): a city's
 * rows are one contiguous range, so a page is a linear scan over a few arrays, and `newest` orders
 * every row across cities for the lists without a city (/latest, a search without q).
 */
export class DwellingListSnapshot {
  readonly size: number;
  private readonly ids: Int32Array;
  private readonly rents: Int32Array;
  private readonly rooms: Int32Array;
  private readonly sizes: Int32Array;
  /** NaN while vacant. */
  private readonly deletedAt: Float64Array;
  private readonly rowVersions: Uint32Array;
  private readonly pets: Int8Array;
  private readonly types: Int8Array;
  private readonly availableDays: Int32Array;
  private readonly leaseMonths: Int32Array;
  private readonly monthlyCosts: Int32Array;
  /** Per sort and city: the city's rows in that order, built on first use (docs/decisions/0013). */
  private readonly sorted = new Map<string, Int32Array>();
  private readonly cityIds: Int32Array;
  /** city id → [first row, end row) of its range. */
  private readonly cities = new Map<number, [number, number]>();
  /** Row positions across cities, newest first. */
  private readonly newest: Int32Array;

  /**
   * @param version the list version the rows were read at (one snapshot of the database).
   * @param rentedCutoff epoch ms: rented dwellings with deletedAt at or before it were not loaded, so
   *   lists whose rented window starts earlier cannot be served from here.
   * @param loaded the rows in list order across all cities (newest first).
   */
  constructor(
    readonly version: string,
    readonly rentedCutoff: number,
    loaded: SnapshotColumns,
  ) {
    const n = loaded.ids.length;
    this.size = n;
    this.ids = new Int32Array(n);
    this.rents = new Int32Array(n);
    this.rooms = new Int32Array(n);
    this.sizes = new Int32Array(n);
    this.deletedAt = new Float64Array(n);
    this.rowVersions = new Uint32Array(n);
    this.pets = new Int8Array(n);
    this.types = new Int8Array(n);
    this.availableDays = new Int32Array(n);
    this.leaseMonths = new Int32Array(n);
    this.monthlyCosts = new Int32Array(n);
    this.cityIds = new Int32Array(n);
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
      this.ids[at] = loaded.ids[i];
      this.rents[at] = loaded.rents[i];
      this.rooms[at] = loaded.rooms[i];
      this.sizes[at] = loaded.sizes[i];
      this.deletedAt[at] = loaded.deletedAt[i];
      this.rowVersions[at] = loaded.rowVersions[i];
      this.pets[at] = loaded.pets[i];
      this.types[at] = loaded.types[i];
      this.availableDays[at] = loaded.availableDays[i];
      this.leaseMonths[at] = loaded.leaseMonths[i];
      this.monthlyCosts[at] = loaded.monthlyCosts[i];
      this.cityIds[at] = cityId;
      this.newest[i] = at;
    }
  }

  /** A snapshot of rows given one by one (tests, small lists). */
  static fromRows(version: string, rentedCutoff: number, rows: SnapshotRow[]): DwellingListSnapshot {
    const columns = snapshotColumns(rows.length);
    rows.forEach((row, i) => writeSnapshotRow(columns, i, row));
    return new DwellingListSnapshot(version, rentedCutoff, columns);
  }

  id(row: number): number {
    return this.ids[row];
  }

  cityId(row: number): number {
    return this.cityIds[row];
  }

  rowVersion(row: number): number {
    return this.rowVersions[row];
  }

  /** Whether `page` can answer this filter: its rented window starts inside what was loaded. */
  covers(filter: ListFilter): boolean {
    // An order other than newest is held per city only (every list that sorts names a city).
    if (filter.sort !== undefined && filter.cityId === undefined) return false;
    return filter.rentedSince === null || filter.rentedSince.getTime() >= this.rentedCutoff;
  }

  /**
   * A city's rows in the order of `sort`, as listOrder sorts them in SQL: the keys, then the list
   * order (the row positions, newest first). Sorted once per snapshot, city and order.
   */
  private order(cityId: number, sort: NonNullable<ListFilter['sort']>): Int32Array {
    const key = `${sort}:${cityId}`;
    const known = this.sorted.get(key);
    if (known) return known;
    const range = this.cities.get(cityId) ?? [0, 0];
    const rows = new Int32Array(range[1] - range[0]);
    for (let i = 0; i < rows.length; i++) rows[i] = range[0] + i;
    const { rents, sizes } = this;
    let compare: (a: number, b: number) => number;
    if (sort === 'rent') {
      compare = (a, b) => Number(rents[a] < 0) - Number(rents[b] < 0) || rents[a] - rents[b] || a - b;
    } else if (sort === 'size') {
      compare = (a, b) => sizes[b] - sizes[a] || a - b;
    } else {
      // float8 division in SQL and here: the same IEEE doubles, so the same order and ties.
      const perM2 = new Float64Array(rows.length);
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i];
        perM2[i] = rents[row] > 0 && sizes[row] > 0 ? rents[row] / sizes[row] : Infinity;
      }
      const begin = range[0];
      compare = (a, b) => {
        const x = perM2[a - begin];
        const y = perM2[b - begin];
        return x < y ? -1 : x > y ? 1 : a - b;
      };
    }
    rows.sort(compare);
    this.sorted.set(key, rows);
    return rows;
  }

  /** Issue 15's conditions as the statement writes them, or null when the filter sets none (the default lists). */
  private extraCondition(filter: ListFilter): ((row: number) => boolean) | null {
    const tests: Array<(row: number) => boolean> = [];
    if (filter.pets) tests.push((row) => this.pets[row] === 1);
    if (filter.dwellingType !== undefined) {
      const type = snapshotType(filter.dwellingType);
      tests.push((row) => this.types[row] === type && type !== -1);
    }
    if (filter.availableBy !== undefined) {
      const day = Date.parse(`${filter.availableBy}T00:00:00Z`) / DAY_MS;
      tests.push((row) => this.availableDays[row] !== NO_DAY && this.availableDays[row] <= day);
    }
    if (filter.monthly !== undefined) {
      const max = filter.monthly;
      tests.push((row) => this.monthlyCosts[row] !== -1 && this.monthlyCosts[row] <= max);
    }
    if (filter.timeframe !== undefined) {
      const months = this.leaseMonths;
      if (filter.timeframe === 'nolimit') tests.push((row) => months[row] === 0);
      else if (filter.timeframe === 'gt1y') tests.push((row) => months[row] === 0 || months[row] >= 12);
      else tests.push((row) => months[row] >= 1 && months[row] <= 11);
    }
    if (tests.length === 0) return null;
    return (row) => {
      for (const test of tests) if (!test(row)) return false;
      return true;
    };
  }

  /**
   * The same page and count as the list statement (dwellingListStatement with start as its skip):
   * the matches from `start` on, `pageSize` of them, counted up to start + max(pageSize, COUNT_CAP).
   * The conditions are the statement's: rent ≤ max (an unknown rent, -1, matches), rooms and size ≥
   * min (unknown does not), and vacant or rented after rentedSince.
   */
  page(filter: ListFilter, start: number, pageSize: number): SnapshotPage {
    const limit = start + Math.max(pageSize, COUNT_CAP);
    const maxRent = filter.rent ?? Infinity;
    const minRooms = filter.rooms ?? -Infinity;
    const minSize = filter.size ?? -Infinity;
    // NaN (vacant) > x is false: vacant rows are tested apart from the rented window.
    const vacantOnly = filter.rentedSince === null;
    const rentedAfter = filter.rentedSince === null ? Infinity : filter.rentedSince.getTime();
    const { rents, rooms, sizes, deletedAt } = this;
    const extra = this.extraCondition(filter);
    const rows: number[] = [];
    let matched = 0;
    const take = (row: number): boolean => {
      const gone = deletedAt[row];
      if (rents[row] > maxRent || rooms[row] < minRooms || sizes[row] < minSize) return false;
      if (gone === gone && (vacantOnly || gone <= rentedAfter)) return false; // gone === gone: not NaN
      if (extra !== null && !extra(row)) return false;
      if (matched >= start && rows.length < pageSize) rows.push(row);
      return ++matched >= limit;
    };
    if (filter.sort !== undefined && filter.cityId !== undefined) {
      const order = this.order(filter.cityId, filter.sort);
      for (let i = 0; i < order.length; i++) if (take(order[i])) break;
    } else if (filter.cityId === undefined) {
      const newest = this.newest;
      for (let i = 0; i < newest.length; i++) if (take(newest[i])) break;
    } else {
      const range = this.cities.get(filter.cityId);
      if (range) for (let row = range[0]; row < range[1]; row++) if (take(row)) break;
    }
    return { rows, total: matched, capped: matched >= limit };
  }
}
