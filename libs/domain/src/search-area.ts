// A drawn area of the map search (issue 34, docs/decisions/0064-area-search.md): a closed ring of
// [lat, lng] corners in the URL's `area` parameter as Google's encoded polyline (precision 5). Read
// and written here for the API (a 400 naming `area`) and the web (which drops a bad area), so both
// keep to one set of rules. No Node-only APIs: the browser imports this.
import polyline from '@mapbox/polyline';
import kinks from '@turf/kinks';

/** One corner: [latitude, longitude] in degrees, as the polyline holds it. */
export type AreaPoint = readonly [lat: number, lng: number];
/** A valid area: its ring of corners, closed (the last point repeats the first), 4 to 51 points. */
export type SearchArea = readonly AreaPoint[];

export const SEARCH_AREA_LIMITS = {
  /** The encoded text: 51 points take ~10 characters each at most inside Denmark. */
  maxChars: 1000,
  minCorners: 3,
  maxCorners: 50,
  /** Denmark's bounding box (Bornholm and Skagen included), degrees. */
  bounds: { south: 54.4, north: 57.9, west: 7.9, east: 15.3 },
} as const;

/** Precision 5: 1e-5 degrees, about a metre. */
const PRECISION = 5;
const FACTOR = 10 ** PRECISION;
/** The polyline alphabet: characters 63 ('?') to 126 ('~'); 95 and up continue a value. */
const FIRST = 63;
const LAST = 126;
const CONTINUES = FIRST + 0x20;
/** Six 5-bit chunks hold 30 bits: more than any difference inside Denmark needs, and exact in the decoder. */
const MAX_CHUNKS = 6;

export type SearchAreaError = { code: string; message: string };
export type SearchAreaRead = { value: SearchArea; error?: undefined } | { value?: undefined; error: SearchAreaError };

const fail = (code: string, message: string): SearchAreaRead => ({ error: { code, message } });

/**
 * The last areas read, answer by text and field: a map view sends one area again and again (pages,
 * filters, the list beside the map), and reading a 32-corner circle costs ~40 µs (most of it the
 * crossing test), about a tenth of a list request served from the page cache. Answers are frozen, as
 * their types say, so sharing them is safe.
 */
const recentReads = new Map<string, SearchAreaRead>();
const RECENT_READS = 64;

/**
 * The area of a query value: the rules in the order a reader checks them, the first that fails
 * named (code and text). Only the canonical encoding is accepted (the one `writeSearchArea` gives
 * back), so one area has one URL and one cache key.
 */
export function readSearchArea(text: string, field = 'area'): SearchAreaRead {
  const { maxChars } = SEARCH_AREA_LIMITS;
  if (text.length > maxChars) return fail('too-long', `${field} must be at most ${maxChars} characters`);
  const key = `${field}\u0000${text}`;
  const known = recentReads.get(key);
  if (known) return known;
  const read = readUncached(text, field);
  if (read.value) {
    for (const point of read.value) Object.freeze(point);
    Object.freeze(read.value);
  } else Object.freeze(read.error);
  // The oldest read out first (a Map iterates in insertion order).
  if (recentReads.size >= RECENT_READS) recentReads.delete(recentReads.keys().next().value as string);
  recentReads.set(key, Object.freeze(read));
  return read;
}

