// The lists' filter columns of every listable dwelling, held in memory (docs/decisions/0004, "Lists
// from memory"). Pure data and one scan, whose conditions come from the table of list filters
// (list-filters.ts); tested against the SQL statement.
import { writeSearchArea, type SearchArea } from '@husly/domain';
import { boundedCache } from '../../common/bounded-cache';
import { areaContains, areaPolygon } from './area-contains';
import { AreaIndex } from './area-index';
import { COUNT_CAP } from './dwelling-list.query';
import { listConditionsTest, NO_DAY, snapshotType, type ListFilter, type RowTest } from './list-filters';

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
    pets: new Int8Array(n),
    types: new Int8Array(n),
    availableDays: new Int32Array(n),
    leaseMonths: new Int32Array(n),
    monthlyCosts: new Int32Array(n),
    lats: new Float64Array(n),
    lngs: new Float64Array(n),
  };
}

const COLUMN_KEYS = Object.keys(snapshotColumns(0)) as Array<keyof SnapshotColumns>;

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
  columns.lats[i] = row.lat ?? NaN;
  columns.lngs[i] = row.lng ?? NaN;
}

/** A page as the snapshot finds it: the rows' positions in the snapshot, and the capped count. */
export interface SnapshotPage {
  rows: number[];
  total: number;
  capped: boolean;
}

/**
 * Every dwelling a list can show (vacant, or rented after `rentedCutoff`) at one list version, laid
 * out city by city, newest first within a city, in typed arrays (~52 bytes a dwelling): a city's
 * rows are one contiguous range, so a page is a linear scan over a few arrays, and `newest` orders
 * every row across cities for the lists without a city (/latest, a search without q).
 */
