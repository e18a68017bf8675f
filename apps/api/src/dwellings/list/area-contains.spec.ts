import { describe, expect, it } from 'vitest';
import { readSearchArea } from '@husly/domain';
import { areaContains, areaPolygon, areaPolygonText } from './area-contains';

// The memory side of `point <@ polygon` (docs/decisions/0064); list-filters.e2e-spec.ts holds it to
// PostgreSQL on generated areas. Here the rule by example: a square from (55.64, 12.5) to (55.72, 12.6).
const square = readSearchArea('_errI_lhkA?_pR_sN??~oR~rN?').value ?? [];
const polygon = areaPolygon(square);
const inside = (lat: number, lng: number) => areaContains(polygon, lng, lat);

describe('areaContains (PostgreSQL point_inside, tolerance included)', () => {
  it('counts the inside, the edges and the corners, and PostgreSQL\'s 1e-6 around them', () => {
    expect(inside(55.68, 12.55)).toBe(true);
    expect(inside(55.64, 12.5)).toBe(true);
    expect(inside(55.64, 12.55)).toBe(true);
    expect(inside(55.72, 12.6)).toBe(true);
    expect(inside(55.64 - 5e-7, 12.55)).toBe(true);
    expect(inside(55.68, 12.6 + 1e-6)).toBe(true);
  });

  it('leaves out what is further away, and a dwelling without a position', () => {
    expect(inside(55.64 - 2e-6, 12.55)).toBe(false);
    expect(inside(55.68, 12.6 + 2e-6)).toBe(false);
    expect(inside(55.75, 12.55)).toBe(false);
    expect(inside(NaN, NaN)).toBe(false);
    expect(inside(55.68, NaN)).toBe(false);
  });

  it('follows a concave ring: the notch of a star is outside', () => {
    const star = readSearchArea('w_yrIsrklAohAl_NczG{XvlF`nGqdBnoMl{E}wHl{E|wHqdBooMvlFanGczGzXohAm_N').value ?? [];
    const starPolygon = areaPolygon(star);
    expect(areaContains(starPolygon, 12.575, 55.675)).toBe(true);
    // Between two points of the star, beyond its inner corners.
    const [lat1, lng1] = star[0];
    const [lat2, lng2] = star[2];
    expect(areaContains(starPolygon, (lng1 + lng2) / 2, (lat1 + lat2) / 2)).toBe(false);
  });

  it("writes PostgreSQL's polygon of the ring without its closing point, x = lng", () => {
    expect(areaPolygonText(square)).toBe('((12.5,55.64),(12.6,55.64),(12.6,55.72),(12.5,55.72))');
  });
});
