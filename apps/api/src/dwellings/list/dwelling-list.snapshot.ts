// The lists' filter columns of every listable dwelling, held in memory (docs/decisions/0004, "Lists
// from memory"). Pure data and one scan, whose conditions come from the table of list filters
// (list-filters.ts); tested against the SQL statement. A write is merged in as a delta (issue 35):
// a big base layer shared by every snapshot taken from it, and a small tail of the rows changed since.
import { writeSearchArea, type SearchArea } from '@husly/domain';
import { boundedCache } from '../../common/bounded-cache';
import { areaContains, areaPolygon } from './area-contains';
import { COUNT_CAP } from './dwelling-list.query';
import { listConditionsTest, type ListFilter, type RowTest } from './list-filters';
import {
  mergeInListOrder,
  newer,
  snapshotColumns,
  SnapshotLayer,
  sortKey,
  sortRows,
  writeSnapshotRow,
  type ListSort,
  type SnapshotColumns,
  type SnapshotRow,
} from './snapshot-layer';

export { snapshotColumns, writeSnapshotRow, type SnapshotColumns, type SnapshotRow } from './snapshot-layer';

/** A page as the snapshot finds it: the rows' positions in the snapshot, and the capped count. */
export interface SnapshotPage {
  rows: number[];
  total: number;
  capped: boolean;
}

/**
 * What the snapshots taken by withChanges from one load share, never written: the base layer and the
 * rows inside each drawn area found on it.
 */
class SnapshotBase {
  /**
   * Per drawn area (its canonical text): the base's rows inside it, in list order, found once per
   * base as a city's sorted rows are. A map view asks for one area again and again (paging, filters,
   * the back button): then it is a range of rows as a city's. Bounded: areas are as many as drawings.
   */
  readonly areas = boundedCache<Int32Array>((rows) => rows.byteLength, AREA_ROWS_BYTES, AREA_ROWS_ENTRIES);

  constructor(readonly layer: SnapshotLayer) {}
}

/** A snapshot's layers after a delta (what withChanges gives the constructor). */
export class SnapshotLayers {
  constructor(
    readonly base: SnapshotBase,
    /** 1 = the base row was changed or removed since the base was loaded. */
    readonly dead: Uint8Array,
    readonly deadCount: number,
    /** The rows changed or added since the base was loaded, as they are now. */
    readonly tail: SnapshotLayer,
  ) {}
}

/**
 * Every dwelling a list can show (vacant, or rented after `rentedCutoff`) at one list version, laid
 * out city by city, newest first within a city, in typed arrays (~75 bytes a dwelling): a city's
 * rows are one contiguous range, so a page is a linear scan over a few arrays, and `newest` orders
 * every row across cities for the lists without a city (/latest, a search without q).
 *
 * After a write, withChanges gives a new snapshot that shares this one's base layer: the base rows
 * changed or removed are marked dead, and the changed rows are a small tail layer merged into every
 * page in the list's order. Row numbers below the base's size are base rows, the others tail rows;
 * a snapshot never changes, so a request may hold its row numbers across awaits.
 */
export class DwellingListSnapshot {
  /** The dwellings it holds. */
  readonly size: number;
  private readonly base: SnapshotBase;
  /** Null: no delta merged in since the base was loaded (the plain scan). */
  private readonly dead: Uint8Array | null;
  private readonly deadCount: number;
  private readonly tail: SnapshotLayer | null;

  /**
   * @param version the list version the rows were read at (one snapshot of the database).
   * @param rentedCutoff epoch ms: rented dwellings with deletedAt at or before it were not loaded, so
   *   lists whose rented window starts earlier cannot be served from here.
   * @param loaded the rows in list order across all cities (newest first); or the layers of a delta.
   */
  constructor(
    readonly version: string,
    readonly rentedCutoff: number,
    loaded: SnapshotColumns | SnapshotLayers,
  ) {
    if (loaded instanceof SnapshotLayers) {
      this.base = loaded.base;
      this.dead = loaded.dead;
      this.deadCount = loaded.deadCount;
      this.tail = loaded.tail;
      this.size = this.base.layer.size - this.deadCount + this.tail.size;
    } else {
      this.base = new SnapshotBase(new SnapshotLayer(loaded, true));
      this.dead = null;
      this.deadCount = 0;
      this.tail = null;
      this.size = this.base.layer.size;
    }
  }

  /** A snapshot of rows given one by one (tests, small lists). */
  static fromRows(version: string, rentedCutoff: number, rows: SnapshotRow[]): DwellingListSnapshot {
    const columns = snapshotColumns(rows.length);
    rows.forEach((row, i) => writeSnapshotRow(columns, i, row));
    return new DwellingListSnapshot(version, rentedCutoff, columns);
  }

