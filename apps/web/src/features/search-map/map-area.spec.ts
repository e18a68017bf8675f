import { describe, expect, it } from 'vitest';
import { readSearchArea, type AreaPoint } from '@husly/domain';
import { parseListFilters } from '../search/search-params';
import { areaHref } from '../search/search-view';
import { areaOfDrawing, circleCorners } from './map-area';

const AARHUS_BOX: AreaPoint[] = [
  [56.17, 10.18],
  [56.17, 10.22],
  [56.14, 10.22],
  [56.14, 10.18],
];

/** The `area` a drawing writes (the test fails on a problem). */
function drawn(corners: readonly AreaPoint[]): string {
  const area = areaOfDrawing(corners);
  if (!('text' in area)) throw new Error(`no area: ${area.problem}`);
  return area.text;
}

describe('the drawn area in the URL (issue 34)', () => {
  it('writes a drawing as the closed ring the list filters read back, a corner clicked twice left out', () => {
    const text = drawn([AARHUS_BOX[0], AARHUS_BOX[0], ...AARHUS_BOX.slice(1)]);
    const ring = [...AARHUS_BOX, AARHUS_BOX[0]];
    expect(readSearchArea(text).value).toEqual(ring);
    // The round trip through the URL the page reads: the search's filters carry the same ring.
    const href = areaHref('/search', '?q=aarhus&view=map', text);
    expect(parseListFilters(new URLSearchParams(href.split('?')[1])).area).toEqual(ring);
  });

  it('makes a circle a closed polygon of 32 corners around its centre, an area the API takes', () => {
    const corners = circleCorners([56.15, 10.2], 1000);
    expect(corners).toHaveLength(32);
    for (const [lat, lng] of corners) {
      // About 1 km from the centre: 1° of latitude is 111.2 km, of longitude at 56.15° 61.9 km.
      const km = Math.hypot((lat - 56.15) * 111.2, (lng - 10.2) * 111.2 * Math.cos((56.15 * Math.PI) / 180));
      expect(km).toBeGreaterThan(0.99);
      expect(km).toBeLessThan(1.01);
    }
    expect(readSearchArea(drawn(corners)).value).toHaveLength(33);
  });

  it.each([
    ['a line', AARHUS_BOX.slice(0, 2), 'corners'],
    ['51 corners', Array.from({ length: 51 }, (_, i): AreaPoint => [56 + Math.sin((2 * Math.PI * i) / 51) / 10, 10 + Math.cos((2 * Math.PI * i) / 51) / 10]), 'corners'],
    ['a ring reaching Sweden', [[55.6, 12.5], [55.6, 15.5], [55.5, 12.6]] as AreaPoint[], 'outside-denmark'],
    ['a bow tie', [AARHUS_BOX[0], AARHUS_BOX[2], AARHUS_BOX[1], AARHUS_BOX[3]], 'self-intersecting'],
  ] as const)('says why %s is no area', (_name, corners, problem) => {
    expect(areaOfDrawing(corners)).toEqual({ problem });
  });

  it('starts the list again from its first page when the area changes, and keeps the search, filters and view', () => {
    expect(areaHref('/search', '?q=aarhus&rent=8000&start=150&view=map', 'abc')).toBe('/search?q=aarhus&rent=8000&view=map&area=abc');
    expect(areaHref('/aarhus', '?view=map&area=abc&start=150', null)).toBe('/aarhus?view=map');
    expect(areaHref('/aarhus', '?area=abc', null)).toBe('/aarhus');
  });
});
