// The memory side of an area search (docs/decisions/0064-area-search.md): PostgreSQL's own test of
// `point <@ polygon` (point_inside and lseg_crossing in src/backend/utils/adt/geo_ops.c, PostgreSQL
// licence), step for step in doubles, so the snapshot and the list statement agree on every point,
// also those on or within PostgreSQL's 1e-6 tolerance of an edge (which it counts as inside). A
// point-in-polygon library is exact where PostgreSQL is fuzzy, and would disagree there.
import type { SearchArea } from '@husly/domain';

/** geo_decls.h: the tolerance of PostgreSQL's geometric comparisons. */
const EPSILON = 1.0e-6;
const FPzero = (a: number) => Math.abs(a) <= EPSILON;
const FPlt = (a: number, b: number) => a + EPSILON < b;
const FPle = (a: number, b: number) => a <= b + EPSILON;
const FPgt = (a: number, b: number) => a > b + EPSILON;
const FPge = (a: number, b: number) => a + EPSILON >= b;
const ON_POLYGON = Number.MAX_SAFE_INTEGER;
/**
 * Beyond this distance outside the corners' box PostgreSQL never answers "inside" (every edge's
 * crossing test is then decided by its EPSILON comparisons alone), so the box is a safe first test.
 */
const BOX_MARGIN = 1e-5;

/** The area's corners as PostgreSQL's polygon holds them: x = lng, y = lat, without the closing point. */
export interface AreaPolygon {
  xs: Float64Array;
  ys: Float64Array;
  box: { west: number; east: number; south: number; north: number };
}

export function areaPolygon(area: SearchArea): AreaPolygon {
  const n = area.length - 1;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    ys[i] = area[i][0];
    xs[i] = area[i][1];
  }
  return {
    xs,
    ys,
    box: { west: Math.min(...xs) - BOX_MARGIN, east: Math.max(...xs) + BOX_MARGIN, south: Math.min(...ys) - BOX_MARGIN, north: Math.max(...ys) + BOX_MARGIN },
  };
}

// Shared with the boligagent's matching SQL (its drawn areas), so both cast the same polygon text.
export { areaPolygonText } from '../../common/area-polygon-text';

/** point(lng, lat) <@ polygon, as PostgreSQL answers it; a missing coordinate (NaN) is never inside (NULL there). */
export function areaContains(polygon: AreaPolygon, lng: number, lat: number): boolean {
  const { box } = polygon;
  // NaN fails every comparison.
  if (!(lat >= box.south && lat <= box.north && lng >= box.west && lng <= box.east)) return false;
  return pointInside(polygon, lng, lat) !== 0;
}

/** geo_ops.c point_inside: 0 outside, 1 inside, ON_POLYGON on an edge. */
function pointInside({ xs, ys }: AreaPolygon, px: number, py: number): number {
  const n = xs.length;
  const x0 = xs[0] - px;
  const y0 = ys[0] - py;
  let prevX = x0;
  let prevY = y0;
  let total = 0;
  for (let i = 1; i < n; i++) {
    const x = xs[i] - px;
    const y = ys[i] - py;
    const cross = lsegCrossing(x, y, prevX, prevY);
    if (cross === ON_POLYGON) return ON_POLYGON;
    total += cross;
    prevX = x;
    prevY = y;
  }
  const cross = lsegCrossing(x0, y0, prevX, prevY);
  if (cross === ON_POLYGON) return ON_POLYGON;
  total += cross;
  return total !== 0 ? 1 : 0;
}

/** geo_ops.c lseg_crossing: how the edge from prev to (x, y) crosses the positive x axis from the point. */
function lsegCrossing(x: number, y: number, prevX: number, prevY: number): number {
  if (FPzero(y)) {
    if (FPzero(x)) return ON_POLYGON;
    if (FPgt(x, 0)) {
      if (FPzero(prevY)) return FPgt(prevX, 0) ? 0 : ON_POLYGON;
      return FPlt(prevY, 0) ? 1 : -1;
    }
    if (FPzero(prevY)) return FPlt(prevX, 0) ? 0 : ON_POLYGON;
    return 0;
  }
  const ySign = FPgt(y, 0) ? 1 : -1;
  if (FPzero(prevY)) return FPlt(prevX, 0) ? 0 : ySign;
  if ((ySign < 0 && FPlt(prevY, 0)) || (ySign > 0 && FPgt(prevY, 0))) return 0;
  if (FPge(x, 0) && FPgt(prevX, 0)) return 2 * ySign;
  if (FPlt(x, 0) && FPle(prevX, 0)) return 0;
  // The same operations in the same order as float8_mi/float8_mul: the same doubles.
  const z = (x - prevX) * y - (y - prevY) * x;
  if (FPzero(z)) return ON_POLYGON;
  if ((ySign < 0 && FPlt(z, 0)) || (ySign > 0 && FPgt(z, 0))) return 0;
  return 2 * ySign;
}
