// npm run bench:search [-- --reseed] [-- --duration 10] [-- --seed-only] [-- --filters]
// (--filters: also issue 15's filters and orders, docs/decisions/0013; needs the migration that added their columns)
//
// 1. Creates the database husly_bench on the local PostgreSQL (BENCH_ADMIN_URL overrides
//    postgresql://postgres@127.0.0.1:5432/postgres), applies the migrations and the reference data
//    (the real cities), and seeds 1,000,000 dwellings in SQL (generate_series) unless it already
//    holds them (--reseed forces it): bench/shared/bench-database.mjs, which bench:pages uses too.
// 2. Starts the built Husly API (NODE_ENV=production, LOG_LEVEL=warn) and the raw fastify + pg
//    baseline (baseline.mjs) against it, one process each.
// 3. Loads /api/dwellings/search and /api/dwellings/area/{slug} with random realistic filters: with
//    autocannon at saturation (req/s), and at a fixed 500 req/s (p50/p99) arriving evenly, open loop
//    (arrival-rate.mjs, as k6's constant-arrival-rate: autocannon's own -R sends each second's quota
//    in a burst at its start, docs/decisions/0004), for both servers, with the CPU per request of the
//    server, PostgreSQL and the load generator, and where the API's pages came from. autocannon -R 500
//    runs too, for comparison with the earlier figures.
// 4. Prints EXPLAIN (ANALYZE, BUFFERS) of a first page and of a deep page, and the latency of
//    walking 200 pages through the API, to show deep pages do not degrade linearly.
// Not part of `npm test`: it takes a few minutes and the whole machine.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_URL, prepareDatabase, productionEnv, warmMemory } from '../shared/bench-database.mjs';
import { freePort, start, stopAll, waitFor } from '../shared/processes.mjs';
import { constantArrivalRate } from './arrival-rate.mjs';
import { LIST_QUERY_OPTIONS, decodeListRows, listSql } from './list-sql.mjs';

const args = process.argv.slice(2);
const RESEED = args.includes('--reseed');
const DURATION = Number(args[args.indexOf('--duration') + 1]) || 10;
const DAY = 86_400_000;
const log = (...a) => console.log(...a);

// --- 2. realistic requests -----------------------------------------------------------------------

async function loadPlaces() {
  const db = new pg.Client({ connectionString: BENCH_URL });
  await db.connect();
  const { rows } = await db.query(`SELECT c.id, c.slug, c.label, count(d.id)::int AS n,
      (SELECT min(zip) FROM postal_codes p WHERE p.city_id = c.id) AS zip
    FROM cities c JOIN dwellings d ON d.city_id = c.id WHERE c.active GROUP BY c.id ORDER BY n DESC`);
  await db.end();
  return rows;
}

/** Cities weighted by their number of dwellings (people search where the dwellings are). */
function requestPicker(places) {
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

/** Where the API's pages came from: X-Cache hit, else X-List-Source memory or database (the baseline sends neither). */
function sourceCounter() {
  const counts = { hit: 0, memory: 0, database: 0 };
  const count = (headers) => {
    if (headers['x-cache'] === 'hit') counts.hit++;
    else if (headers['x-list-source'] === 'memory' || headers['x-list-source'] === 'database') counts[headers['x-list-source']]++;
  };
  return { counts, count };
}

function load(url, nextPath, options) {
  return new Promise((resolve, reject) => {
    const sources = sourceCounter();
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: options.duration,
        overallRate: options.rate,
        requests: [{ setupRequest: (req) => ({ ...req, path: nextPath() }), onResponse: (status, body, context, headers) => sources.count(headers) }],
      },
      (error, result) => (error ? reject(error) : resolve({ ...result, sources: sources.counts })),
    );
    instance.on('error', reject);
  });
}

/** 500 req/s arriving evenly (open loop; latency from each request's due time). */
async function steady(url, nextPath, rate, duration) {
  const sources = sourceCounter();
  const result = await constantArrivalRate({ url, nextPath, rate, duration, onResponse: (status, headers) => sources.count(headers) });
  return { ...result, sources: sources.counts };
}

