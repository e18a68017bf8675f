import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AreaIndex, type AreaBox } from './area-index';

// The candidate lookup of an area list (docs/decisions/0064): every row whose position lies in the
// box, bounds included, none other, in list order; rows without a position never.

/** Rows in list order given as positions; `order` maps list order to rows as the snapshot's `newest` does. */
function build(positions: Array<[number, number] | null>, order: number[]) {
  const lats = new Float64Array(positions.length);
  const lngs = new Float64Array(positions.length);
  positions.forEach((position, row) => {
    lats[row] = position ? position[0] : NaN;
    lngs[row] = position ? position[1] : NaN;
  });
  return { index: new AreaIndex(Int32Array.from(order), lats, lngs), lats, lngs };
}

/** The plain way: every row in list order whose position is in the box. */
function reference(order: number[], lats: Float64Array, lngs: Float64Array, box: AreaBox): number[] {
  return order.filter((row) => lats[row] >= box.south && lats[row] <= box.north && lngs[row] >= box.west && lngs[row] <= box.east);
}

// Coordinates on a coarse grid, and just beside it (a double's step and PostgreSQL's 1e-6), so that
// positions fall on, just inside and just outside the generated boxes' bounds.
const onGrid = (from: number) => fc.integer({ min: 0, max: 20 }).map((k) => Math.round((from + k * 1e-3) * 1e3) / 1e3);
const coordinate = (from: number) =>
  fc.oneof(
    onGrid(from),
    fc.tuple(onGrid(from), fc.constantFrom(5e-7, -5e-7, 1e-6, -1e-6, 1e-5, -1e-5)).map(([value, offset]) => value + offset),
    fc.tuple(onGrid(from), fc.boolean()).map(([value, up]) => (up ? value + Number.EPSILON * 64 : value - Number.EPSILON * 64)),
  );
const position = fc.option(fc.tuple(coordinate(55.6), coordinate(12.5)), { freq: 5 });
const box = fc
  .record({ a: onGrid(55.6), b: onGrid(55.6), c: onGrid(12.5), d: onGrid(12.5), margin: fc.constantFrom(0, 1e-6, 1e-5) })
  .map(({ a, b, c, d, margin }) => ({ south: Math.min(a, b) - margin, north: Math.max(a, b) + margin, west: Math.min(c, d) - margin, east: Math.max(c, d) + margin }));

describe('AreaIndex', () => {
  it('lists exactly the rows in a box, bounds included, in list order, for generated positions and boxes', () => {
    let found = 0;
    let onBounds = 0;
    fc.assert(
      fc.property(fc.array(position, { minLength: 300, maxLength: 3000 }), fc.array(box, { minLength: 1, maxLength: 10 }), fc.integer({ min: 0, max: 1000 }), (positions, boxes, shuffle) => {
        // List order is not row order in the snapshot (rows lie city by city): a rotation stands for it.
        const order = positions.map((_, i) => (i + shuffle) % positions.length);
        const { index, lats, lngs } = build(positions, order);
        expect(index.size).toBe(positions.filter((p) => p !== null).length);
        for (const b of boxes) {
          const expected = reference(order, lats, lngs, b);
          expect(Array.from(index.rowsInBox(b))).toEqual(expected);
          found += expected.length;
          onBounds += expected.filter((row) => lats[row] === b.south || lats[row] === b.north || lngs[row] === b.west || lngs[row] === b.east).length;
        }
      }),
      { numRuns: 100, seed: 34 },
    );
    // Rows were found, and some of them on a bound.
    expect(found).toBeGreaterThan(5000);
    expect(onBounds).toBeGreaterThan(50);
  });

  it('never lists a row without a position, nor half a position', () => {
    const { index } = build([[55.65, 12.55], null, [55.66, 12.56]], [0, 1, 2]);
    const lats = Float64Array.from([55.65, 55.655, NaN]);
    const lngs = Float64Array.from([12.55, NaN, 12.555]);
    const half = new AreaIndex(Int32Array.from([0, 1, 2]), lats, lngs);
    const all = { south: 50, north: 60, west: 10, east: 15 };
    expect(Array.from(index.rowsInBox(all))).toEqual([0, 2]);
    expect(Array.from(half.rowsInBox(all))).toEqual([0]);
    expect(half.size).toBe(1);
  });

  it('is empty without positions', () => {
    const { index } = build([null, null], [1, 0]);
    expect(Array.from(index.rowsInBox({ south: -90, north: 90, west: -180, east: 180 }))).toEqual([]);
    expect(index.estimate({ south: -90, north: 90, west: -180, east: 180 })).toBe(0);
    expect(Array.from(build([], []).index.rowsInBox({ south: 0, north: 1, west: 0, east: 1 }))).toEqual([]);
  });

  it('estimates how many rows a box holds from its sample', () => {
    const n = 32_000;
    const positions: Array<[number, number]> = [];
    // A regular 160 x 200 grid over 0.16° x 0.2°: a box's share of the rows is its share of the area.
    for (let i = 0; i < n; i++) positions.push([55.6 + Math.floor(i / 200) * 1e-3, 12.5 + (i % 200) * 1e-3]);
    const { index } = build(positions, positions.map((_, i) => i));
    const quarter = { south: 55.6, north: 55.6795, west: 12.5, east: 12.5995 };
    expect(index.rowsInBox(quarter).length).toBe(8000);
    expect(index.estimate(quarter)).toBeGreaterThan(8000 * 0.9);
    expect(index.estimate(quarter)).toBeLessThan(8000 * 1.1);
    expect(index.estimate({ south: 0, north: 1, west: 0, east: 1 })).toBe(0);
  });
});
