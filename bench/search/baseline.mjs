// The baseline of `npm run bench:search`: a minimal raw fastify + pg server answering the same two
// list routes with the same SQL (the API's own statement and decoding, list-sql.mjs) and the same JSON
// shape, without Nest, Prisma, guards, validation libraries, cursors or the API's page cache; and a
// dwelling by id (/api/dwellings/{id}) as a visitor sees it, in the API's JSON shape field for field
// (run.mjs compares the two servers' answers before it loads them).
// Raw: it never compresses (no Accept-Encoding is honoured), whatever the client asks.
// Started as its own process by run.mjs: node bench/search/baseline.mjs DATABASE_URL PORT
import Fastify from 'fastify';
import pg from 'pg';
import constants from '../../dist/api/libs/domain/src/constants.js';
import fairRentRules from '../../dist/api/libs/domain/src/fair-rent.js';
import { COUNT_CAP, LIST_QUERY_OPTIONS, decodeListRows, listSql } from './list-sql.mjs';

const [databaseUrl, port] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const DAY = 86_400_000;

const places = new Map();
const labels = new Map();
const zipNames = new Map((await pool.query('SELECT zip, name FROM postal_codes')).rows.map((r) => [r.zip, r.name]));
for (const row of (await pool.query('SELECT c.id, c.slug, c.label, c.active FROM cities c')).rows) {
  labels.set(row.id, row.label);
  places.set(row.slug, row);
  places.set(row.label.toLowerCase(), row);
}
for (const row of (await pool.query('SELECT a.alias, c.id, c.slug, c.label, c.active FROM city_aliases a JOIN cities c ON c.id = a.city_id')).rows) {
  if (!places.has(row.alias)) places.set(row.alias, row);
}

const int = (v) => (v === undefined || v === '' ? undefined : /^\d+$/.test(v) ? Number(v) : NaN);
const media = (key) => `/media/dwellings/${key}.jpg`;

async function list(cityId, query, reply) {
  const rent = int(query.rent);
  const rooms = int(query.rooms);
  const size = int(query.size);
  const start = int(query.start) ?? 0;
  if ([rent, rooms, size, start].some((n) => Number.isNaN(n))) return reply.code(400).send({ statusCode: 400, message: 'bad integer' });
  const filter = {
    cityId,
    rent: rent === 14000 ? undefined : rent,
    rooms: rooms === 1 ? undefined : rooms,
    size: size === 10 ? undefined : size,
    rentedSince: new Date(Date.now() - 14 * DAY),
  };
  const { rows } = await pool.query({ ...listSql(filter, { after: null, skip: start }, 150), ...LIST_QUERY_OPTIONS });
  const { total, dwellings } = decodeListRows(rows);
  const data = dwellings.map((d) => ({
    dwellingId: String(d.id),
    headline: d.headline,
    teaser: d.teaser,
    rent: d.rent,
    rooms: d.rooms,
    size: d.size,
    city: (d.zip && zipNames.get(d.zip)) || labels.get(d.cityId) || '',
    street: d.street,
    lat: d.lat,
    lng: d.lng,
    image: d.imageKeys.length ? media(d.imageKeys[0]) : null,
    images: d.imageKeys.map(media),
    createdAt: d.createdAt.toISOString(),
    deletedAt: d.deletedAt ? d.deletedAt.toISOString() : null,
  }));
  return { data, meta: { total, start, pageSize: 150, capped: total >= start + Math.max(150, COUNT_CAP) } };
}

// --- a dwelling by id -----------------------------------------------------------------------------
// What a plain by-id endpoint does: one statement with the joins (city, postal name, the images in
// position order from dwelling_images) and the mapping to the API's JSON, for a visitor (no login:
// no description, blurred images, subscribed false). The one thing kept between requests is the
// fair-rent median per city and size band, for 10 minutes as the API keeps it: the hint is defined
// on it (docs/decisions/0013), and reading a city's median per request (tens of ms in København)
// would make this a straw man. No response is cached. Its statement is not prepared (a plain
// endpoint's way: PostgreSQL plans it on every call, ~0.45 ms of its CPU here); the API prepares its
// own (dwelling-list.reader.ts), which is part of what is measured.
const { DWELLING_FACT_KEYS, DWELLING_STATUS } = constants;
const { fairRentHint, sizeBandOf } = fairRentRules;
const FAIR_RENT_TTL_MS = 10 * 60_000;
const DETAIL_SQL = `SELECT d.id, d.headline, d.teaser, d.remarks, d.rent, d.rooms, d.size, d.pets, d.economy, d.available,
    d.timeframe, d.street, d.zip, d.city_id, d.lat, d.lng, d.status, d.facts,
    (extract(epoch FROM d.deleted_at) * 1000)::float8 AS deleted_ms, d.monthly_cost, d.move_in_cost,
    c.slug AS city_slug, c.label AS city_label, p.name AS postal_name,
    ARRAY(SELECT i.blurred_key FROM dwelling_images i WHERE i.dwelling_id = d.id ORDER BY i.position) AS images
  FROM dwellings d JOIN cities c ON c.id = d.city_id LEFT JOIN postal_codes p ON p.zip = d.zip
  WHERE d.id = $1`;
