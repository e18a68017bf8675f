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

/** Cities weighted by their number of dwellings (people search where the dwellings are). */
export function requestPicker(places) {
  const total = places.reduce((s, p) => s + p.n, 0);
  const pick = () => {
    let r = Math.random() * total;
    for (const p of places) if ((r -= p.n) < 0) return p;
    return places[0];
  };
  const maybe = (chance, values) => (Math.random() < chance ? values[Math.floor(Math.random() * values.length)] : undefined);
  return () => {
    const place = pick();
    const params = new URLSearchParams();
    const rent = maybe(0.5, [5000, 6000, 7000, 8000, 9000, 10000, 12000]);
    const rooms = maybe(0.4, [2, 3, 4]);
    const size = maybe(0.3, [40, 50, 60, 80, 100]);
    const start = maybe(0.1, [150, 300]);
    if (rent) params.set('rent', rent);
    if (rooms) params.set('rooms', rooms);
    if (size) params.set('size', size);
    if (start) params.set('start', start);
    if (Math.random() < 0.5) {
      const q = [place.label, place.slug, place.zip].filter(Boolean)[Math.floor(Math.random() * 3)] ?? place.slug;
      params.set('q', q);
      return `/api/dwellings/search?${params}`;
    }
    const qs = params.toString();
    return `/api/dwellings/area/${place.slug}${qs ? `?${qs}` : ''}`;
  };
}
