import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import polyline from '@mapbox/polyline';
import { searchAreaArbitrary } from './search-area.arbitrary';
import { readSearchArea, searchAreaCorners, searchAreaFromCorners, searchAreaSquareKm, SEARCH_AREA_LIMITS, writeSearchArea } from './search-area';
import { countListFilters, readListFilters, writeListFilters } from './list-filters';
import { searchCanonicalPath, searchIndexable } from './search-canonical';

/** A square around Copenhagen's centre, as [lat, lng] corners. */
const SQUARE = [
  [55.67, 12.55],
  [55.67, 12.6],
  [55.7, 12.6],
  [55.7, 12.55],
] as const;
const encode = (points: ReadonlyArray<readonly [number, number]>) => polyline.encode(points as Array<[number, number]>);
const closed = (points: ReadonlyArray<readonly [number, number]>) => [...points, points[0]];

/** The web's circle: a 32-corner polygon around a centre (radius in degrees of latitude). */
function circle(lat: number, lng: number, radius: number, corners = 32): Array<[number, number]> {
  return Array.from({ length: corners }, (_, i) => {
    const a = (2 * Math.PI * i) / corners;
    return [lat + radius * Math.sin(a), lng + (radius * Math.cos(a)) / 0.57];
  });
}

describe('the area of a map search', () => {
  it('reads a closed ring inside Denmark, and writes it back as it came', () => {
    const text = encode(closed(SQUARE));
    const read = readSearchArea(text);
    expect(read).toEqual({ value: closed(SQUARE) });
    expect(writeSearchArea(read.value ?? [])).toBe(text);
  });

  it('answers a text read again from its last reads: the same frozen answer, per field', () => {
    const text = encode(closed(SQUARE));
    const read = readSearchArea(text);
    expect(readSearchArea(text)).toBe(read);
    expect(Object.isFrozen(read.value) && read.value?.every((point) => Object.isFrozen(point))).toBe(true);
    const bad = encode([...SQUARE, [55.7, 12.7]]);
    expect(readSearchArea(bad, 'mapAreas.0.area').error?.message).toMatch(/^mapAreas\.0\.area /);
    expect(readSearchArea(bad).error?.message).toMatch(/^area /);
    expect(readSearchArea(bad)).toBe(readSearchArea(bad));
    // 64 other texts later it is read anew, to the same answer.
    for (let i = 1; i <= 64; i++) readSearchArea(encode(closed(SQUARE.map(([lat, lng]) => [lat + i * 1e-3, lng] as [number, number]))));
    const again = readSearchArea(text);
    expect(again).not.toBe(read);
    expect(again).toEqual(read);
  });

  it("reads the web's 32-corner circle, rounded and closed by searchAreaFromCorners", () => {
    const area = searchAreaFromCorners(circle(56.15, 10.2, 0.05));
    expect(area).toHaveLength(33);
    expect(readSearchArea(writeSearchArea(area))).toEqual({ value: area });
  });

  it('reads back every generated area it writes', () => {
    fc.assert(
      fc.property(searchAreaArbitrary(), (area) => {
        expect(readSearchArea(writeSearchArea(area))).toEqual({ value: area });
      }),
      { numRuns: 300, seed: 64 },
    );
  });

  const tooMany = closed(circle(56, 10, 0.1, SEARCH_AREA_LIMITS.maxCorners + 1).map(([lat, lng]) => [Math.round(lat * 1e5) / 1e5, Math.round(lng * 1e5) / 1e5] as const));
  const bowTie = closed([
    [55.67, 12.55],
    [55.7, 12.6],
    [55.67, 12.6],
    [55.7, 12.55],
  ]);
  it.each([
    ['an open ring', encode(SQUARE), 'not-closed'],
    ['two corners', encode(closed(SQUARE.slice(0, 2))), 'corners'],
    ['51 corners', encode(tooMany), 'corners'],
    ['a corner in Sweden', encode(closed([...SQUARE.slice(0, 3), [55.7, 15.31]])), 'outside-denmark'],
    ['a corner in Germany', encode(closed([[54.39, 12.55], ...SQUARE.slice(1)])), 'outside-denmark'],
    ['a bow-tie', encode(bowTie), 'self-intersecting'],
    ['a corner twice in a row', encode(closed([SQUARE[0], ...SQUARE])), 'self-intersecting'],
    ['corners on one line', encode(closed([SQUARE[0], SQUARE[1], [55.67, 12.65]])), 'self-intersecting'],
    ['garbage', 'not a polyline!', 'not-polyline'],
    ['a value cut off', `${encode(closed(SQUARE))}_`, 'not-polyline'],
    ['an odd number of values', `${encode(closed(SQUARE))}?`, 'not-polyline'],
    // The second corner's latitude moves by 0 ("?"), here written as "_?": the same ring, another text.
    ['a non-canonical encoding', `${encode([SQUARE[0]])}_?${encode(closed(SQUARE)).slice(encode([SQUARE[0]]).length + 1)}`, 'not-polyline'],
    ['a value of too many chunks', '~~~~~~~?'.repeat(2), 'not-polyline'],
    ['over 1000 characters', encode(closed(SQUARE)).padEnd(SEARCH_AREA_LIMITS.maxChars + 1, '?'), 'too-long'],
  ])('refuses %s, naming the rule', (_, text, code) => {
    const read = readSearchArea(text);
    expect(read.error?.code).toBe(code);
    expect(read.error?.message).toMatch(/^area /);
  });

  it('is a list filter: read and written with the others, not counted in the filter button, never its city page', () => {
    const text = encode(closed(SQUARE));
    const { filters, errors } = readListFilters({ area: text, rent: '9000' }, 'da');
    expect(errors).toEqual([]);
    expect(filters).toEqual({ area: closed(SQUARE), rent: 9000 });
    expect(writeListFilters(filters).get('area')).toBe(text);
    expect(countListFilters(filters)).toBe(1);
    // /search?q=aarhus&area=… is its own list, not /aarhus (docs/decisions/0019).
    expect(searchCanonicalPath(filters, 'aarhus')).toBeNull();
    // And kept out of the index (docs/decisions/0064); a search without one is not.
    expect(searchIndexable(filters)).toBe(false);
    expect(searchIndexable({ rent: 9000 })).toBe(true);
    expect(readListFilters({ area: 'x' }, 'en').errors).toMatchObject([{ field: 'area', code: 'not-polyline' }]);
  });
});

