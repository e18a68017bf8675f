// The baseline of `npm run bench:search`: a minimal raw fastify + pg server answering the same two
// list routes with the same SQL (the API's own statement and decoding, list-sql.mjs) and the same JSON
// shape, without Nest, Prisma, guards, validation libraries, cursors or the API's page cache.
// Started as its own process by run.mjs: node bench/search/baseline.mjs DATABASE_URL PORT
import Fastify from 'fastify';
import pg from 'pg';
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
app.get('/health', async () => ({ ok: true }));
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log(`baseline listening on ${port}`);
