import { describe, expect, it } from 'vitest';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { matchesTimeframe, readSearchArea, writeSearchArea, type SearchArea } from '@husly/domain';
import { areaContains, areaPolygon } from './area-contains';
import { COUNT_CAP, type ListFilter } from './dwelling-list.query';
import { DwellingListSnapshot, snapshotColumns, writeSnapshotRow, type SnapshotPage, type SnapshotRow } from './dwelling-list.snapshot';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 24, 12);

/** The list statement's rules written the plain way: filter everything, then slice. */
function reference(rows: SnapshotRow[], filter: ListFilter, start: number, pageSize: number) {
  const day = filter.movein === undefined ? 0 : Date.parse(`${filter.movein}T00:00:00Z`) / DAY;
  const months = (row: SnapshotRow) => row.leaseMonths ?? null;
  const matches = rows.filter(
    (row) =>
      (filter.cityId === undefined || row.cityId === filter.cityId) &&
      (filter.rent === undefined || row.rent <= filter.rent) &&
      (filter.rooms === undefined || row.rooms >= filter.rooms) &&
      (filter.size === undefined || row.size >= filter.size) &&
      (row.deletedAt === null || (filter.rentedSince !== null && row.deletedAt > filter.rentedSince.getTime())) &&
      (!filter.pets || row.pets === 1) &&
      (filter.type === undefined || row.dwellingType === filter.type) &&
      (filter.movein === undefined || (row.availableDay != null && row.availableDay <= day)) &&
      (filter.monthly === undefined || (row.monthlyCost != null && row.monthlyCost <= filter.monthly)) &&
      (filter.timeframe === undefined || (months(row) !== null && matchesTimeframe(months(row), filter.timeframe))) &&
      (filter.area === undefined || (row.lat != null && row.lng != null && inArea(filter.area, row.lat, row.lng))),
  );
  // listOrder's keys, then the list order (rows are given newest first).
  const position = new Map(rows.map((row, i) => [row, i]));
  const perM2 = (row: SnapshotRow) => (row.rent > 0 && row.size > 0 ? row.rent / row.size : Infinity);
  const key: Record<NonNullable<ListFilter['sort']>, (a: SnapshotRow, b: SnapshotRow) => number> = {
    rent: (a, b) => Number(a.rent < 0) - Number(b.rent < 0) || a.rent - b.rent,
    size: (a, b) => b.size - a.size,
    'rent-per-m2': (a, b) => (perM2(a) < perM2(b) ? -1 : perM2(a) > perM2(b) ? 1 : 0),
  };
  if (filter.sort) {
    const by = key[filter.sort];
    matches.sort((a, b) => by(a, b) || (position.get(a) ?? 0) - (position.get(b) ?? 0));
  }
  const limit = start + Math.max(pageSize, COUNT_CAP);
  const total = Math.min(matches.length, limit);
  return { ids: matches.slice(start, start + pageSize).map((row) => row.id), total, capped: total >= limit };
}

/**
 * The area test by a library (exact, where PostgreSQL and the snapshot allow 1e-6): the same answer
 * for the random positions here, none of which lies that close to an edge.
 */
function inArea(area: SearchArea, lat: number, lng: number): boolean {
  return booleanPointInPolygon([lng, lat], { type: 'Polygon', coordinates: [area.map(([y, x]) => [x, y])] });
}

/** Areas around where the rows lie: a triangle, a square, a concave star of 10 corners. */
const AREAS = ['_hnrI_lhkAoqP_|B?_db@nqP~`f@', '_errI_lhkA?_pR_sN??~oR~rN?', 'w_yrIsrklAohAl_NczG{XvlF`nGqdBnoMl{E}wHl{E|wHqdBooMvlFanGczGzXohAm_N'].map((text) => {
  const read = readSearchArea(text);
  if (!read.value) throw new Error(`test area ${text}: ${read.error.message}`);
  return read.value;
});