describe("an area's size and corners (the boligagent panel's label)", () => {
  // A lat/lng rectangle on the sphere covers R² · Δλ · (sin φ2 − sin φ1): an independent reference.
  const R = 6_371.0088;
  const rad = Math.PI / 180;
  it.each([
    ['a square in Copenhagen', 55.67, 55.71, 12.55, 12.6],
    ['a long strip over Jutland', 55.0, 57.5, 8.5, 10.0],
  ])('%s', (_name, south, north, west, east) => {
    const ring = searchAreaFromCorners([
      [south, west],
      [south, east],
      [north, east],
      [north, west],
    ]);
    const expected = R * R * (east - west) * rad * (Math.sin(north * rad) - Math.sin(south * rad));
    expect(searchAreaSquareKm(ring) / expected).toBeCloseTo(1, 6);
    // Drawn the other way round: the same size.
    expect(searchAreaSquareKm([...ring].reverse()) / expected).toBeCloseTo(1, 6);
    expect(searchAreaCorners(ring)).toBe(4);
  });

  it('a triangle of 3 corners, half the size of its box, about', () => {
    const ring = searchAreaFromCorners([
      [55.67, 12.55],
      [55.67, 12.6],
      [55.71, 12.6],
    ]);
    expect(searchAreaCorners(ring)).toBe(3);
    expect(searchAreaSquareKm(ring)).toBeGreaterThan(6.9);
    expect(searchAreaSquareKm(ring)).toBeLessThan(7.1);
  });
});