const MEDIAN_SQL = `SELECT count(*)::int AS count, percentile_cont(0.5) WITHIN GROUP (ORDER BY d.rent::float8 / d.size) AS median
  FROM dwellings d WHERE d.city_id = $1 AND d.deleted_at IS NULL AND d.rent > 0 AND d.size >= $2 AND ($3::int IS NULL OR d.size < $3)`;
const medians = new Map();
const notFound = (reply) => reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Boligen findes ikke', code: 'dwelling-not-found' });

async function fairRent(d) {
  const band = sizeBandOf(d.size);
  if (band === null || !(d.rent > 0)) return null;
  const key = `${d.city_id}:${band.min}`;
  let cached = medians.get(key);
  if (!cached || Date.now() - cached.at >= FAIR_RENT_TTL_MS) {
    const value = pool.query(MEDIAN_SQL, [d.city_id, band.min, band.max]).then(({ rows }) => ({ count: rows[0].count, medianPerM2: rows[0].median }));
    cached = { at: Date.now(), value };
    medians.set(key, cached);
    value.catch(() => medians.delete(key));
  }
  const hint = fairRentHint(d, await cached.value);
  return hint && { ...hint, city: d.city_label };
}

async function detail(request, reply) {
  const id = /^\d{1,10}$/.test(request.params.id) ? Number(request.params.id) : NaN;
  if (!(id >= 1 && id <= 2_147_483_647)) return notFound(reply);
  const { rows } = await pool.query(DETAIL_SQL, [id]);
  const d = rows[0];
  if (!d || d.status === DWELLING_STATUS.notFound) return notFound(reply);
  const facts = {};
  for (const key of DWELLING_FACT_KEYS) {
    const value = d.facts?.[key];
    if (typeof value === 'number' || typeof value === 'string' || value === null) facts[key] = value;
    else if (Array.isArray(value)) facts[key] = value.map(String);
  }
  reply.header('cache-control', 'private, no-cache');
  return {
    dwellingId: String(d.id),
    headline: d.headline,
    teaser: d.teaser,
    description: null,
    remarks: d.remarks,
    rent: d.rent,
    rooms: d.rooms,
    size: d.size,
    pets: d.pets === 1 ? 1 : d.pets === -1 ? -1 : null,
    economy: d.economy,
    available: d.available,
    timeframe: d.timeframe,
    location: { street: d.street, city: d.postal_name ?? d.city_label, zip: d.zip && /^\d{4}$/.test(d.zip) ? d.zip : null, citySlug: d.city_slug },
    geolocation: d.lat !== null && d.lng !== null ? { lat: d.lat, lng: d.lng } : null,
    images: d.images.map(media),
    facts,
    status: d.status,
    deletedAt: d.deleted_ms === null ? null : new Date(Math.round(d.deleted_ms)).toISOString(),
    subscribed: false,
    costs: { monthly: d.monthly_cost, moveIn: d.move_in_cost },
    fairRent: await fairRent(d),
  };
}

const app = Fastify({ logger: false });
app.get('/api/dwellings/search', async (request, reply) => {
  const q = String(request.query.q ?? '').trim();
  if (q.length < 2) return reply.code(400).send({ statusCode: 400, message: 'Søgeord skal indeholde mere end to tegn' });
  const place = places.get(q.toLowerCase());
  if (!place || !place.active) return { data: [], meta: { total: 0, start: 0, pageSize: 150 } };
  return list(place.id, request.query, reply);
});
app.get('/api/dwellings/area/:slug', async (request, reply) => {
  const place = places.get(request.params.slug);
  if (!place || !place.active || place.slug !== request.params.slug) return reply.code(404).send({ statusCode: 404, message: 'Ukendt by' });
  return list(place.id, request.query, reply);
});
app.get('/api/dwellings/:id', detail);
app.get('/health', async () => ({ ok: true }));
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log(`baseline listening on ${port}`);