/** A small deterministic generator (the test must fail the same way every time). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function rows(n: number, next: () => number): SnapshotRow[] {
  // In list order: newest first, so ids fall (as they would with created_at from the sequence).
  return Array.from({ length: n }, (_, i) => ({
    id: n - i,
    cityId: 1 + Math.floor(next() * next() * 6),
    rent: next() < 0.05 ? -1 : 3000 + Math.floor(next() * 12) * 500,
    rooms: next() < 0.05 ? -1 : 1 + Math.floor(next() * 5),
    size: next() < 0.05 ? -1 : 20 + Math.floor(next() * 100),
    // Some rented exactly at a window's start: "rented after rentedSince" excludes them.
    deletedAt: next() < 0.2 ? NOW - (next() < 0.2 ? 3 * DAY : Math.floor(next() * 30 * DAY)) : null,
    rowVersion: 1000 + i,
    pets: next() < 0.3 ? 1 : next() < 0.5 ? -1 : null,
    dwellingType: next() < 0.1 ? null : (['apartment', 'room', 'townhouse', 'villa'] as const)[Math.floor(next() * 4)],
    availableDay: next() < 0.2 ? null : Math.floor(NOW / DAY) + Math.floor(next() * 90) - 10,
    leaseMonths: next() < 0.1 ? null : next() < 0.5 ? 0 : [1, 6, 11, 12, 24, 36][Math.floor(next() * 6)],
    monthlyCost: next() < 0.05 ? null : 3000 + Math.floor(next() * 30) * 250,
    // Around Copenhagen's centre; some without a position.
    lat: next() < 0.1 ? null : 55.6 + next() * 0.15,
    lng: next() < 0.1 ? null : 12.45 + next() * 0.25,
  }));
}

describe('DwellingListSnapshot', () => {
  const next = random(42);
  const all = rows(4000, next);
  const snapshot = DwellingListSnapshot.fromRows('7', NOW - 15 * DAY, all);
  const pick = <T>(values: T[]): T => values[Math.floor(next() * values.length)];

  it('finds the same pages and counts as the list statement, for every kind of filter', () => {
    for (let i = 0; i < 3000; i++) {
      const filter: ListFilter = {
        cityId: pick([undefined, 1, 2, 3, 6, 99]),
        rent: pick([undefined, -1, 3000, 5000, 8000, 20000]),
        rooms: pick([undefined, 1, 2, 4, 6]),
        size: pick([undefined, 10, 50, 90, 130]),
        rentedSince: pick([null, new Date(NOW - 14 * DAY), new Date(NOW - 3 * DAY), new Date(NOW)]),
      };
      const start = pick([0, 0, 1, 150, 499, 500, 1200, 5000]);
      const pageSize = pick([1, 15, 150, 500]);
      const found = snapshot.page(filter, start, pageSize);
      const expected = reference(all, filter, start, pageSize);
      const context = JSON.stringify({ filter, start, pageSize });
      expect(found.rows.map((row) => snapshot.id(row)), context).toEqual(expected.ids);
      expect({ total: found.total, capped: found.capped }, context).toEqual({ total: expected.total, capped: expected.capped });
    }
  });

  it('finds the same pages with the extra filters and every order (issue 15)', () => {
    const today = Math.floor(NOW / DAY);
    const day = (offset: number) => new Date((today + offset) * DAY).toISOString().slice(0, 10);
    for (let i = 0; i < 3000; i++) {
      const filter: ListFilter = {
        cityId: pick([1, 2, 3, 6, 99]),
        rent: pick([undefined, undefined, -1, 5000, 8000]),
        rooms: pick([undefined, undefined, 2, 4]),
        size: pick([undefined, undefined, 50]),
        rentedSince: pick([null, new Date(NOW - 14 * DAY)]),
        pets: pick([undefined, true]),
        type: pick([undefined, undefined, 'apartment', 'villa', 'room'] as const),
        movein: pick([undefined, undefined, day(0), day(30), day(-20)]),
        timeframe: pick([undefined, undefined, 'nolimit', 'gt1y', 'lt1y'] as const),
        monthly: pick([undefined, undefined, 2999, 5000, 9000]),
        sort: pick([undefined, 'rent', 'size', 'rent-per-m2'] as const),
      };
      for (const key of Object.keys(filter) as Array<keyof ListFilter>) if (filter[key] === undefined) delete filter[key];
      const start = pick([0, 0, 1, 150, 499]);
      const pageSize = pick([1, 15, 150]);
      const found = snapshot.page(filter, start, pageSize);
      const expected = reference(all, filter, start, pageSize);
      const context = JSON.stringify({ filter, start, pageSize });
      expect(found.rows.map((row) => snapshot.id(row)), context).toEqual(expected.ids);
      expect({ total: found.total, capped: found.capped }, context).toEqual({ total: expected.total, capped: expected.capped });
    }
  });

  it('finds the same pages for a drawn area, with and without a city, with the other filters and every order (issue 34)', () => {
    let filled = 0;
    for (let i = 0; i < 1500; i++) {
      const filter: ListFilter = {
        cityId: pick([undefined, undefined, 1, 2, 99]),
        rent: pick([undefined, undefined, -1, 8000]),
        rooms: pick([undefined, undefined, 2]),
        rentedSince: pick([null, new Date(NOW - 14 * DAY)]),
        pets: pick([undefined, undefined, true]),
        area: pick(AREAS),
        sort: pick([undefined, 'rent', 'size', 'rent-per-m2'] as const),
      };
      for (const key of Object.keys(filter) as Array<keyof ListFilter>) if (filter[key] === undefined) delete filter[key];
      const start = pick([0, 0, 1, 15, 150]);
      const pageSize = pick([1, 15, 150]);
      expect(snapshot.covers(filter)).toBe(true);
      const expected = reference(all, filter, start, pageSize);
      // As the snapshot picks (by the area's share of the rows), the area index at once, and a scan in list order only.
      for (const scanPerCandidate of [undefined, 0, Infinity]) {
        const found = snapshot.page(filter, start, pageSize, scanPerCandidate);
        const context = JSON.stringify({ filter, start, pageSize, scanPerCandidate });
        expect(found.rows.map((row) => snapshot.id(row)), context).toEqual(expected.ids);
        expect({ total: found.total, capped: found.capped }, context).toEqual({ total: expected.total, capped: expected.capped });
      }
      if (expected.ids.length > 0) filled++;
    }
    expect(filled).toBeGreaterThan(500);
  });

  it("finds an area's rows on and beside its box's bounds by the index as the scan does, and picks each way (issue 34)", () => {
    // Rows on each corner of the areas, moved by PostgreSQL's tolerance and beyond it in either
    // direction: on the corners' box, just inside it and just outside (the index's box is widened by
    // more than the tolerance, so none of those in the area may be missed). Some without a position.
    const offsets = [0, 5e-7, -5e-7, 1e-6, -1e-6, 2e-6, -2e-6, 1e-5, -1e-5, 2e-5, -2e-5];
    const edge: SnapshotRow[] = [];
    for (const area of AREAS) {
      for (const [lat, lng] of area.slice(0, -1)) {
        for (const dLat of offsets) for (const dLng of [0, offsets[Math.floor(next() * offsets.length)]]) edge.push({ ...all[edge.length % all.length], lat: lat + dLat, lng: lng + dLng });
      }
    }
    for (let i = 0; i < 200; i++) edge.push({ ...all[i], lat: null, lng: next() < 0.5 ? null : 12.5 });
    const mixed = [...all.slice(0, 1000), ...edge].map((row, i, rows) => ({ ...row, id: rows.length - i }));
    const withEdges = DwellingListSnapshot.fromRows('8', NOW - 15 * DAY, mixed);
    let onEdges = 0;
    for (const area of AREAS) {
      for (const filter of [{ rentedSince: null, area }, { rentedSince: new Date(NOW - 14 * DAY), area, rent: 8000 }, { rentedSince: null, area, cityId: 1 }, { rentedSince: null, area, sort: 'size' as const }]) {
        for (const [start, pageSize] of [[0, 500], [0, 15], [150, 150]]) {
          const scanned = withEdges.page(filter, start, pageSize, Infinity);
          const context = JSON.stringify({ filter, start, pageSize });
          expect(withEdges.page(filter, start, pageSize, 0), context).toEqual(scanned);
          // A snapshot that has not met the area yet picks its own way.
          expect(DwellingListSnapshot.fromRows('8', NOW - 15 * DAY, mixed).page(filter, start, pageSize), context).toEqual(scanned);
          onEdges += scanned.rows.filter((row) => withEdges.id(row) <= edge.length).length;
        }
      }
    }
    expect(onEdges).toBeGreaterThan(100);
  });

  it('scans for an area holding many rows, turns to the rows inside it when the scan runs long, and reads those at once for a small area', () => {
    // 10,000 rows in list order, every fifth inside a square (2,000: a scan meets 500 of them in
    // 2,500 rows), the rest far away; every hundredth row (inside) has a rent of 3,000.
    const square = readSearchArea('_errI_lhkA?_pR_sN??~oR~rN?').value as SearchArea;
    const many: SnapshotRow[] = Array.from({ length: 10_000 }, (_, i) => ({
      ...all[i % all.length],
      id: 10_000 - i,
      cityId: 1,
      deletedAt: null,
      rent: i % 100 === 0 ? 3000 : 9000,
      lat: i % 5 === 0 ? 55.65 + (i % 997) * 5e-5 : 57,
      lng: i % 5 === 0 ? 12.51 + (i % 991) * 5e-5 : 9,
    }));
    const fresh = () => DwellingListSnapshot.fromRows('10', NOW - 15 * DAY, many);
    const plain = fresh();
    const page = plain.page({ rentedSince: null, area: square }, 0, 150);
    expect(page.total).toBe(500);
    expect(page.rows.map((row) => plain.id(row))).toEqual(Array.from({ length: 150 }, (_, k) => 10_000 - 5 * k));
    expect(plain.areasKnown).toBe(0);
    // A rent of 3,000 or less: 100 rows inside, 40 in the scan's share (4,000 rows), so the scan runs out of its share and the area's rows answer.
    const selective = fresh();
    const cheap = selective.page({ rentedSince: null, area: square, rent: 3000 }, 0, 150);
    expect(cheap.rows.map((row) => selective.id(row))).toEqual(Array.from({ length: 100 }, (_, k) => 10_000 - 100 * k));
    expect(cheap.total).toBe(100);
    expect(selective.areasKnown).toBe(1);
    // Then that area's next list reads its rows, as a city's range.
    expect(selective.page({ rentedSince: null, area: square }, 0, 150)).toEqual(page);
    // A small area (a hundredth of the square): its rows at once.
    const small = readSearchArea(writeSearchArea([[55.65, 12.51], [55.651, 12.51], [55.651, 12.511], [55.65, 12.511], [55.65, 12.51]])).value as SearchArea;
    const few = fresh();
    const inSmall = few.page({ rentedSince: null, area: small }, 0, 150);
    expect(inSmall.total).toBeGreaterThan(0);
    expect(few.areasKnown).toBe(1);
    expect(inSmall).toEqual(fresh().page({ rentedSince: null, area: small }, 0, 150, Infinity));
  });

  it('serves a sorted list only for a city or a drawn area', () => {
    expect(snapshot.covers({ rentedSince: null, sort: 'rent' })).toBe(false);
    expect(snapshot.covers({ cityId: 1, rentedSince: null, sort: 'rent' })).toBe(true);
    expect(snapshot.covers({ area: AREAS[0], rentedSince: null, sort: 'rent' })).toBe(true);
  });

  it("gives each row's city and row version, and keeps each city's rows in list order", () => {
    const page = snapshot.page({ cityId: 3, rentedSince: new Date(NOW - 14 * DAY) }, 0, 500);
    const ids = page.rows.map((row) => snapshot.id(row));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    for (const row of page.rows) {
      const source = all.find((r) => r.id === snapshot.id(row));
      expect(snapshot.cityId(row)).toBe(3);
      expect(snapshot.rowVersion(row)).toBe(source?.rowVersion);
    }
  });

  it('answers only rented windows that start inside what it loaded', () => {
    expect(snapshot.covers({ rentedSince: null })).toBe(true);
    expect(snapshot.covers({ rentedSince: new Date(NOW - 15 * DAY) })).toBe(true);
    expect(snapshot.covers({ rentedSince: new Date(NOW - 15 * DAY - 1) })).toBe(false);
  });

  it('is empty for a city it does not hold, and for an empty database', () => {
    expect(snapshot.page({ cityId: 12345, rentedSince: null }, 0, 150)).toEqual({ rows: [], total: 0, capped: false });
    const empty = DwellingListSnapshot.fromRows('0', NOW, []);
    expect(empty.page({ rentedSince: new Date(NOW) }, 0, 150)).toEqual({ rows: [], total: 0, capped: false });
  });
});

describe('DwellingListSnapshot.withChanges (issue 35)', () => {
  const CUTOFF = NOW - 15 * DAY;
  /** created_at in epoch µs, as the loader reads it. */
  const T0 = NOW * 1000;
  const byListOrder = (a: SnapshotRow, b: SnapshotRow) => (b.createdAt as number) - (a.createdAt as number) || b.id - a.id;

  /**
   * A position where PostgreSQL's point-in-polygon rule (with its tolerance) and the exact test of the
   * reference agree for every test area: so many random positions meet an edge now and then.
   */
  function clearOfEdges<R extends SnapshotRow>(row: R): R {
    const { lat, lng } = row;
    if (lat == null || lng == null) return row;
    const agree = AREAS.every((area) => inArea(area, lat, lng) === areaContains(areaPolygon(area), lng, lat));
    return agree ? row : { ...row, lat: lat + 0.003 };
  }

  function someRows(n: number, next: () => number): SnapshotRow[] {
    return rows(n, next).map(clearOfEdges);
  }

  /** Base rows with their created_at: three to a microsecond here and there, so the id decides ties. */
  function keyedRows(n: number, next: () => number): SnapshotRow[] {
    return someRows(n, next).map((row, i) => ({ ...row, createdAt: T0 - Math.floor(i / 3) * 1_000_000 }));
  }

  /** A random list a snapshot covers: every condition, every order, with and without a city or an area. */
  function randomFilter(next: () => number): { filter: ListFilter; start: number; pageSize: number } {
    const pick = <T>(values: T[]): T => values[Math.floor(next() * values.length)];
    const today = Math.floor(NOW / DAY);
    const day = (offset: number) => new Date((today + offset) * DAY).toISOString().slice(0, 10);
    const filter: ListFilter = {
      cityId: pick([undefined, undefined, 1, 1, 2, 3, 6, 7, 99]),
      rent: pick([undefined, undefined, undefined, -1, 5000, 8000]),
      rooms: pick([undefined, undefined, undefined, 2, 4]),
      size: pick([undefined, undefined, undefined, 50]),
      rentedSince: pick([null, new Date(NOW - 14 * DAY), new Date(NOW - 3 * DAY)]),
      pets: pick([undefined, undefined, undefined, true]),
      type: pick([undefined, undefined, undefined, undefined, 'apartment', 'room'] as const),
      movein: pick([undefined, undefined, undefined, undefined, day(0), day(30)]),
      timeframe: pick([undefined, undefined, undefined, undefined, 'nolimit', 'gt1y', 'lt1y'] as const),
      monthly: pick([undefined, undefined, undefined, undefined, 5000, 9000]),
      area: pick([undefined, undefined, undefined, ...AREAS]),
      sort: pick([undefined, undefined, 'rent', 'size', 'rent-per-m2'] as const),
    };
    // A sorted list of every city is not served from memory (covers); it gets a city.
    if (filter.sort !== undefined && filter.cityId === undefined && filter.area === undefined) filter.cityId = pick([1, 2, 7]);
    for (const key of Object.keys(filter) as Array<keyof ListFilter>) if (filter[key] === undefined) delete filter[key];
    return { filter, start: pick([0, 0, 0, 0, 0, 1, 15, 150, 499, 500, 1200, 5000]), pageSize: pick([1, 15, 150, 500]) };
  }

  /**
   * A random write: updates that move a dwelling to another city (7 is new), change its rent, size,
   * created_at (to a tie, to the newest, into the middle) or rented state; new dwellings; removals,
   * some of ids it does not hold; removed ids back again; an id both removed and changed.
   */
  function randomDelta(current: Map<number, SnapshotRow>, gone: number[], next: () => number, changes: number, nextId: () => number) {
    const pick = <T>(values: T[]): T => values[Math.floor(next() * values.length)];
    const ids = [...current.keys()];
    const createdAts = [...current.values()].map((row) => row.createdAt as number);
    const newCreatedAt = () => pick([T0 + Math.floor(next() * 5) * 1_000_000, pick(createdAts), T0 - Math.floor(next() * 800) * 1_000_000 - 500, pick(createdAts) - 1]);
    const changed: SnapshotRow[] = [];
    const removed: number[] = [];
    for (let c = 0; c < changes; c++) {
      const kind = next();
      if (kind < 0.5 && ids.length > 0) {
        const old = current.get(pick(ids)) as SnapshotRow;
        const row: SnapshotRow = { ...old, rowVersion: old.rowVersion + 1 };
        const what = next();
        if (what < 0.2) row.cityId = 1 + Math.floor(next() * 7);
        else if (what < 0.35) row.rent = next() < 0.1 ? -1 : 3000 + Math.floor(next() * 12) * 500;
        else if (what < 0.5) row.size = next() < 0.1 ? -1 : 20 + Math.floor(next() * 100);
        else if (what < 0.65) row.createdAt = newCreatedAt();
        else if (what < 0.8) row.deletedAt = old.deletedAt === null ? NOW - pick([0, 3 * DAY, 5 * DAY, 20 * DAY]) : null;
        else Object.assign(row, { ...someRows(1, next)[0], id: old.id, createdAt: newCreatedAt(), rowVersion: old.rowVersion + 1 });
        changed.push(row);
      } else if (kind < 0.7) {
        changed.push({ ...someRows(1, next)[0], id: nextId(), createdAt: newCreatedAt(), rowVersion: 1 });
      } else if (kind < 0.85 && ids.length > 0) {
        removed.push(pick(ids));
      } else if (kind < 0.9) {
        removed.push(100_000 + Math.floor(next() * 1000));
      } else if (kind < 0.95 && gone.length > 0) {
        changed.push({ ...someRows(1, next)[0], id: pick(gone), createdAt: newCreatedAt(), rowVersion: 5 });
      } else if (ids.length > 0) {
        const id = pick(ids);
        removed.push(id);
        changed.push({ ...(current.get(id) as SnapshotRow), rent: 4321, rowVersion: 9 });
      }
    }
    return { changed, removed };
  }

  /** The rows after a write, as a fresh load would read them: removed ones out, changed ones in, in list order. */
  function apply(current: Map<number, SnapshotRow>, gone: number[], changed: SnapshotRow[], removed: number[]): Map<number, SnapshotRow> {
    const after = new Map(current);
    for (const id of removed) if (after.delete(id)) gone.push(id);
    for (const row of changed) after.set(row.id, row);
    return new Map([...after.values()].sort(byListOrder).map((row) => [row.id, row]));
  }

  /** Checks `lists` random lists; gives how many found rows, and how many found a changed dwelling (one of `changedIds`). */
  function expectSamePages(snapshot: DwellingListSnapshot, current: SnapshotRow[], next: () => number, lists: number, context: string, changedIds = new Set<number>()) {
    let withChanged = 0;
    const fresh = DwellingListSnapshot.fromRows(snapshot.version, CUTOFF, current);
    const byId = new Map(current.map((row) => [row.id, row]));
    let filled = 0;
    for (let i = 0; i < lists; i++) {
      const { filter, start, pageSize } = randomFilter(next);
      expect(snapshot.covers(filter)).toBe(true);
      const expected = reference(current, filter, start, pageSize);
      const freshPage = fresh.page(filter, start, pageSize);
      const where = `${context} ${JSON.stringify({ filter, start, pageSize })}`;
      expect({ ids: freshPage.rows.map((row) => fresh.id(row)), total: freshPage.total, capped: freshPage.capped }, where).toEqual(expected);
      for (const scanPerCandidate of filter.area === undefined ? [undefined] : [undefined, 0, Infinity]) {
        const found = snapshot.page(filter, start, pageSize, scanPerCandidate);
        expect({ ids: found.rows.map((row) => snapshot.id(row)), total: found.total, capped: found.capped }, `${where} ${scanPerCandidate}`).toEqual(expected);
        for (const row of found.rows) {
          const source = byId.get(snapshot.id(row));
          expect([snapshot.cityId(row), snapshot.rowVersion(row)], where).toEqual([source?.cityId, source?.rowVersion]);
        }
      }
      if (expected.ids.length > 0) filled++;
      if (expected.ids.some((id) => changedIds.has(id))) withChanged++;
    }
    return { filled, withChanged };
  }

  it('finds the pages of a fresh load of the changed rows after each of a sequence of writes, and the old snapshots keep theirs', () => {
    let compacted = 0;
    let layered = 0;
    let filled = 0;
    let withChanged = 0;
    let lists = 0;
    for (let sequence = 0; sequence < 9; sequence++) {
      const next = random(1000 + sequence);
      const base = keyedRows(2000, next);
      let id = 2000;
      const nextId = () => ++id;
      let current = new Map(base.map((row) => [row.id, row]));
      const gone: number[] = [];
      let snapshot = DwellingListSnapshot.fromRows('100', CUTOFF, base);
      // Its sorted orders and area rows are found before the writes, as a process that served lists has.
      filled += expectSamePages(snapshot, base, next, 40, `sequence ${sequence}, loaded`).filled;
      const changedIds = new Set<number>();
      const history: Array<{ snapshot: DwellingListSnapshot; rows: SnapshotRow[]; page: SnapshotPage; ids: number[] }> = [];
      const deltas = 1 + Math.floor(next() * 5);
      for (let d = 0; d < deltas; d++) {
        // Mostly small writes (a tail); the last of some sequences passes the bound (64 rows here) and compacts.
        const changes = d === deltas - 1 && sequence % 3 === 0 ? 150 : 1 + Math.floor(next() * 25);
        const { changed, removed } = randomDelta(current, gone, next, changes, nextId);
        const inFlight = snapshot.page({ cityId: 1, rentedSince: null, sort: 'rent' }, 0, 150);
        history.push({ snapshot, rows: [...current.values()], page: inFlight, ids: inFlight.rows.map((row) => snapshot.id(row)) });
        const version = String(101 + d);
        snapshot = snapshot.withChanges(version, changed, removed);
        current = apply(current, gone, changed, removed);
        for (const row of changed) changedIds.add(row.id);
        const rowsNow = [...current.values()];
        expect(snapshot.version).toBe(version);
        expect(snapshot.size).toBe(rowsNow.length);
        if (snapshot.delta.tail === 0 && snapshot.delta.dead === 0) compacted++;
        else layered++;
        const found = expectSamePages(snapshot, rowsNow, next, 50, `sequence ${sequence}, delta ${d}`, changedIds);
        lists += 50;
        filled += found.filled;
        withChanged += found.withChanged;
      }
      // The snapshots before each write answer as they did: the rows held across a write, and their pages.
      for (const [k, old] of history.entries()) {
        expect(old.page.rows.map((row) => old.snapshot.id(row))).toEqual(old.ids);
        expect(old.snapshot.version).toBe(k === 0 ? '100' : String(100 + k));
        expectSamePages(old.snapshot, old.rows, next, 10, `sequence ${sequence}, before delta ${k}`);
      }
    }
    expect(compacted).toBeGreaterThanOrEqual(3);
    expect(layered).toBeGreaterThan(10);
    // Many lists find something (the others ask past the end or for a mix nothing matches), and
    // many of those show a changed dwelling.
    expect(filled).toBeGreaterThan(lists / 4);
    expect(withChanged).toBeGreaterThan(lists / 15);
  });

  it('merges a moved, a re-dated, a rented and a new dwelling into a city list and its sorted list', () => {
    const base: SnapshotRow[] = [
      { id: 5, cityId: 1, rent: 5000, rooms: 2, size: 50, deletedAt: null, rowVersion: 1, createdAt: 500 },
      { id: 4, cityId: 1, rent: 4000, rooms: 2, size: 40, deletedAt: null, rowVersion: 1, createdAt: 400 },
      { id: 3, cityId: 2, rent: 3000, rooms: 2, size: 30, deletedAt: null, rowVersion: 1, createdAt: 300 },
      { id: 2, cityId: 1, rent: 2000, rooms: 2, size: 20, deletedAt: null, rowVersion: 1, createdAt: 300 },
      { id: 1, cityId: 1, rent: 1000, rooms: 2, size: 10, deletedAt: null, rowVersion: 1, createdAt: 100 },
    ];
    const before = DwellingListSnapshot.fromRows('1', CUTOFF, base);
    const ids = (snapshot: DwellingListSnapshot, filter: ListFilter) => snapshot.page(filter, 0, 10).rows.map((row) => snapshot.id(row));
    expect(ids(before, { cityId: 1, rentedSince: null })).toEqual([5, 4, 2, 1]);
    expect(ids(before, { cityId: 1, rentedSince: null, sort: 'rent' })).toEqual([1, 2, 4, 5]);
    const after = before.withChanges(
      '2',
      [
        { ...base[2], cityId: 1, rowVersion: 2 }, // moved to city 1; ties with 2 at 300, the higher id first
        { ...base[4], createdAt: 450, rent: 4000, rowVersion: 2 }, // re-dated: between 5 and 4, and ties 4's rent
        { id: 9, cityId: 1, rent: -1, rooms: 1, size: 10, deletedAt: null, rowVersion: 1, createdAt: 600 },
        { ...base[0], deletedAt: NOW - DAY, rowVersion: 2 },
      ],
      [4],
    );
    expect(ids(after, { cityId: 1, rentedSince: null })).toEqual([9, 1, 3, 2]);
    expect(ids(after, { cityId: 1, rentedSince: new Date(NOW - 3 * DAY) })).toEqual([9, 5, 1, 3, 2]);
    expect(ids(after, { cityId: 1, rentedSince: null, sort: 'rent' })).toEqual([2, 3, 1, 9]);
    expect(ids(after, { cityId: 2, rentedSince: null })).toEqual([]);
    expect(ids(after, { rentedSince: null })).toEqual([9, 1, 3, 2]);
    expect(after.size).toBe(5);
    // The snapshot it was taken from is as it was.
    expect(ids(before, { cityId: 1, rentedSince: null, sort: 'rent' })).toEqual([1, 2, 4, 5]);
    expect(ids(before, { rentedSince: null })).toEqual([5, 4, 3, 2, 1]);
  });

  it('merges the tail into the rows inside an area when the scan of an area list runs out of its share', () => {
    // As 'scans for an area holding many rows': every fifth row inside the square, every hundredth
    // (inside) at a rent of 3,000; a list of those runs the scan out of its share, then reads the area's rows.
    const square = readSearchArea('_errI_lhkA?_pR_sN??~oR~rN?').value as SearchArea;
    const some = someRows(100, random(3));
    const many: SnapshotRow[] = Array.from({ length: 10_000 }, (_, i) => ({
      ...some[i % some.length],
      id: 10_000 - i,
      cityId: 1,
      deletedAt: null,
      rent: i % 100 === 0 ? 3000 : 9000,
      createdAt: T0 - i,
      lat: i % 5 === 0 ? 55.65 + (i % 997) * 5e-5 : 57,
      lng: i % 5 === 0 ? 12.51 + (i % 991) * 5e-5 : 9,
    }));
    // The newest dwelling, inside at 3,000 (met by the scan before it gives up), and the newest of those before no longer at 3,000.
    const added: SnapshotRow = { ...many[0], id: 20_000, createdAt: T0 + 1, rowVersion: 7 };
    const dearer: SnapshotRow = { ...many[0], rent: 9000, rowVersion: 8 };
    const after = DwellingListSnapshot.fromRows('10', CUTOFF, many).withChanges('11', [added, dearer], []);
    const cheap = after.page({ rentedSince: null, area: square, rent: 3000 }, 0, 150);
    expect(cheap.rows.map((row) => after.id(row))).toEqual([20_000, ...Array.from({ length: 99 }, (_, k) => 9_900 - 100 * k)]);
    expect(cheap.total).toBe(100);
    expect(after.areasKnown).toBe(1);
  });

  it('refuses a delta when its rows came without created_at in list order, and a changed row without one', () => {
    const columns = snapshotColumns(2);
    writeSnapshotRow(columns, 0, { id: 1, cityId: 1, rent: 1, rooms: 1, size: 1, deletedAt: null, rowVersion: 1, createdAt: 0 });
    writeSnapshotRow(columns, 1, { id: 2, cityId: 1, rent: 1, rooms: 1, size: 1, deletedAt: null, rowVersion: 1, createdAt: 0 });
    const unkeyed = new DwellingListSnapshot('1', CUTOFF, columns);
    expect(() => unkeyed.withChanges('2', [], [1])).toThrow(/reload/);
    const keyed = DwellingListSnapshot.fromRows('1', CUTOFF, keyedRows(10, random(7)));
    expect(() => keyed.withChanges('2', [{ id: 1, cityId: 1, rent: 1, rooms: 1, size: 1, deletedAt: null, rowVersion: 2 }], [])).toThrow(/createdAt/);
  });
});
