import { readSearchArea, searchAreaFromCorners, writeSearchArea, type AreaPoint } from '@husly/domain';

/**
 * The drawn area of the map search (issue 34) on its way to the URL. The rules and the encoding are
 * the domain's (libs/domain/src/search-area.ts, docs/decisions/0064): a drawing becomes a ring there,
 * is written there, and is read back with the API's own checks before it goes to the URL, so a
 * visitor hears at once why a drawing is no area instead of the list failing with a 400.
 */
/** A circle is sent as a polygon of this many corners. */
export const CIRCLE_CORNERS = 32;

const EARTH_RADIUS_M = 6_371_008.8;

/** Why a drawing is no area: the domain's codes (readSearchArea). */
export type AreaProblem = 'too-long' | 'not-polyline' | 'not-closed' | 'corners' | 'outside-denmark' | 'self-intersecting';
const PROBLEMS: readonly string[] = ['too-long', 'not-polyline', 'not-closed', 'corners', 'outside-denmark', 'self-intersecting'] satisfies AreaProblem[];

/** A circle's corners, on the sphere (not closed: searchAreaFromCorners closes the ring). */
export function circleCorners(center: AreaPoint, radiusM: number): AreaPoint[] {
  const [lat0, lng0] = center.map((deg) => (deg * Math.PI) / 180);
  const angular = radiusM / EARTH_RADIUS_M;
  const corners: AreaPoint[] = [];
  for (let i = 0; i < CIRCLE_CORNERS; i++) {
    const bearing = (2 * Math.PI * i) / CIRCLE_CORNERS;
    const lat = Math.asin(Math.sin(lat0) * Math.cos(angular) + Math.cos(lat0) * Math.sin(angular) * Math.cos(bearing));
    const lng = lng0 + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(lat0), Math.cos(angular) - Math.sin(lat0) * Math.sin(lat));
    corners.push([(lat * 180) / Math.PI, (lng * 180) / Math.PI]);
  }
  return corners;
}

/** A drawing's corners as the URL's `area`, or why they make no area the API would take. */
export function areaOfDrawing(corners: readonly AreaPoint[]): { text: string } | { problem: AreaProblem } {
  const text = writeSearchArea(searchAreaFromCorners(corners));
  const read = readSearchArea(text);
  if (!read.error) return { text };
  return { problem: PROBLEMS.includes(read.error.code) ? (read.error.code as AreaProblem) : 'not-polyline' };
}