  /** How many areas' rows it holds (tests: which way a page was found). */
  get areasKnown(): number {
    return this.base.areas.size;
  }

  /** Rows in the tail and dead rows of the base: how far it is from a compacted one (tests, logs). */
  get delta(): { tail: number; dead: number } {
    return { tail: this.tail?.size ?? 0, dead: this.deadCount };
  }

  id(row: number): number {
    const base = this.base.layer;
    return row < base.size ? base.columns.ids[row] : (this.tail as SnapshotLayer).columns.ids[row - base.size];
  }

  cityId(row: number): number {
    const base = this.base.layer;
    return row < base.size ? base.columns.cityIds[row] : (this.tail as SnapshotLayer).columns.cityIds[row - base.size];
  }

  rowVersion(row: number): number {
    const base = this.base.layer;
    return row < base.size ? base.columns.rowVersions[row] : (this.tail as SnapshotLayer).columns.rowVersions[row - base.size];
  }

  /** Whether `page` can answer this filter: its rented window starts inside what was loaded. */
  covers(filter: ListFilter): boolean {
    // An order other than newest is held per city (a list of a city sorts its sorted rows); an area
    // without a city sorts its own matches, few beside a country.
    if (filter.sort !== undefined && filter.cityId === undefined && filter.area === undefined) return false;
    return filter.rentedSince === null || filter.rentedSince.getTime() >= this.rentedCutoff;
  }

  /**
   * A new snapshot at `version`: this one's rows without the dwellings in `removed`, and with each row
   * of `changed` in place of its dwelling's (or added). A dwelling in both is the changed row (its
   * state now). This snapshot is not touched and answers as before.
   *
   * Costs the changed rows (k log k) and a copy of the tail and of a byte per base row; the base's
   * sorted orders and area rows are shared, so a changed city is not sorted again. When the tail or
   * the dead rows pass COMPACT_SHARE of the base, the rows are compacted into a new base instead (from
   * memory, no database): a constructor's work, about that of a reload without decoding, once per
   * ~COMPACT_SHARE × size changed rows, so ~1/20,000 of it per changed row at 1M rows; the cities'
   * sorted orders are carried over by a merge, not sorted again.
   * @throws when the base's rows were not loaded with their created_at (no place to merge a row at).
   */
  withChanges(version: string, changed: SnapshotRow[], removed: number[]): DwellingListSnapshot {
    const base = this.base.layer;
    if (!base.keyed) throw new Error('list snapshot: its rows are not in (createdAt, id) order, so no delta can be merged in; reload it');
    const latest = new Map<number, SnapshotRow>();
    for (const row of changed) {
      if (row.createdAt === undefined) throw new Error(`list snapshot: changed dwelling ${row.id} has no createdAt`);
      latest.set(row.id, row);
    }
    const touched = new Set<number>(removed);
    for (const id of latest.keys()) touched.add(id);
    const dead = this.dead === null ? new Uint8Array(base.size) : this.dead.slice();
    let deadCount = this.deadCount;
    for (const id of touched) {
      const row = base.rowOf(id);
      if (row >= 0 && dead[row] === 0) {
        dead[row] = 1;
        deadCount++;
      }
    }
    // The tail's rows that stay, and the changed ones, each in list order, merged.
    const old = this.tail;
    const kept: number[] = [];
    if (old !== null) for (const row of old.newest) if (!touched.has(old.columns.ids[row])) kept.push(row);
    const added = snapshotColumns(latest.size);
    let i = 0;
    for (const row of latest.values()) writeSnapshotRow(added, i++, row);
    const addedOrder = new Int32Array(latest.size);
    for (let j = 0; j < addedOrder.length; j++) addedOrder[j] = j;
    addedOrder.sort((a, b) => (newer(added, a, added, b) ? -1 : newer(added, b, added, a) ? 1 : 0));
    const tail = new SnapshotLayer(mergeInListOrder(old?.columns ?? NO_COLUMNS, Int32Array.from(kept), added, addedOrder).columns, false);
    if (Math.max(tail.size, deadCount) > compactAt(base.size)) {
      const live = new Int32Array(base.size - deadCount);
      let k = 0;
      for (const row of base.newest) if (dead[row] === 0) live[k++] = row;
      const merged = mergeInListOrder(base.columns, live, tail.columns, tail.newest);
      const compacted = new DwellingListSnapshot(version, this.rentedCutoff, merged.columns);
      compacted.base.layer.carryOrders(base, tail, merged.from);
      return compacted;
    }
    return new DwellingListSnapshot(version, this.rentedCutoff, new SnapshotLayers(this.base, dead, deadCount, tail));
  }

