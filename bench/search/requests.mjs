// bench:search's list workload (run.mjs, tail.mjs): the cities with their dwellings, and random
// realistic /search and /area requests over them.
import pg from 'pg';
import { BENCH_URL } from '../shared/bench-database.mjs';

export async function loadPlaces() {
  const db = new pg.Client({ connectionString: BENCH_URL });
  await db.connect();
  const { rows } = await db.query(`SELECT c.id, c.slug, c.label, count(d.id)::int AS n,
      (SELECT min(zip) FROM postal_codes p WHERE p.city_id = c.id) AS zip
    FROM cities c JOIN dwellings d ON d.city_id = c.id WHERE c.active GROUP BY c.id ORDER BY n DESC`);
  await db.end();
  return rows;
}

/**
 * Cities weighted by their number of dwellings (people search where the dwellings are); `random` in
 * [0, 1). `sorts`: half of the lists in one of the orders the filters offer (bench:follow, issue 35).
 */
export function requestPicker(places, random = Math.random, { sorts = false } = {}) {
  const total = places.reduce((s, p) => s + p.n, 0);
  const pick = () => {
    let r = random() * total;
    for (const p of places) if ((r -= p.n) < 0) return p;
    return places[0];
  };
  const filters = randomFilters(random);
  return () => {
    const place = pick();
    const params = filters();
    if (sorts && random() < 0.5) params.set('sort', SORTS[Math.floor(random() * SORTS.length)]);
    if (random() < 0.5) {
      const q = [place.label, place.slug, place.zip].filter(Boolean)[Math.floor(random() * 3)] ?? place.slug;
      params.set('q', q);
      return `/api/dwellings/search?${params}`;
    }
    const qs = params.toString();
    return `/api/dwellings/area/${place.slug}${qs ? `?${qs}` : ''}`;
  };
}

const SORTS = ['rent', 'size', 'rent-per-m2'];

/** The random filters of the list workload (rent, rooms, size, a later page); `random` in [0, 1). */
export function randomFilters(random = Math.random) {
  const maybe = (chance, values) => (random() < chance ? values[Math.floor(random() * values.length)] : undefined);
  return () => {
    const params = new URLSearchParams();
    const rent = maybe(0.5, [5000, 6000, 7000, 8000, 9000, 10000, 12000]);
    const rooms = maybe(0.4, [2, 3, 4]);
    const size = maybe(0.3, [40, 50, 60, 80, 100]);
    const start = maybe(0.1, [150, 300]);
    if (rent) params.set('rent', rent);
    if (rooms) params.set('rooms', rooms);
    if (size) params.set('size', size);
    if (start) params.set('start', start);
    return params;
  };
}

/**
 * One list with the list workload's random filters: `path` is a city's list (/area/{slug}) or an
 * area search (/search?area=…), so the two are loaded with the same mix (issue 34).
 */
export function oneListPicker(path, random = Math.random) {
  const filters = randomFilters(random);
  return () => {
    const qs = filters().toString();
    if (!qs) return path;
    return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
  };
}

/**
 * The web's circle (issue 34): 32 corners around a centre, radius in degrees of latitude (a degree of
 * longitude is ~0.57 of one at 56° N), rounded to the polyline's 1e-5 and closed, as `area` encodes it.
 */
export function circleArea(lat, lng, radius, corners = 32) {
  const ring = Array.from({ length: corners }, (_, i) => {
    const a = (2 * Math.PI * i) / corners;
    return [Math.round((lat + radius * Math.sin(a)) * 1e5) / 1e5, Math.round((lng + (radius * Math.cos(a)) / 0.57) * 1e5) / 1e5];
  });
  return [...ring, ring[0]];
}

/** A seeded [0, 1) generator, for the same sequence of requests in two runs. */
export function seededRandom(seed = 42) {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}