// Where a request's CPU goes (Linux /proc): the server process, every PostgreSQL process (the other
// work on the machine is counted there too), and this process (the load generator).
const TICKS = 100; // USER_HZ
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0; // gone meanwhile
  }
}
function cpuSnapshot(server) {
  if (!existsSync('/proc/self/stat')) return null;
  // Per process: backends come and go (pools close idle connections), and one that has gone must
  // not take its earlier CPU out of the sum.
  const postgres = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') postgres.set(pid, cpuSeconds(pid));
    } catch {
      /* gone meanwhile */
    }
  }
  const own = process.cpuUsage();
  return { server: cpuSeconds(server.pid), postgres, generator: (own.user + own.system) / 1e6 };
}
function cpuPerRequest(before, after, requests) {
  if (!before || !after) return null;
  let postgres = 0;
  for (const [pid, seconds] of after.postgres) postgres += seconds - (before.postgres.get(pid) ?? 0);
  const ms = (seconds) => (seconds / requests) * 1000;
  return { server: ms(after.server - before.server), postgres: ms(postgres), generator: ms(after.generator - before.generator) };
}

const shares = (sources) => {
  const all = sources.hit + sources.memory + sources.database;
  return all ? `${[['hit', sources.hit], ['memory', sources.memory], ['database', sources.database]].map(([k, v]) => `${k} ${Math.round((v / all) * 100)} %`).join(', ')}` : null;
};

async function measure(name, url, nextPath, server) {
  await load(url, nextPath, { connections: 10, duration: 3 }); // warm-up: caches, JIT, pool
  const c0 = cpuSnapshot(server);
  const saturation = await load(url, nextPath, { connections: 16, duration: DURATION });
  const c1 = cpuSnapshot(server);
  const fixed = await steady(url, nextPath, 500, DURATION);
  const c2 = cpuSnapshot(server);
  const bursts = await load(url, nextPath, { connections: 32, duration: DURATION, rate: 500 });
  const bad = (r) => r.non2xx + r.errors + r.timeouts;
  return {
    name,
    rps: saturation.requests.average,
    satP50: saturation.latency.p50,
    satP99: saturation.latency.p99,
    fixedRps: fixed.requests.average,
    p50: fixed.latency.p50,
    p99: fixed.latency.p99,
    burstRps: bursts.requests.average,
    burstP50: bursts.latency.p50,
    burstP99: bursts.latency.p99,
    failures: bad(saturation) + bad(fixed) + bad(bursts),
    satCpu: cpuPerRequest(c0, c1, saturation.requests.total),
    fixedCpu: cpuPerRequest(c1, c2, fixed.requests.total),
    satSources: shares(saturation.sources),
    fixedSources: shares(fixed.sources),
  };
}

// --- 4. plans ------------------------------------------------------------------------------------

async function explain(places) {
  const db = new pg.Client({ connectionString: BENCH_URL });
  await db.connect();
  const biggest = places[0];
  const rentedSince = new Date(Date.now() - 14 * DAY);
  const plan = async (title, filter, seek) => {
    const { text, values } = listSql(filter, seek, 150);
    await db.query({ text, values }); // warm
    const rows = (await db.query({ text: `EXPLAIN (ANALYZE, BUFFERS) ${text}`, values })).rows.map((r) => r['QUERY PLAN']);
    // The DB time: median Execution Time of 15 runs without per-node timing (its clock calls inflate
    // plans with many small nodes several-fold; the plan above keeps them to show where time goes).
    const times = [];
    for (let i = 0; i < 15; i++) {
      const off = (await db.query({ text: `EXPLAIN (ANALYZE, TIMING OFF) ${text}`, values })).rows.map((r) => r['QUERY PLAN']).join('\n');
      times.push(Number(/Execution Time: ([\d.]+)/.exec(off)?.[1]));
    }
    const time = times.sort((a, b) => a - b)[7];
    const seq = rows.some((r) => /Seq Scan on dwellings/.test(r));
    log(`\n--- ${title}\n${rows.join('\n')}`);
    return { title, time, seq };
  };
  const results = [];
  const filter = { cityId: biggest.id, rent: 9000, rooms: 2, rentedSince };
  results.push(await plan(`first page: ${biggest.slug} (${biggest.n.toLocaleString('en')} dwellings), rent <= 9000, rooms >= 2`, filter, { after: null, skip: 0 }));
  results.push(await plan(`first page: ${biggest.slug}, no filters`, { cityId: biggest.id, rentedSince }, { after: null, skip: 0 }));
  // The row just before offset 30,000 of the whole city list: where the API's remembered "next page" starts.
  const deep = { cityId: biggest.id, rentedSince };
  const { dwellings: [boundary] } = decodeListRows((await db.query({ ...listSql(deep, { after: null, skip: 29_999 }, 1), ...LIST_QUERY_OPTIONS })).rows);
  results.push(await plan(`deep page: ${biggest.slug} at start=30000 as the API serves it (keyset after the previous page)`, deep, { after: { createdAt: boundary.createdAt, id: boundary.id }, skip: 0 }));
  results.push(await plan(`deep page: ${biggest.slug} at start=30000 by plain OFFSET (what a cold jump costs)`, deep, { after: null, skip: 30_000 }));
  // Issue 15 (docs/decisions/0013): the extra filters and orders as the statement runs them. Memory
  // answers them while it is current; the statement only after a commit, until memory reloads.
  if (args.includes('--filters')) {
    const city = { cityId: biggest.id, rentedSince };
    results.push(await plan(`issue 15: ${biggest.slug}, sorted by rent per m² (no filters)`, { ...city, sort: 'rent-per-m2' }, { after: null, skip: 0 }));
    results.push(await plan(`issue 15: ${biggest.slug}, sorted by rent, rent <= 9000`, { ...city, rent: 9000, sort: 'rent' }, { after: null, skip: 0 }));
    results.push(await plan(`issue 15: ${biggest.slug}, pets, apartment, monthly <= 9000, newest`, { ...city, pets: true, dwellingType: 'apartment', monthly: 9000 }, { after: null, skip: 0 }));
    results.push(await plan(`issue 15: ${biggest.slug}, timeframe gt1y, move in by today + 30 days, newest`, { ...city, timeframe: 'gt1y', availableBy: new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10) }, { after: null, skip: 0 }));
  }
  await db.end();
  return results;
}

