// npm run bench:cold [-- --restarts 20] [-- --cities 4] [-- --label run] [-- --before DIR] [-- --note "text"] [-- --reseed]
//
// The first city page after a restart (issue 35: p99 ≤ 200 ms with nothing cached), on the built app
// as production runs it (NODE_ENV=production, APP_ROLE=web, as compose's app) on the 1,000,000-dwelling
// benchmark database husly_bench (bench/shared/bench-database.mjs creates and seeds it when missing).
// --restarts times: start the portal, ask GET /api/health every 10 ms from the moment it is spawned
// (a load balancer sends traffic at the first 200), then request one city page once, as a phone
// does (its User-Agent, Accept, Accept-Language and Accept-Encoding; a new connection), and time it
// from sending the request to the last byte of the body; then stop the portal (SIGTERM). The pages
// cycle through the --cities (4) largest active cities by population: /koebenhavn, /aarhus, /odense,
// /aalborg. Nothing survives a restart (every cache is per process), so every sample is a first render.
// --before DIR: also the portal built in DIR (a copy of another checkout's dist/ and prisma/ with
// node_modules beside them), each round both, in turns (which one goes first alternates), so that
// both sides meet the same machine: the before/after comparison of one run.
// Reports every sample, p50/p99/max of the page and of the time to ready, and the load average;
// writes bench/pages/results/<date>-cold-<label>.log. p99 of 20 samples is their maximum
// (nearest rank). Not part of `npm test`.
import { existsSync, mkdirSync, appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { BENCH_DB, BENCH_URL, prepareDatabase, productionEnv } from '../shared/bench-database.mjs';
import { freePort, root, sleep, start, stop, stopAll, waitFor } from '../shared/processes.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const RESTARTS = Number(option('--restarts', 20));
const CITIES = Number(option('--cities', 4));
const LABEL = option('--label', 'run');
const NOTE = option('--note', '');
const BEFORE = option('--before', '');
if (!(RESTARTS >= 1 && CITIES >= 1) || !/^[\w.-]+$/.test(LABEL)) throw new Error('--restarts and --cities must be positive, --label a plain word');

const TARGET_P99_MS = 200;
const MAIN = 'dist/api/apps/api/src/main.js';
/** A phone's request for a page: Safari on an iPhone, Danish first. */
const PHONE = {
  'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'Accept-Language': 'da-DK,da;q=0.9',
  'Accept-Encoding': 'gzip, deflate, br',
};

const sides = [{ name: 'this checkout', short: BEFORE ? 'after' : 'run', root }];
if (BEFORE) {
  const before = resolve(BEFORE);
  if (!existsSync(join(before, MAIN))) throw new Error(`--before ${BEFORE}: no ${MAIN} there`);
  sides.unshift({ name: before, short: 'before', root: before });
}
for (const side of sides) if (!existsSync(join(side.root, MAIN))) throw new Error(`${join(side.root, MAIN)} missing: npm run build`);

const date = new Date().toISOString().slice(0, 10);
const resultsDir = join(root, 'bench', 'pages', 'results');
mkdirSync(resultsDir, { recursive: true });
let resultsFile = join(resultsDir, `${date}-cold-${LABEL}.log`);
for (let n = 2; existsSync(resultsFile); n++) resultsFile = join(resultsDir, `${date}-cold-${LABEL}-${n}.log`);
const log = (line = '') => {
  console.log(line);
  appendFileSync(resultsFile, `${line}\n`);
};
const load = () => loadavg().map((l) => l.toFixed(2)).join(', ');
const ms = (v) => `${v.toFixed(1)} ms`;

/** Nearest rank: the smallest sample with at least q of the samples at or below it. */
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** One GET on a new connection: status, headers, body bytes as sent, time to the first and the last byte. */
function getOnce(url, headers) {
  return new Promise((resolvePage, reject) => {
    const started = performance.now();
    let firstByte = null;
    const req = request(url, { headers, agent: false }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => {
        firstByte ??= performance.now() - started;
        bytes += chunk.length;
      });
      res.on('end', () => resolvePage({ status: res.statusCode, headers: res.headers, bytes, firstByte: firstByte ?? performance.now() - started, total: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The --cities largest active cities, by population (the benchmark seed gives them dwellings by population). */
async function largestCities() {
  const db = new pg.Client({ connectionString: BENCH_URL });
  await db.connect();
  try {
    const { rows } = await db.query(`SELECT slug FROM cities WHERE active ORDER BY population DESC NULLS LAST, slug LIMIT $1`, [CITIES]);
    return rows.map((r) => `/${r.slug}`);
  } finally {
    await db.end();
  }
}

/** Starts `side`'s portal, waits for its first healthy answer, requests `path` once, stops it. */
async function sample(side, path) {
  const dataDir = mkdtempSync(join(tmpdir(), 'husly-bench-cold-'));
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const load1 = loadavg()[0];
  const spawned = performance.now();
  const portal = start(
    `portal ${side.short}`,
    process.execPath,
    [join(side.root, MAIN)],
    { ...productionEnv(), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin, APP_ROLE: 'web', DB_POOL_SIZE: '10' },
  );
  let stdout = '';
  portal.stdout.on('data', (d) => (stdout += d));
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`, portal, 180, 10);
    const ready = performance.now() - spawned;
    const page = await getOnce(`http://127.0.0.1:${port}${path}`, { ...PHONE, Host: `localhost:${port}` });
    const warm = /^\s+warm\s+(.*)$/m.exec(stdout)?.[1] ?? '';
    return { side: side.short, path, ready, load1, warm, ...page };
  } finally {
    await stop(portal, 20_000);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  log(`# bench:cold: the first city page after a restart, ${new Date().toISOString()}`);
  log(`node ${process.version}; ${cpus().length} cores; load average at start (1, 5, 15 min): ${load()}${NOTE ? `\nnote: ${NOTE}` : ''}`);
  log(`sides: ${sides.map((s) => `${s.short} = ${s.name}`).join('; ')}`);
  await prepareDatabase({ reseed: args.includes('--reseed'), log });
  const paths = await largestCities();
  log(`${RESTARTS} restarts per side, pages in turn: ${paths.join(', ')}; ${BENCH_DB}; APP_ROLE=web, NODE_ENV=production`);
  log(`ready: spawn to the first 200 of /api/health (asked every 10 ms); page: request sent to last body byte (ttfb: first byte), one phone request on a new connection\n`);
  log('| # | side | page | ready | page time | ttfb | status | bytes (encoding) | X-Cache | load (1 min) | warm-up line |');
  log('|---|---|---|---|---|---|---|---|---|---|---|');
  const samples = [];
  for (let i = 0; i < RESTARTS; i++) {
    const path = paths[i % paths.length];
    const order = i % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      const s = await sample(side, path);
      samples.push(s);
      log(
        `| ${i + 1} | ${s.side} | ${s.path} | ${ms(s.ready)} | ${ms(s.total)} | ${ms(s.firstByte)} | ${s.status} | ${s.bytes} (${s.headers['content-encoding'] ?? 'none'}) | ` +
          `${s.headers['x-cache'] ?? '-'} | ${s.load1.toFixed(2)} | ${s.warm} |`,
      );
      await sleep(500);
    }
  }

  log(`\n## Summary (load average at the end: ${load()})`);
  log('| side | samples | errors (non-200) | page p50 | page p99 | page max | ready p50 | ready max | target p99 ≤ 200 ms |');
  log('|---|---|---|---|---|---|---|---|---|');
  for (const side of sides) {
    const mine = samples.filter((s) => s.side === side.short);
    const times = mine.map((s) => s.total);
    const ready = mine.map((s) => s.ready);
    const errors = mine.filter((s) => s.status !== 200).length;
    const p99 = quantile(times, 0.99);
    log(
      `| ${side.short} | ${mine.length} | ${errors} | ${ms(quantile(times, 0.5))} | ${ms(p99)} | ${ms(Math.max(...times))} | ` +
        `${ms(quantile(ready, 0.5))} | ${ms(Math.max(...ready))} | ${p99 <= TARGET_P99_MS && errors === 0 ? 'pass' : 'FAIL'} |`,
    );
  }
  log(`\nwritten to ${resultsFile.replace(`${root}/`, '')}`);
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    interrupted = true;
    await stopAll(5_000);
    process.exit(130);
  });
}

main()
  .then(() => stopAll())
  .catch(async (error) => {
    if (interrupted) return;
    console.error('bench:cold failed:', error);
    appendFileSync(resultsFile, `bench:cold failed: ${error?.stack ?? error}\n`);
    await stopAll(5_000);
    process.exit(1);
  });
