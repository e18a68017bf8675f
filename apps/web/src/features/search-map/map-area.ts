import polyline from '@mapbox/polyline';

/**
 * The drawn area of the map search (issue 34) as the URL carries it: `area` is the Google encoded
 * polyline (precision 5) of the ring's [lat, lng] points, the first repeated as the last; a circle is
 * sent as a 32-point polygon. The API checks it (closed, 4–51 points, inside Denmark, no
 * self-intersection, at most 1,000 characters) and answers 400 otherwise; the map checks what it can
 * before it writes the URL, so a visitor hears why at once instead of getting an error page.
 */
export type LatLng = [lat: number, lng: number];

export const AREA_PARAM = 'area';
/** Denmark with its seas and islands (the API's box). */
export const DENMARK_BOUNDS = { south: 54.4, north: 57.9, west: 7.9, east: 15.3 } as const;
export const AREA_MAX_POINTS = 51;
export const AREA_MAX_LENGTH = 1000;
export const CIRCLE_POINTS = 32;

export type AreaProblem = 'too-few-points' | 'too-many-points' | 'outside-denmark' | 'too-long';

const EARTH_RADIUS_M = 6_371_008.8;

/** The ring closed (first point repeated last), each point rounded to what precision 5 keeps. */
export function closeRing(points: readonly LatLng[]): LatLng[] {
  const rounded = points.map(([lat, lng]): LatLng => [round5(lat), round5(lng)]);
  // Consecutive repeats (a double click) would be an edge of length 0.
  const ring = rounded.filter((point, i) => i === 0 || !samePoint(point, rounded[i - 1]));
  if (ring.length > 0 && !samePoint(ring[0], ring[ring.length - 1])) ring.push(ring[0]);
  return ring;
}

/** A circle as a polygon of CIRCLE_POINTS corners (closed), on the sphere. */
export function circleRing(center: LatLng, radiusM: number): LatLng[] {
  const [lat0, lng0] = center.map((deg) => (deg * Math.PI) / 180);
  const angular = radiusM / EARTH_RADIUS_M;
  const points: LatLng[] = [];
  for (let i = 0; i < CIRCLE_POINTS; i++) {
    const bearing = (2 * Math.PI * i) / CIRCLE_POINTS;
    const lat = Math.asin(Math.sin(lat0) * Math.cos(angular) + Math.cos(lat0) * Math.sin(angular) * Math.cos(bearing));
    const lng = lng0 + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(lat0), Math.cos(angular) - Math.sin(lat0) * Math.sin(lat));
    points.push([(lat * 180) / Math.PI, (lng * 180) / Math.PI]);
  }
  return closeRing(points);
}

/** What makes a closed ring one the API refuses, checked in the order a visitor can act on; null if none found. */
export function areaProblem(ring: readonly LatLng[]): AreaProblem | null {
  if (ring.length < 4) return 'too-few-points';
  if (ring.length > AREA_MAX_POINTS) return 'too-many-points';
  const { south, north, west, east } = DENMARK_BOUNDS;
  if (ring.some(([lat, lng]) => lat < south || lat > north || lng < west || lng > east)) return 'outside-denmark';
  if (polyline.encode(ring as LatLng[], 5).length > AREA_MAX_LENGTH) return 'too-long';
  return null;
}

export function encodeArea(ring: readonly LatLng[]): string {
  return polyline.encode(ring as LatLng[], 5);
}

/** The ring of a URL's `area`, or null when it is not a closed ring of at least 4 points (the map then draws none). */
export function decodeArea(text: string | null): LatLng[] | null {
  if (!text) return null;
  let ring: LatLng[];
  try {
    ring = polyline.decode(text, 5) as LatLng[];
  } catch {
    return null;
  }
  if (ring.length < 4 || ring.some(([lat, lng]) => !Number.isFinite(lat) || !Number.isFinite(lng))) return null;
  return samePoint(ring[0], ring[ring.length - 1]) ? ring : null;
}

/**
 * The current page with `area` set (or removed): the list starts again from its first page, the rest
 * of the query (the search, the filters, the view) kept.
 */
export function areaHref(pathname: string, search: string, area: string | null): string {
  const query = new URLSearchParams(search);
  query.delete('start');
  query.delete(AREA_PARAM);
  if (area !== null) query.set(AREA_PARAM, area);
  const qs = query.toString();
  return `${pathname}${qs ? `?${qs}` : ''}`;
}

const round5 = (deg: number) => Math.round(deg * 1e5) / 1e5;
const samePoint = (a: LatLng, b: LatLng) => a[0] === b[0] && a[1] === b[1];