  /**
   * Where the scan in list order of an area list (newest first) over `range` gives way to the rows
   * inside the area. The scan stops at the count cap: soon when the area holds many of the rows,
   * never when it holds fewer matches than the cap (then it tests every row). The index lists the
   * rows in the area's box (about `expected`, from its sample) and sorts them into list order,
   * costing about scanPerCandidate scanned rows each. So: the index at once when even the area alone
   * (no other filter) would keep the scan longer than that; else the scan, for at most that long,
   * and then the index, which bounds a wrong guess (selective filters) at about twice its cost.
   * (On the base: the tail's rows are few, and tested as they are merged in.)
   */
  private scanEnd(area: SearchArea, range: readonly [number, number], limit: number, scanPerCandidate: number): number {
    if (scanPerCandidate === Infinity) return range[1];
    const length = range[1] - range[0];
    // Known already, and no longer than the range: its rows are the matches the scan looks for.
    const known = this.base.areas.peek(writeSearchArea(area));
    if (known) return known.length <= length ? range[0] : range[1];
    const expected = this.places().estimate(areaPolygon(area).box);
    const budget = expected * scanPerCandidate;
    // Rows a scan needs for `limit` matches of the area alone, were all the box's rows in the range.
    const needed = (limit * length) / Math.min(expected, length);
    return needed > budget ? range[0] : Math.min(range[1], range[0] + budget);
  }

  private places() {
    return this.base.layer.places as NonNullable<SnapshotLayer['places']>;
  }

  /** The base rows inside `area` (as the list statement's `<@`), in list order: the box's rows from the index, tested. */
  private inside(area: SearchArea): Int32Array {
    const key = writeSearchArea(area);
    const known = this.base.areas.get(key);
    if (known) return known;
    const polygon = areaPolygon(area);
    // The index's box is the polygon's, widened beyond PostgreSQL's tolerance (area-contains.ts).
    const rows = this.places().rowsInBox(polygon.box);
    const { lats, lngs } = this.base.layer.columns;
    let kept = 0;
    for (let i = 0; i < rows.length; i++) if (areaContains(polygon, lngs[rows[i]], lats[rows[i]])) rows[kept++] = rows[i];
    const inside = rows.slice(0, kept);
    this.base.areas.set(key, inside);
    return inside;
  }

  /** The list's conditions on base rows known to be inside its area: the others, and its city (any city's rows are given). */
  private testBesidesArea(filter: ListFilter): RowTest | null {
    const { columns } = this.base.layer;
    const others = listConditionsTest({ ...filter, area: undefined }, columns);
    if (filter.cityId === undefined) return others;
    const { cityIds } = columns;
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
    return this.tail === null || this.dead === null
      ? this.scan(filter, start, pageSize, scanPerCandidate, null, null)
      : this.scan(filter, start, pageSize, scanPerCandidate, this.tail, this.dead);
  }

  /**
   * The page's scan of the base, and with a delta the tail's matches merged in. Without one, the
   * scan as it was before deltas (take written out): the hot loops keep their cost.
   */
  private scan(filter: ListFilter, start: number, pageSize: number, scanPerCandidate: number, tailLayer: SnapshotLayer | null, dead: Uint8Array | null): SnapshotPage {
    const base = this.base.layer;
    const limit = start + Math.max(pageSize, COUNT_CAP);
    let test = listConditionsTest(filter, base.columns);
    const rows: number[] = [];
    let matched = 0;
    let take = (row: number): boolean => {
      if (test !== null && !test(row)) return false;
      if (matched >= start && rows.length < pageSize) rows.push(row);
      return ++matched >= limit;
    };
    let tail: TailMerge | null = null;
    if (tailLayer !== null && dead !== null) {
      const emit = (row: number): boolean => {
        if (matched >= start && rows.length < pageSize) rows.push(row);
        return ++matched >= limit;
      };
      const merge = new TailMerge(tailLayer, filter, base, emit);
      tail = merge;
      take = (row) => dead[row] === 0 && (test === null || test(row)) && (merge.emitBefore(row) || emit(row));
    }
    const area = filter.area;
    if (filter.sort !== undefined && filter.cityId !== undefined) {
      const order = base.order(filter.cityId, filter.sort);
      tail?.follow(tailLayer?.order(filter.cityId, filter.sort), filter.sort);
      for (let i = 0; i < order.length; i++) if (take(order[i])) break;
    } else if (filter.sort !== undefined) {
      // An area across cities (covers): every match, then sorted as a city's rows are. The rows
      // inside the area, unless it holds so many that testing every row costs less.
      let candidates = base.newest;
      if (area !== undefined && this.places().estimate(areaPolygon(area).box) * scanPerCandidate < base.size) {
        candidates = this.inside(area);
        test = this.testBesidesArea(filter);
      }
      const matches: number[] = [];
      for (let i = 0; i < candidates.length; i++) if (test === null || test(candidates[i])) matches.push(candidates[i]);
      const order = sortRows(Int32Array.from(matches), filter.sort, base.columns);
      tail?.follow(tailLayer?.order(undefined, filter.sort), filter.sort);
      for (let i = 0; i < order.length; i++) if (take(order[i])) break;
    } else {
      // Newest first: the city's range, or every city's rows in list order.
      const range = filter.cityId === undefined ? ([0, base.size] as const) : base.range(filter.cityId);
      tail?.follow(filter.cityId === undefined ? tailLayer?.newest : tailLayer?.cityRows(filter.cityId), undefined);
      const end = area === undefined ? range[1] : this.scanEnd(area, range, limit, scanPerCandidate);
      let i = range[0];
      if (filter.cityId === undefined) {
        const newest = base.newest;
        for (; i < end; i++) if (take(newest[i])) break;
      } else {
        for (; i < end; i++) if (take(i)) break;
      }
      if (area !== undefined && i === end && end < range[1]) {
        // The scan ran out of its share: the rows inside the area answer, in list order.
        rows.length = 0;
        matched = 0;
        tail?.restart();
        test = this.testBesidesArea(filter);
        const inside = this.inside(area);
        for (let j = 0; j < inside.length; j++) if (take(inside[j])) break;
      }
    }
    if (tail !== null && matched < limit) tail.emitRest();
    return { rows, total: matched, capped: matched >= limit };
  }
}

