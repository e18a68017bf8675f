// npm run bench:embedded [-- --duration 10] [-- --connections 20] [-- --label before]
//
// The embedded mode as `npm start` runs it: the built API (`node dist/api/apps/api/src/main.js`)
// with a fresh temporary DATA_DIR and no DATABASE_URL / REDIS_URL / SMTP_URL, so it serves PGlite
// itself, applies the migrations and seeds the demo data. Then:
// 1. the first home page after boot: does it show the latest dwellings or the "could not be fetched"
//    notice (issue 12: it used to show the notice on every boot);
// 2. autocannon with 20 connections against a search (/api/dwellings/search with random cities and
//    filters) and a dwelling detail (/api/dwellings/{id}, random demo ids): req/s, p50/p99, non-2xx;
// 3. a mixed run (searches, details, latest, areas and failed logins, which write rate-limit rows)
//    to count 5xx answers.
// Not part of `npm test`: it takes a minute and the whole machine. Run it when the machine is quiet.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const DURATION = Number(option('--duration', 10));
const CONNECTIONS = Number(option('--connections', 20));
const LABEL = option('--label', '');
const log = (...a) => console.log(...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'husly-bench-embedded-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'MAIL_DIR', 'EMBEDDED_DB_PORT', 'DB_POOL_SIZE', 'PUBLIC_URL', 'SEED_DEMO_DATA']) delete env[name];

log(`# bench:embedded ${LABEL} ${new Date().toISOString()}`);
log(`node ${process.version}; ${CONNECTIONS} connections, ${DURATION} s per run; DATA_DIR ${dataDir}`);
const started = Date.now();
const server = spawn(process.execPath, ['dist/api/apps/api/src/main.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
let serverLog = '';
server.stdout.on('data', (d) => (serverLog += d));
server.stderr.on('data', (d) => (serverLog += d));
const exited = new Promise((r) => server.once('exit', r));

async function stop() {
  if (server.exitCode === null) server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}

try {
  // Ready when it listens (it seeds before it listens).
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}:\n${serverLog}`);
    if (i > 1200) throw new Error(`the server did not listen within 5 minutes:\n${serverLog}`);
    try {
      await fetch(`${base}/api/health`);
      break;
    } catch {
      await sleep(250);
    }
  }
  log(`boot: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  log(serverLog.split('\n').filter((l) => /^\s+(database|data)\s/.test(l)).join('\n'));

  // 1. The first home page after boot: the very first request the process serves from a browser.
  const home = await fetch(`${base}/`);
  const html = await home.text();
  // As rendered text, between tags: the same sentence also sits in the page's inlined translations,
  // which made an earlier version of this check report the notice on every boot.
  const failedNotice = html.includes('>De nyeste boliger kunne ikke hentes lige nu.<');
  const cards = (html.match(/href="\/vis\/\d+/g) ?? []).length;
  log(`first home page: HTTP ${home.status}, ${failedNotice ? 'shows "De nyeste boliger kunne ikke hentes lige nu."' : `shows the latest dwellings (${cards} links to /vis/{id})`}`);

  // Inputs: the demo data's cities and dwelling ids.
  const latest = await (await fetch(`${base}/api/dwellings/latest?count=100`)).json();
  const cities = [...new Set(latest.data.map((d) => d.city))];
  const ids = latest.data.map((d) => d.dwellingId);
  if (cities.length === 0 || ids.length === 0) throw new Error('no cities or dwellings to ask for');
  log(`inputs: ${cities.length} cities, ${ids.length} dwelling ids`);

  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const searchPath = () => {
    const params = new URLSearchParams({ q: pick(cities) });
    if (Math.random() < 0.5) params.set('rooms', pick(['1', '2', '3']));
    if (Math.random() < 0.5) params.set('rent', pick(['8000', '12000', '20000']));
    if (Math.random() < 0.3) params.set('start', pick(['15', '30']));
    return `/api/dwellings/search?${params}`;
  };
  const detailPath = () => `/api/dwellings/${pick(ids)}`;
  const login = () => ({
    method: 'POST',
    path: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench${Math.floor(Math.random() * 1e6)}@husly.test`, password: 'wrong-password-1' }),
  });
  const mixed = [
    () => ({ method: 'GET', path: searchPath() }),
    () => ({ method: 'GET', path: detailPath() }),
    () => ({ method: 'GET', path: `/api/dwellings/latest?count=15` }),
    () => ({ method: 'GET', path: '/api/dwellings/areas' }),
    login,
  ];

  const run = (name, setupRequest) =>
    new Promise((resolve, reject) => {
      const statuses = {};
      const instance = autocannon(
        { url: base, connections: CONNECTIONS, duration: DURATION, requests: [{ setupRequest: (req) => ({ ...req, ...setupRequest() }) }] },
        (error, result) => (error ? reject(error) : resolve({ name, result, statuses })),
      );
      instance.on('response', (_client, statusCode) => (statuses[statusCode] = (statuses[statusCode] ?? 0) + 1));
    });

  const report = ({ name, result, statuses }) => {
    const fiveXx = Object.entries(statuses).filter(([s]) => Number(s) >= 500).reduce((n, [, c]) => n + c, 0);
    log(
      `${name.padEnd(7)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(5)} ms  ` +
        `${result.requests.total} requests, non-2xx ${result.non2xx}, 5xx ${fiveXx}, errors ${result.errors}, timeouts ${result.timeouts}  statuses ${JSON.stringify(statuses)}`,
    );
  };

  // A short warm-up so both versions are measured with the same caches filled.
  await run('warm-up', () => ({ method: 'GET', path: pick([searchPath, detailPath])() }));
  report(await run('search', () => ({ method: 'GET', path: searchPath() })));
  report(await run('detail', () => ({ method: 'GET', path: detailPath() })));
  report(await run('mixed', () => pick(mixed)()));
  // The server's logged errors, one line each without colours and stack frames.
  const plain = serverLog.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const errors = plain.filter((l) => /\bERROR\b/.test(l)).map((l) => l.replace(/^.*?ERROR\s+/, '').slice(0, 160));
  log(`server errors logged: ${errors.length}`);
  const kinds = new Map();
  for (const e of errors) kinds.set(e, (kinds.get(e) ?? 0) + 1);
  for (const [text, n] of [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 15)) log(`  ${String(n).padStart(4)} × ${text}`);
} finally {
  await stop();
}