function readUncached(text: string, field: string): SearchAreaRead {
  const { minCorners, maxCorners, bounds } = SEARCH_AREA_LIMITS;
  const notPolyline = fail('not-polyline', `${field} must be an encoded polyline (precision 5) of [lat, lng] points`);
  // The decoder reads any text without complaint; the structure first: whole values, in pairs.
  let values = 0;
  let chunks = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < FIRST || c > LAST) return notPolyline;
    if (++chunks > MAX_CHUNKS) return notPolyline;
    if (c < CONTINUES) {
      values++;
      chunks = 0;
    }
  }
  if (values === 0 || chunks !== 0 || values % 2 !== 0) return notPolyline;
  const ring = polyline.decode(text, PRECISION);
  if (polyline.encode(ring, PRECISION) !== text) return notPolyline;
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first[0] !== last[0] || first[1] !== last[1]) return fail('not-closed', `${field} must be a closed ring: its last point repeats the first`);
  if (ring.length < minCorners + 1 || ring.length > maxCorners + 1) {
    return fail('corners', `${field} must have ${minCorners} to ${maxCorners} corners (${minCorners + 1} to ${maxCorners + 1} points with the closing one)`);
  }
  if (ring.some(([lat, lng]) => !(lat >= bounds.south && lat <= bounds.north && lng >= bounds.west && lng <= bounds.east))) {
    return fail('outside-denmark', `${field} must lie inside Denmark (latitude ${bounds.south} to ${bounds.north}, longitude ${bounds.west} to ${bounds.east})`);
  }
  // GeoJSON is [lng, lat]. kinks also reports a corner repeated in a row (a zero-length edge).
  const crossings = kinks({ type: 'Polygon', coordinates: [ring.map(([lat, lng]) => [lng, lat])] });
  if (crossings.features.length > 0 || twiceArea(ring) === 0) return fail('self-intersecting', `${field} must not cross or touch itself`);
  return { value: ring };
}

/** The area as the URL writes it (the canonical encoding `readSearchArea` accepts). */
export function writeSearchArea(area: SearchArea): string {
  return polyline.encode(area as Array<[number, number]>, PRECISION);
}

/**
 * A ring of drawn corners as an area is written: each corner rounded to the polyline's precision, a
 * corner that rounds onto the one before it left out, and the ring closed. Not checked: read the
 * written text back with `readSearchArea` to know whether the drawing is an area.
 */
export function searchAreaFromCorners(corners: ReadonlyArray<readonly [number, number]>): SearchArea {
  const ring: AreaPoint[] = [];
  for (const [lat, lng] of corners) {
    const point: AreaPoint = [Math.round(lat * FACTOR) / FACTOR, Math.round(lng * FACTOR) / FACTOR];
    const previous = ring[ring.length - 1];
    if (!previous || previous[0] !== point[0] || previous[1] !== point[1]) ring.push(point);
  }
  if (ring.length > 1 && ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1]) ring.pop();
  if (ring.length > 0) ring.push(ring[0]);
  return ring;
}

/** Twice the ring's signed area, exact: on the whole 1e-5 units of the encoding. Zero: the corners lie on one line. */
function twiceArea(ring: SearchArea): number {
  let sum = 0;
  for (let i = 1; i < ring.length; i++) {
    const [y0, x0] = ring[i - 1].map((v) => Math.round(v * FACTOR));
    const [y1, x1] = ring[i].map((v) => Math.round(v * FACTOR));
    sum += x0 * y1 - x1 * y0;
  }
  return sum;
}

/** The mean Earth radius in km (WGS84's), as the spherical area below takes it. */
const EARTH_RADIUS_KM = 6_371.0088;

/**
 * About how many km² the area covers, to tell a drawn area by its size (the boligagent panel).
 * The spherical ring area of Chamberlain and Duquette (NASA JPL, 2007), which turf's `area` uses:
 * exact enough for a label, and not worth a dependency.
 */
export function searchAreaSquareKm(area: SearchArea): number {
  const rad = Math.PI / 180;
  let sum = 0;
  for (let i = 0; i < area.length - 1; i++) {
    const [lat1, lng1] = area[i];
    const [lat2, lng2] = area[i + 1];
    sum += (lng2 - lng1) * rad * (2 + Math.sin(lat1 * rad) + Math.sin(lat2 * rad));
  }
  return Math.abs((sum * EARTH_RADIUS_KM * EARTH_RADIUS_KM) / 2);
}

/** The corners a visitor drew (the ring without its closing point). */
export function searchAreaCorners(area: SearchArea): number {
  return Math.max(0, area.length - 1);
}
