// The 1,000,000-dwelling benchmark database (husly_bench on the local PostgreSQL), shared by
// bench:search and bench:pages: created, migrated and given the reference data (the real cities) by
// the app's own seed command, then 1,000,000 dwellings seeded in SQL (generate_series) unless it
// already holds them. BENCH_ADMIN_URL overrides postgresql://postgres@127.0.0.1:5432/postgres;
// BENCH_DB another database name, so that a branch with a migration can be measured on a copy
// (CREATE DATABASE x TEMPLATE husly_bench) without changing the database other branches measure on.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sleep, start } from './processes.mjs';

export const DWELLINGS = 1_000_000;
export const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
export const BENCH_DB = process.env.BENCH_DB ?? 'husly_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(BENCH_DB)) throw new Error(`BENCH_DB: not a plain database name: ${BENCH_DB}`);
export const BENCH_URL = Object.assign(new URL(ADMIN_URL), { pathname: `/${BENCH_DB}` }).toString();

/** The environment of the built API in production mode against a benchmark database (no payment is made). */
export function productionEnv(databaseUrl = BENCH_URL) {
  return {
    NODE_ENV: 'production',
    // Production refuses the test payment provider; no payment is made here.
    STRIPE_SECRET_KEY: 'sk_test_bench_unused', STRIPE_PUBLISHABLE_KEY: 'pk_test_bench_unused', STRIPE_WEBHOOK_SECRET: 'whsec_bench_unused',
    JWT_SECRET: randomBytes(48).toString('base64'),
    DATABASE_URL: databaseUrl,
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
  };
}

/**
 * Creates the database when missing, applies the migrations and reference data, and seeds the
 * dwellings unless it holds DWELLINGS of them already (`reseed` forces it).
 */
export async function prepareDatabase({ reseed = false, log = console.log } = {}) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [BENCH_DB])).rowCount > 0;
  if (!exists) await admin.query(`CREATE DATABASE ${BENCH_DB}`);
  await admin.end();

  // Migrations and reference data (cities, postal codes, aliases, offers) exactly as the app makes them.
  const dataDir = mkdtempSync(join(tmpdir(), 'husly-bench-seed-'));
  const seed = start('seed', process.execPath, ['dist/api/apps/api/src/cli/seed.command.js'], { ...productionEnv(), DATA_DIR: dataDir });
  const code = await new Promise((r) => seed.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  if (code !== 0) throw new Error(`reference seed failed (${code})`);

  const db = new pg.Client({ connectionString: BENCH_URL });
  await db.connect();
  const count = Number((await db.query('SELECT count(*) FROM dwellings')).rows[0].count);
  if (count === DWELLINGS && !reseed) {
    log(`${BENCH_DB}: reusing ${count.toLocaleString('en')} dwellings (--reseed to rebuild)`);
    // A migration that rewrote the rows (20261122055857_dwelling_list_keys backfills every dwelling)
    // leaves dead rows and a cleared visibility map: the index-only scans would visit the heap until
    // autovacuum comes by, and the numbers would measure that. On a clean table this takes seconds.
    const vacuumed = Date.now();
    await db.query('VACUUM (ANALYZE) dwellings');
    log(`${BENCH_DB}: VACUUM (ANALYZE) dwellings (${Math.round((Date.now() - vacuumed) / 1000)} s)`);
  } else {
    await seedDwellings(db, log);
  }
  await db.end();
}