async function walkPages(url, slug) {
  // The "næste" link 200 times: each page continues after the previous one.
  const times = [];
  for (let page = 0; page < 200; page++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/dwellings/area/${slug}?start=${page * 150}`);
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  const avg = (a) => a.reduce((s, x) => s + x, 0) / a.length;
  const cold = performance.now();
  await (await fetch(`${url}/api/dwellings/area/${slug}?size=11&start=29850`)).arrayBuffer();
  return { first10: avg(times.slice(0, 10)), last10: avg(times.slice(-10)), coldJump: performance.now() - cold };
}

/**
 * Issue 15: one client, 300 requests with random extra filters and orders over the cities (a random
 * monthly maximum keeps most of them out of the page cache): latency and where the pages came from.
 * The first sorted request of a city sorts the city once per snapshot (measured apart, København).
 */
async function filteredRequests(url, places) {
  const cold = performance.now();
  await (await fetch(`${url}/api/dwellings/area/${places[0].slug}?sort=rent-per-m2`)).arrayBuffer();
  const firstSort = performance.now() - cold;
  const pick = (values) => values[Math.floor(Math.random() * values.length)];
  const total = places.reduce((sum, p) => sum + p.n, 0);
  const place = () => {
    let r = Math.random() * total;
    for (const p of places) if ((r -= p.n) < 0) return p;
    return places[0];
  };
  const times = [];
  const sources = sourceCounter();
  for (let i = 0; i < 300; i++) {
    const params = new URLSearchParams();
    params.set('monthly', String(5000 + Math.floor(Math.random() * 10_000)));
    const sort = pick([null, 'rent', 'size', 'rent-per-m2']);
    if (sort) params.set('sort', sort);
    if (Math.random() < 0.3) params.set('pets', '1');
    if (Math.random() < 0.3) params.set('type', pick(['apartment', 'room', 'townhouse', 'villa']));
    if (Math.random() < 0.3) params.set('timeframe', pick(['nolimit', 'gt1y', 'lt1y']));
    if (Math.random() < 0.3) params.set('rooms', pick(['2', '3']));
    const t0 = performance.now();
    const res = await fetch(`${url}/api/dwellings/area/${place().slug}?${params}`);
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    sources.count(Object.fromEntries(res.headers));
  }
  times.sort((a, b) => a - b);
  return { firstSort, p50: times[150], p99: times[296], sources: shares(sources.counts) };
}

// --- main ----------------------------------------------------------------------------------------

async function main() {
  await prepareDatabase({ reseed: RESEED, log });
  if (args.includes('--seed-only')) return;
  const places = await loadPlaces();
  const nextPath = requestPicker(places);

  const huslyPort = await freePort();
  const baselinePort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'husly-bench-'));
  const husly = start('husly', process.execPath, ['dist/api/apps/api/src/main.js'], {
    ...productionEnv(),
    DATA_DIR: dataDir,
    PORT: String(huslyPort),
    HOST: '127.0.0.1',
    APP_ROLE: 'web',
    DB_POOL_SIZE: '10',
  });
  const baseline = start('baseline', process.execPath, ['bench/search/baseline.mjs', BENCH_URL, String(baselinePort)], {});
  const huslyUrl = `http://127.0.0.1:${huslyPort}`;
  const baselineUrl = `http://127.0.0.1:${baselinePort}`;
  try {
    await Promise.all([waitFor(`${huslyUrl}/api/health`, husly), waitFor(`${baselineUrl}/health`, baseline)]);
    const warmed = await warmMemory(huslyUrl, places[0].slug);
    log(`\nHusly list snapshot loaded ${warmed === null ? 'NOT within 120 s' : `after ${(warmed / 1000).toFixed(1)} s`} (first list request to the first page from memory)`);
    log(
      `load: ${DURATION} s at saturation (autocannon, 16 connections), ${DURATION} s at 500 req/s arriving evenly (open loop), ` +
        `${DURATION} s of autocannon -R 500 (32 connections, per-second bursts); random cities/filters, /search and /area`,
    );
    const b = await measure('baseline (fastify + pg)', baselineUrl, nextPath, baseline);
    const h = await measure('Husly API', huslyUrl, nextPath, husly);
    const plans = await explain(places);
    const walk = await walkPages(huslyUrl, places[0].slug);
    const filtered = args.includes('--filters') ? await filteredRequests(huslyUrl, places) : null;

    const f = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');
    log('\n| server | req/s at saturation | p50 / p99 at saturation (ms) | 500 req/s evenly: achieved | p50 (ms) | p99 (ms) | autocannon -R 500: req/s, p50 / p99 (ms) | failures |');
    log('|---|---|---|---|---|---|---|---|');
    for (const r of [b, h]) {
      log(`| ${r.name} | ${f(r.rps, 0)} | ${r.satP50} / ${r.satP99} | ${f(r.fixedRps, 0)} | ${f(r.p50, 2)} | ${f(r.p99, 2)} | ${f(r.burstRps, 0)}, ${r.burstP50} / ${r.burstP99} | ${r.failures} |`);
    }
    if (b.satCpu && h.satCpu) {
      log('\nCPU per request (ms; PostgreSQL counts every postgres process, the load generator is this process):');
      log('| server | phase | server process | PostgreSQL | load generator | total |');
      log('|---|---|---|---|---|---|');
      for (const r of [b, h]) {
        for (const [phase, c] of [['saturation', r.satCpu], ['500 req/s', r.fixedCpu]]) {
          log(`| ${r.name} | ${phase} | ${f(c.server, 2)} | ${f(c.postgres, 2)} | ${f(c.generator, 2)} | ${f(c.server + c.postgres + c.generator, 2)} |`);
        }
      }
    }
    if (h.satSources) log(`\nHusly pages from the page cache / memory / database: ${h.satSources} at saturation; ${h.fixedSources} at 500 req/s`);
    const ratio = h.rps / b.rps;
    log(`\nHusly / baseline throughput: ${(ratio * 100).toFixed(0)} % (target >= 60 %)  ${ratio >= 0.6 ? 'OK' : 'MISSED'}`);
    log(`Husly p99 at 500 req/s (arriving evenly): ${f(h.p99, 2)} ms (target < 25 ms)  ${h.p99 < 25 && h.fixedRps >= 495 ? 'OK' : 'MISSED'}`);
    for (const p of plans) log(`DB time, ${p.title}: ${f(p.time, 2)} ms${p.seq ? '  SEQUENTIAL SCAN' : ', no sequential scan'}`);
    log(`First-page DB time: ${f(plans[0].time, 2)} ms (target <= 2 ms)  ${plans[0].time <= 2 ? 'OK' : 'MISSED'}`);
    log(
      `Walking 200 pages through the API (/area/${places[0].slug}, no filters): pages 1-10 ${f(walk.first10)} ms, ` +
        `pages 191-200 ${f(walk.last10)} ms each; a cold jump to start=29850: ${f(walk.coldJump)} ms`,
    );
    if (filtered) {
      log(
        `Issue 15 filters and orders through the API (one client, 300 random requests): p50 ${f(filtered.p50, 2)} ms, p99 ${f(filtered.p99, 2)} ms ` +
          `(${filtered.sources}); the first sorted request of ${places[0].slug} (sorts the city once per snapshot): ${f(filtered.firstSort)} ms`,
      );
    }
  } finally {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch(async (error) => {
  console.error('bench:search failed:', error);
  await stopAll();
  process.exit(1);
});
