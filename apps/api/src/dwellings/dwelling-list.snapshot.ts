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
  };
}

export function writeSnapshotRow(columns: SnapshotColumns, i: number, row: SnapshotRow): void {
  columns.ids[i] = row.id;
  columns.cityIds[i] = row.cityId;
  columns.rents[i] = row.rent;
  columns.rooms[i] = row.rooms;
  columns.sizes[i] = row.size;
  columns.deletedAt[i] = row.deletedAt ?? NaN;
  columns.rowVersions[i] = row.rowVersion;
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
    return filter.rentedSince === null || filter.rentedSince.getTime() >= this.rentedCutoff;
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
    const rows: number[] = [];
    let matched = 0;
    const take = (row: number): boolean => {
      const gone = deletedAt[row];
      if (rents[row] > maxRent || rooms[row] < minRooms || sizes[row] < minSize) return false;
      if (gone === gone && (vacantOnly || gone <= rentedAfter)) return false; // gone === gone: not NaN
      if (matched >= start && rows.length < pageSize) rows.push(row);
      return ++matched >= limit;
    };
    if (filter.cityId === undefined) {
      const newest = this.newest;
      for (let i = 0; i < newest.length; i++) if (take(newest[i])) break;
    } else {
      const range = this.cities.get(filter.cityId);
      if (range) for (let row = range[0]; row < range[1]; row++) if (take(row)) break;
    }
    return { rows, total: matched, capped: matched >= limit };
  }
}
