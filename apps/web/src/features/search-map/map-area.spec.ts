import { describe, expect, it } from 'vitest';
import { areaHref, areaProblem, circleRing, closeRing, decodeArea, encodeArea, type LatLng } from './map-area';

const AARHUS_BOX: LatLng[] = [
  [56.17, 10.18],
  [56.17, 10.22],
  [56.14, 10.22],
  [56.14, 10.18],
];

describe('the drawn area in the URL (issue 34)', () => {
  it('closes a drawn ring, rounds to precision 5 and drops a corner clicked twice', () => {
    expect(closeRing([[56.123456, 10.2], [56.123456, 10.2], [56.2, 10.3], [56.1, 10.3]])).toEqual([
      [56.12346, 10.2],
      [56.2, 10.3],
      [56.1, 10.3],
      [56.12346, 10.2],
    ]);
    // Already closed: not closed again.
    expect(closeRing([...AARHUS_BOX, AARHUS_BOX[0]])).toHaveLength(5);
  });

  it("encodes [lat, lng] at precision 5, as Google's own example", () => {
    expect(encodeArea([[38.5, -120.2], [40.7, -120.95], [43.252, -126.453]])).toBe('_p~iF~ps|U_ulLnnqC_mqNvxq`@');
  });

  it('round-trips a ring through the URL', () => {
    const ring = closeRing(AARHUS_BOX);
    const text = encodeArea(ring);
    expect(decodeArea(text)).toEqual(ring);
    const query = new URLSearchParams(areaHref('/search', '?q=aarhus', text).split('?')[1]);
    expect(decodeArea(query.get('area'))).toEqual(ring);
  });

  it.each([
    ['nothing', null],
    ['an empty text', ''],
    ['an open ring', encodeArea(AARHUS_BOX)],
    ['two points', encodeArea([AARHUS_BOX[0], AARHUS_BOX[0]])],
  ])('reads %s as no area', (_name, text) => {
    expect(decodeArea(text)).toBeNull();
  });

  it('makes a circle a closed polygon of 32 corners around its centre', () => {
    const ring = circleRing([56.15, 10.2], 1000);
    expect(ring).toHaveLength(33);
    expect(ring[0]).toEqual(ring[32]);
    for (const [lat, lng] of ring.slice(0, 32)) {
      // About 1 km from the centre: 1° of latitude is 111.2 km, of longitude at 56.15° 61.9 km.
      const km = Math.hypot((lat - 56.15) * 111.2, (lng - 10.2) * 111.2 * Math.cos((56.15 * Math.PI) / 180));
      expect(km).toBeGreaterThan(0.99);
      expect(km).toBeLessThan(1.01);
    }
    expect(areaProblem(ring)).toBeNull();
  });

  it.each([
    ['a line', closeRing(AARHUS_BOX.slice(0, 2)), 'too-few-points'],
    ['51 corners', closeRing(Array.from({ length: 51 }, (_, i): LatLng => [56 + Math.sin(i / 8) / 10, 10 + Math.cos(i / 8) / 10])), 'too-many-points'],
    ['a ring reaching Sweden', closeRing([[55.6, 12.5], [55.6, 15.5], [55.5, 12.6]]), 'outside-denmark'],
    ['a box in Aarhus', closeRing(AARHUS_BOX), null],
  ] as const)('checks %s before it goes to the URL', (_name, ring, problem) => {
    expect(areaProblem(ring)).toBe(problem);
  });

  it('starts the list again from its first page when the area changes, and keeps the search, filters and view', () => {
    expect(areaHref('/search', '?q=aarhus&rent=8000&start=150&view=map', 'abc')).toBe('/search?q=aarhus&rent=8000&view=map&area=abc');
    expect(areaHref('/aarhus', '?view=map&area=abc&start=150', null)).toBe('/aarhus?view=map');
    expect(areaHref('/aarhus', '?area=abc', null)).toBe('/aarhus');
  });
});
