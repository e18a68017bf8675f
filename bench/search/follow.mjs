// npm run bench:follow [-- --minutes 30] [-- --changes 1000] [-- --deltas 5] [-- --duration 10]
//
// Issue 35: do the web process's lists follow writes incrementally, and do they stay fast while they do?
// 1. The 1,000,000-dwelling database (bench/shared/bench-database.mjs, as bench:search).
// 2. Starts the built API (production, APP_ROLE=web) and measures, on its process alone (/proc):
//    - the full load of the list snapshot: CPU from the first list request until a list answers from
//      memory (what every process paid after every write before the change log);
//    - --deltas times: one transaction changes --changes random listable dwellings (rents moved, a tenth
//      rented, a tenth listed anew), then the next list request must answer from memory at the new version;
//      the CPU from the commit until then, less the process's idle CPU for as long.
//    The ratio of the two is the target's (≤ 5 %).
// 3. A feed every minute: the lists workload of bench:search with the sorts in the mix (rent, size,
//    rent per m², newest) at half of the server's own saturation rate, arriving evenly, for --minutes;
//    every minute a transaction changes --changes dwellings as in 2. Prints per minute the list p99 and
//    the share answered from memory, and the server's RSS every 10 s (flat is the target).
// The changes are SQL in one transaction per batch, as the feed import writes them (a multi-row write
// the triggers see as one statement per table); no mail job runs here.
// Not part of `npm test`: it takes the whole machine for --minutes.
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_URL, prepareDatabase, productionEnv, warmMemory } from '../shared/bench-database.mjs';
import { cpuSeconds, freePort, sleep, start, stopAll, waitFor } from '../shared/processes.mjs';
import { constantArrivalRate } from './arrival-rate.mjs';
import { loadPlaces, requestPicker } from './requests.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const MINUTES = option('--minutes', 30);
const CHANGES = option('--changes', 1000);
const DELTAS = option('--deltas', 5);
const DURATION = option('--duration', 10);
const HEADERS = { 'accept-encoding': 'gzip, deflate, br' };
const log = (...a) => console.log(...a);
const loads = () => loadavg().map((l) => l.toFixed(2)).join(' ');

function rssMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line.split(/\s+/)[1]) / 1024);
}

/** Dwellings the batches rented: listed again when the benchmark ends, so the next run finds the database as it was. */
const rentedByBench = [];

/**
 * One batch as a feed brings it, in one transaction: `n` listable dwellings, of which 8/10 get a new
 * rent, 1/10 are rented, and 1/10 are listed anew (created_at now, at the top of every list). No row
 * is added: the next run finds the 1,000,000 it seeded.
 */