/**
 * The tail's rows that match a list, in the list's order, each handed to the page just before the
 * first base row it precedes (and the rest after the base's last). Its rows are few: tested as met.
 */
class TailMerge {
  private readonly test: RowTest | null;
  private order: Int32Array = NO_ROWS;
  private before: (tailRow: number, baseRow: number) => boolean = () => false;
  /** The next row of `order` to look at; `head` is its first match from there, once known (-1: none). */
  private next = 0;
  private head = -1;
  private headKnown = false;

  constructor(
    private readonly tail: SnapshotLayer,
    filter: ListFilter,
    private readonly base: SnapshotLayer,
    private readonly emit: (row: number) => boolean,
  ) {
    // Every condition, the area's too; the city is the order's (follow is given the city's rows).
    this.test = listConditionsTest(filter, tail.columns);
  }

  /** Merge the tail's rows in this order (the list's, `sort` or newest first). */
  follow(order: Int32Array | undefined, sort: ListSort | undefined): void {
    this.order = order ?? NO_ROWS;
    const tails = this.tail.columns;
    const bases = this.base.columns;
    this.before =
      sort === undefined
        ? (t, b) => newer(tails, t, bases, b)
        : (t, b) => {
            const kt = sortKey(sort, tails, t);
            const kb = sortKey(sort, bases, b);
            return kt < kb || (kt === kb && newer(tails, t, bases, b));
          };
    this.restart();
  }

  restart(): void {
    this.next = 0;
    this.headKnown = false;
  }

  private peek(): number {
    if (!this.headKnown) {
      const { order, test } = this;
      while (this.next < order.length && test !== null && !test(order[this.next])) this.next++;
      this.head = this.next < order.length ? order[this.next] : -1;
      this.headKnown = true;
    }
    return this.head;
  }

  /** Hands the page the tail's matches that come before base row `row`; true when the page is full. */
  emitBefore(row: number): boolean {
    for (let t = this.peek(); t >= 0 && this.before(t, row); t = this.peek()) {
      this.next++;
      this.headKnown = false;
      if (this.emit(this.base.size + t)) return true;
    }
    return false;
  }

  /** Hands the page the tail's matches after the base's last. */
  emitRest(): void {
    for (let t = this.peek(); t >= 0; t = this.peek()) {
      this.next++;
      this.headKnown = false;
      if (this.emit(this.base.size + t)) return;
    }
  }
}

const NO_ROWS = new Int32Array(0);
const NO_COLUMNS = snapshotColumns(0);

/** A delta is compacted into a new base when its tail or its dead rows pass this share of the base's rows. */
const COMPACT_SHARE = 0.02;

function compactAt(baseSize: number): number {
  return Math.min(50_000, Math.max(64, Math.ceil(baseSize * COMPACT_SHARE)));
}

/**
 * How many rows a scan in list order tests in the time the area index takes per row in a box
 * (listing, sorting and mapping it): measured on 1M dwellings, see docs/decisions/0064.
 */
const SCAN_PER_CANDIDATE = 2;
/** The rows inside drawn areas kept per snapshot: at most 16 MB (4M rows), 1 MB (262,144 rows) an area, 1,000 areas. */
const AREA_ROWS_BYTES = 16 * 1024 * 1024;
const AREA_ROWS_ENTRIES = 1_000;