export class DwellingListSnapshot {
  readonly size: number;
  /** The rows city by city (each city's newest first): what the conditions of list-filters.ts test. */
  private readonly columns: SnapshotColumns;
  /** Per sort and city: the city's rows in that order, built on first use (docs/decisions/0013). */
  private readonly sorted = new Map<string, Int32Array>();
  /** city id → [first row, end row) of its range. */
  private readonly cities = new Map<number, [number, number]>();
  /** Row positions across cities, newest first. */
  private readonly newest: Int32Array;
  /** The rows' positions, for the lists of a drawn area (0064). */
  private readonly places: AreaIndex;
  /**
   * Per drawn area (its canonical text): the rows inside it, in list order, found once per snapshot
   * as a city's sorted rows are. A map view asks for one area again and again (paging, filters, the
   * back button): then it is a range of rows as a city's. Bounded: areas are as many as drawings.
   */
  private readonly areas = boundedCache<Int32Array>((rows) => rows.byteLength, AREA_ROWS_BYTES, AREA_ROWS_ENTRIES);

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
    this.places = new AreaIndex(newest, this.columns.lats, this.columns.lngs);
  }

  /** A snapshot of rows given one by one (tests, small lists). */
  static fromRows(version: string, rentedCutoff: number, rows: SnapshotRow[]): DwellingListSnapshot {
    const columns = snapshotColumns(rows.length);
    rows.forEach((row, i) => writeSnapshotRow(columns, i, row));
    return new DwellingListSnapshot(version, rentedCutoff, columns);
  }

  /** How many areas' rows it holds (tests: which way a page was found). */
  get areasKnown(): number {
    return this.areas.size;
  }

  id(row: number): number {
    return this.columns.ids[row];
  }

  cityId(row: number): number {
    return this.columns.cityIds[row];
  }

  rowVersion(row: number): number {
    return this.columns.rowVersions[row];
  }

  /** Whether `page` can answer this filter: its rented window starts inside what was loaded. */
  covers(filter: ListFilter): boolean {
    // An order other than newest is held per city (a list of a city sorts its sorted rows); an area
    // without a city sorts its own matches, few beside a country.
    if (filter.sort !== undefined && filter.cityId === undefined && filter.area === undefined) return false;
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
    const sorted = sortRows(rows, sort, this.columns);
    this.sorted.set(key, sorted);
    return sorted;
  }

  /**
   * Where the scan in list order of an area list (newest first) over `range` gives way to the rows
   * inside the area. The scan stops at the count cap: soon when the area holds many of the rows,
   * never when it holds fewer matches than the cap (then it tests every row). The index lists the
   * rows in the area's box (about `expected`, from its sample) and sorts them into list order,
   * costing about scanPerCandidate scanned rows each. So: the index at once when even the area alone
   * (no other filter) would keep the scan longer than that; else the scan, for at most that long,
   * and then the index, which bounds a wrong guess (selective filters) at about twice its cost.
   */
  private scanEnd(area: SearchArea, range: readonly [number, number], limit: number, scanPerCandidate: number): number {
    if (scanPerCandidate === Infinity) return range[1];
    const length = range[1] - range[0];
    // Known already, and no longer than the range: its rows are the matches the scan looks for.
    const known = this.areas.peek(writeSearchArea(area));
    if (known) return known.length <= length ? range[0] : range[1];
    const expected = this.places.estimate(areaPolygon(area).box);
    const budget = expected * scanPerCandidate;
    // Rows a scan needs for `limit` matches of the area alone, were all the box's rows in the range.
    const needed = (limit * length) / Math.min(expected, length);
    return needed > budget ? range[0] : Math.min(range[1], range[0] + budget);
  }

  /** The rows inside `area` (as the list statement's `<@`), in list order: the box's rows from the index, tested. */
  private inside(area: SearchArea): Int32Array {
    const key = writeSearchArea(area);
    const known = this.areas.get(key);
    if (known) return known;
    const polygon = areaPolygon(area);
    // The index's box is the polygon's, widened beyond PostgreSQL's tolerance (area-contains.ts).
    const rows = this.places.rowsInBox(polygon.box);
    const { lats, lngs } = this.columns;
    let kept = 0;
    for (let i = 0; i < rows.length; i++) if (areaContains(polygon, lngs[rows[i]], lats[rows[i]])) rows[kept++] = rows[i];
    const inside = rows.slice(0, kept);
    this.areas.set(key, inside);
    return inside;
  }

  /** The list's conditions on rows known to be inside its area: the others, and its city (any city's rows are given). */
  private testBesidesArea(filter: ListFilter): RowTest | null {
    const others = listConditionsTest({ ...filter, area: undefined }, this.columns);
    if (filter.cityId === undefined) return others;
    const { cityIds } = this.columns;
    const cityId = filter.cityId;
    return others === null ? (row) => cityIds[row] === cityId : (row) => cityIds[row] === cityId && others(row);
  }

  /**
   * The same page and count as the list statement (dwellingListStatement with start as its skip):
   * the matches from `start` on, `pageSize` of them, counted up to start + max(pageSize, COUNT_CAP).
   * The conditions are the statement's: both come from LIST_CONDITIONS.
   * @param scanPerCandidate how an area list newest first picks its rows (see SCAN_PER_CANDIDATE):
   *   tests set 0 (the area index at once) or Infinity (a scan in list order only) to check both.
   */
  page(filter: ListFilter, start: number, pageSize: number, scanPerCandidate = SCAN_PER_CANDIDATE): SnapshotPage {
    const limit = start + Math.max(pageSize, COUNT_CAP);
    let test = listConditionsTest(filter, this.columns);
    const rows: number[] = [];
    let matched = 0;
    const take = (row: number): boolean => {
      if (test !== null && !test(row)) return false;
      if (matched >= start && rows.length < pageSize) rows.push(row);
      return ++matched >= limit;
    };
    const area = filter.area;
    if (filter.sort !== undefined && filter.cityId !== undefined) {
      const order = this.order(filter.cityId, filter.sort);
      for (let i = 0; i < order.length; i++) if (take(order[i])) break;
    } else if (filter.sort !== undefined) {
      // An area across cities (covers): every match, then sorted as a city's rows are. The rows
      // inside the area, unless it holds so many that testing every row costs less.
      let candidates = this.newest;
      if (area !== undefined && this.places.estimate(areaPolygon(area).box) * scanPerCandidate < this.size) {
        candidates = this.inside(area);
        test = this.testBesidesArea(filter);
      }
      const matches: number[] = [];
      for (let i = 0; i < candidates.length; i++) if (test === null || test(candidates[i])) matches.push(candidates[i]);
      const order = sortRows(Int32Array.from(matches), filter.sort, this.columns);
      for (let i = 0; i < order.length; i++) if (take(order[i])) break;
    } else {
      // Newest first: the city's range, or every city's rows in list order.
      const range = filter.cityId === undefined ? ([0, this.size] as const) : (this.cities.get(filter.cityId) ?? ([0, 0] as const));
      const end = area === undefined ? range[1] : this.scanEnd(area, range, limit, scanPerCandidate);
      let i = range[0];
      if (filter.cityId === undefined) {
        const newest = this.newest;
        for (; i < end; i++) if (take(newest[i])) break;
      } else {
        for (; i < end; i++) if (take(i)) break;
      }
      if (area !== undefined && i === end && end < range[1]) {
        // The scan ran out of its share: the rows inside the area answer, in list order.
        rows.length = 0;
        matched = 0;
        test = this.testBesidesArea(filter);
        const inside = this.inside(area);
        for (let j = 0; j < inside.length; j++) if (take(inside[j])) break;
      }
    }
    return { rows, total: matched, capped: matched >= limit };
  }
}

/**
 * How many rows a scan in list order tests in the time the area index takes per row in a box
 * (listing, sorting and mapping it): measured on 1M dwellings, see docs/decisions/0064.
 */
const SCAN_PER_CANDIDATE = 2;
/** The rows inside drawn areas kept per snapshot: at most 16 MB (4M rows), 1 MB (262,144 rows) an area, 1,000 areas. */
const AREA_ROWS_BYTES = 16 * 1024 * 1024;
const AREA_ROWS_ENTRIES = 1_000;

/**
 * Rows given in list order (newest first), in the order of `sort` as listOrder sorts them in SQL:
 * the keys, then the list order. The keys once per row, then an order of their places.
 */
function sortRows(rows: Int32Array, sort: NonNullable<ListFilter['sort']>, columns: SnapshotColumns): Int32Array {
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