async function writeBatch(db, n) {
  const rented = Math.round(n / 10);
  const relisted = Math.round(n / 10);
  const moved = n - rented - relisted;
  const { rows } = await db.query('SELECT min(id) AS lo, max(id) AS hi FROM dwellings');
  const [lo, hi] = [Number(rows[0].lo), Number(rows[0].hi)];
  // Twice as many random ids as needed: some are rented already.
  const candidates = Array.from({ length: 2 * n }, () => lo + Math.floor(Math.random() * (hi - lo + 1)));
  const { rows: picked } = await db.query('SELECT id FROM dwellings WHERE id = ANY($1::int[]) AND deleted_at IS NULL LIMIT $2', [candidates, n]);
  const ids = picked.map((r) => r.id);
  await db.query('BEGIN');
  try {
    await db.query(`UPDATE dwellings SET rent = CASE WHEN rent % 2 = 0 THEN rent + 101 ELSE rent - 99 END, updated_at = now() WHERE id = ANY($1::int[])`, [ids.slice(0, moved)]);
    await db.query('UPDATE dwellings SET deleted_at = now(), updated_at = now() WHERE id = ANY($1::int[])', [ids.slice(moved, moved + rented)]);
    await db.query('UPDATE dwellings SET created_at = now(), updated_at = now() WHERE id = ANY($1::int[])', [ids.slice(moved + rented)]);
    await db.query('COMMIT');
    rentedByBench.push(...ids.slice(moved, moved + rented));
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
}

async function main() {
  await prepareDatabase({ log });
  const db = new pg.Client({ connectionString: BENCH_URL });
  await db.connect();
  const places = await loadPlaces();
  const biggest = places[0].slug;

  const port = await freePort();
  const server = start('husly', process.execPath, ['dist/api/apps/api/src/main.js'], {
    ...productionEnv(),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'husly-bench-follow-')),
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_ROLE: 'web',
    DB_POOL_SIZE: '10',
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/api/health`, server);
    await sleep(2000);
    log(`\nload average before the measurements: ${loads()}`);
    // The process's own idle CPU (timers, pools): taken out of every figure below.
    const i0 = cpuSeconds(server.pid);
    await sleep(5000);
    const idlePerSecond = (cpuSeconds(server.pid) - i0) / 5;

    const f0 = cpuSeconds(server.pid);
    const fullStarted = Date.now();
    const warmed = await warmMemory(url, biggest);
    if (warmed === null) throw new Error('the list snapshot did not load within 120 s');
    const full = cpuSeconds(server.pid) - f0 - (idlePerSecond * (Date.now() - fullStarted)) / 1000;
    log(`full load of the list snapshot: ${(warmed / 1000).toFixed(1)} s, ${(full * 1000).toFixed(0)} ms of the process's CPU`);

    // A list that is not in the page cache: a size filter no other request uses.
    let probe = 0;
    const nextList = () => `${url}/api/dwellings/area/${biggest}?size=${200 + (probe++ % 300)}`;
    const deltas = [];
    for (let i = 0; i < DELTAS; i++) {
      await sleep(1500);
      await writeBatch(db, CHANGES);
      const c0 = cpuSeconds(server.pid);
      const started = Date.now();
      let source = '';
      let tries = 0;
      // The next request must see the commit; it answers from memory once the delta is applied.
      do {
        const res = await fetch(nextList(), { headers: HEADERS });
        await res.arrayBuffer();
        source = res.headers.get('x-list-source') ?? '';
        tries++;
      } while (source !== 'memory' && Date.now() - started < 60_000);
      const elapsed = Date.now() - started;
      const cpu = cpuSeconds(server.pid) - c0 - (idlePerSecond * elapsed) / 1000;
      deltas.push({ cpu, elapsed, tries, source });
    }
    log(`\n${CHANGES} dwellings changed per transaction, then the next list request (X-List-Source):`);
    log('| delta | requests until memory answered | wall (ms) | process CPU (ms) | of the full load |');
    log('|---|---|---|---|---|');
    deltas.forEach((d, i) => log(`| ${i + 1} | ${d.tries} (${d.source}) | ${d.elapsed} | ${(d.cpu * 1000).toFixed(1)} | ${((d.cpu / full) * 100).toFixed(2)} % |`));
    const median = deltas.map((d) => d.cpu).sort((a, b) => a - b)[Math.floor(deltas.length / 2)];
    log(`median: ${(median * 1000).toFixed(1)} ms = ${((median / full) * 100).toFixed(2)} % of a full load (target ≤ 5 %)`);

    if (MINUTES <= 0) return;
    const nextPath = requestPicker(places, Math.random, { sorts: true });
    await autocannon({ url, connections: 10, duration: 3, headers: HEADERS, requests: [{ setupRequest: (r) => ({ ...r, path: nextPath() }) }] });
    const saturation = await autocannon({ url, connections: 16, duration: DURATION, headers: HEADERS, requests: [{ setupRequest: (r) => ({ ...r, path: nextPath() }) }] });
    const rate = Math.max(1, Math.round(saturation.requests.average / 2));
    log(`\nlists with sorts in the mix: ${Math.round(saturation.requests.average)} req/s at saturation (p99 ${saturation.latency.p99} ms); a feed of ${CHANGES} changes a minute for ${MINUTES} min at ${rate} req/s (half), load average ${loads()}`);

    const minutes = Array.from({ length: MINUTES }, () => ({ latencies: [], memory: 0, all: 0 }));
    const rss = [];
    let t0 = 0;
    const rssTimer = setInterval(() => rss.push([Math.round((performance.now() - t0) / 1000), rssMb(server.pid)]), 10_000);
    let feeds = 0;
    const feedTimer = setInterval(() => {
      writeBatch(db, CHANGES).then(() => feeds++, (error) => log(`feed batch failed: ${error.message}`));
    }, 60_000);
    t0 = performance.now();
    const result = await constantArrivalRate({
      url,
      nextPath,
      rate,
      duration: MINUTES * 60,
      headers: HEADERS,
      onSample: (path, due, latency, headers) => {
        const minute = minutes[Math.min(MINUTES - 1, Math.floor((due - t0) / 60_000))];
        minute.latencies.push(latency);
        minute.all++;
        if (headers['x-list-source'] === 'memory' || headers['x-cache'] === 'hit') minute.memory++;
      },
    });
    clearInterval(feedTimer);
    clearInterval(rssTimer);
    const p = (values, q) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN;
    };
    log(`whole run: ${result.requests.average} req/s achieved, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${feeds} feed batches, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
    log('| minute | requests | p50 (ms) | p99 (ms) | from memory or page cache |');
    log('|---|---|---|---|---|');
    minutes.forEach((m, i) => log(`| ${i + 1} | ${m.all} | ${p(m.latencies, 0.5).toFixed(2)} | ${p(m.latencies, 0.99).toFixed(2)} | ${m.all ? ((m.memory / m.all) * 100).toFixed(1) : '-'} % |`));
    log(`server RSS (s: MB): ${rss.map(([s, mb]) => `${s}: ${mb}`).join(', ')}`);
  } finally {
    await db.query('UPDATE dwellings SET deleted_at = NULL WHERE id = ANY($1::int[])', [rentedByBench]).catch((error) => log(`listing the rented again: ${error.message}`));
    await db.end();
    await stopAll();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    stopAll().finally(() => process.exit(1));
  },
);