async function seedDwellings(db, log) {
  const started = Date.now();
  log(`${BENCH_DB}: seeding ${DWELLINGS.toLocaleString('en')} dwellings ...`);
  await db.query(`SET synchronous_commit = off; SET maintenance_work_mem = '512MB'; SET work_mem = '64MB'`);
  await db.query('TRUNCATE contact_fetches, boligagent_deliveries, notification_logs, dwelling_images, dwellings, landlords RESTART IDENTITY CASCADE');
  await db.query(`INSERT INTO landlords (external_id, name, email, phone, type, updated_at)
    SELECT 'bench-landlord-' || g, 'Udlejer ' || g, 'udlejer' || g || '@bench.husly.test', '+45 ' || (20000000 + g), 'PRIVATE', now()
    FROM generate_series(1, 20000) g`);
  // Cities by population with every active city at least a little, and København capped at ~20 %
  // (the largest city page then holds ~200,000 rows, as in the schema's measurements).
  await db.query(`CREATE TEMP TABLE slots AS
    WITH w AS (SELECT id, greatest(coalesce(population, 0), 300)::float8 AS w FROM cities WHERE active),
         capped AS (SELECT id, least(w, (SELECT sum(w) FROM w) * 0.25) AS w FROM w),
         norm AS (SELECT id, greatest(1, round(w / (SELECT sum(w) FROM capped) * 20000))::int AS n FROM capped)
    SELECT row_number() OVER () AS slot, id AS city_id FROM norm, generate_series(1, n)`);
  const slots = Number((await db.query('SELECT count(*) FROM slots')).rows[0].count);
  await db.query(`CREATE TEMP TABLE city_zip AS
    SELECT city_id, array_agg(zip ORDER BY zip) AS zips FROM postal_codes GROUP BY city_id`);
  // Newest first in insertion order (ids grow with age), 90 days back; ~8 % rented since created.
  // The list's image keys are written here already, as the images below will have them: the trigger
  // on dwelling_images then finds every dwelling right and rewrites none (no 1M-row update).
  await db.query(
    `INSERT INTO dwellings (id, external_id, source, headline, teaser, description, rent, rooms, size, pets, street, zip, city_id,
       lat, lng, status, facts, landlord_id, created_at, updated_at, deleted_at, list_blurred_keys, list_full_keys,
       monthly_cost, move_in_cost, dwelling_type, lease_months, available_from)
     SELECT g, 'bench-' || g, 'bench',
       r.rooms || '-værelses lejlighed på ' || r.size || ' m²',
       'Lys og rummelig bolig med ' || r.rooms || ' værelser, tæt på indkøb og offentlig transport.',
       repeat('Beskrivelse af boligen. ', 20),
       r.rent, r.rooms, r.size, CASE WHEN g % 3 = 0 THEN 1 ELSE -1 END,
       'Benchgade ' || (g % 200 + 1), cz.zips[1 + (g % array_length(cz.zips, 1))], s.city_id,
       55.5 + random() * 2, 9 + random() * 3, 1, '{"deposit": 30000}'::jsonb, 1 + (g % 20000),
       r.created_at, r.created_at,
       CASE WHEN random() < 0.08 THEN r.created_at + random() * (now() - r.created_at) END,
       ARRAY[md5('blur' || g || '-0'), md5('blur' || g || '-1')], ARRAY[md5('full' || g || '-0'), md5('full' || g || '-1')],
       -- Issue 15's derived columns (docs/decisions/0013), as deriveDwellingColumns would give for
       -- such rows: rent plus a few expenses, the deposit plus the first month, a spread of types,
       -- leases and move-in days.
       r.rent + (g % 7) * 150, 30000 + r.rent + (g % 7) * 150,
       (ARRAY['apartment', 'apartment', 'apartment', 'room', 'townhouse', 'villa'])[1 + g % 6],
       (ARRAY[0, 0, 0, 12, 24, 6])[1 + (g / 6) % 6], (r.created_at + (g % 90) * interval '1 day')::date
     FROM generate_series(1, $1::int) g
     CROSS JOIN LATERAL (SELECT 1 + floor(power(random(), 1.3) * 5)::int AS rooms,
                                now() - (g::float8 / $1::int) * interval '90 days' - random() * interval '5 minutes' AS created_at,
                                1 + floor(random() * $2::int)::int AS slot) x
     CROSS JOIN LATERAL (SELECT x.rooms, x.created_at, 20 + x.rooms * 18 + floor(random() * 30)::int AS size) y
     CROSS JOIN LATERAL (SELECT y.rooms, y.size, y.created_at,
                                (round((1000 + y.size * (75 + random() * 70)) / 100) * 100)::int AS rent) r
     JOIN slots s ON s.slot = x.slot
     LEFT JOIN city_zip cz ON cz.city_id = s.city_id`,
    [DWELLINGS, slots],
  );
  await db.query(`SELECT setval('dwellings_id_seq', $1::int)`, [DWELLINGS]);
  log(`  dwellings inserted (${Math.round((Date.now() - started) / 1000)} s)`);
  await db.query(`INSERT INTO dwelling_images (dwelling_id, position, full_key, blurred_key, width, height)
    SELECT d.id, p, md5('full' || d.id || '-' || p), md5('blur' || d.id || '-' || p), 1024, 768
    FROM dwellings d CROSS JOIN generate_series(0, 1) p`);
  log(`  images inserted (${Math.round((Date.now() - started) / 1000)} s)`);
  await db.query('VACUUM (ANALYZE) dwellings');
  await db.query('VACUUM (ANALYZE) dwelling_images');
  await db.query('ANALYZE');
  log(`  seeded in ${Math.round((Date.now() - started) / 1000)} s`);
}

/**
 * Waits until the API answers lists from its snapshot, as a running portal does: at once since a web
 * process loads it before it listens (docs/decisions/0068); an older build loads it after its first list.
 */
export async function warmMemory(url, slug) {
  const started = Date.now();
  for (let i = 0; Date.now() - started < 120_000; i++) {
    const res = await fetch(`${url}/api/dwellings/area/${slug}?size=${11 + i}`);
    await res.arrayBuffer();
    if (res.headers.get('x-list-source') === 'memory') return Date.now() - started;
    await sleep(250);
  }
  return null;
}
