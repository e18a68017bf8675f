// node bench/search/tail.mjs [--rate N] [--duration 10] [--node "<flags for the API's node>"] [--cpu-prof <dir>]
// What makes bench:search's list tail (issue 16: p99 < 25 ms at half of the saturation rate). Runs
// bench:search's list phases against the built API alone (`npm run build:api` first; husly_bench
// seeded, read only): 3 s warm-up, saturation (autocannon, 16 connections), then the open loop at half
// of that rate (or --rate), recording each answer's path, latency and source. The API runs with
// tail-probe.cjs preloaded, which records every GC pause and event-loop stall with its time. Prints
// the latency percentiles, the slow answers (over 25 ms) by route, source and encoding, and how many
// of them were waiting across a GC pause or an event-loop stall, with the largest stalls.
// --node: extra flags for the API's node (e.g. "--max-semi-space-size=32"); --cpu-prof: a CPU profile
// of the API (the whole run) into that folder; --heap-prof <file>: V8's sampling heap profile of the
// open loop, of the objects that outlived a scavenge.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { productionEnv, warmMemory } from '../shared/bench-database.mjs';
import { cpuSeconds, freePort, root, sleep, start, stop, waitFor } from '../shared/processes.mjs';
import { constantArrivalRate } from './arrival-rate.mjs';
import { loadPlaces, requestPicker, seededRandom } from './requests.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const DURATION = Number(option('--duration', 10));
const RATE = Number(option('--rate', 0));
const NODE_FLAGS = option('--node', '').split(/\s+/).filter(Boolean);
const CPU_PROF = option('--cpu-prof', null);
const HEAP_PROF = option('--heap-prof', null);
// --env NAME=value: an environment variable for the API (e.g. DWELLING_LIST_ITEMS_MB=32).
const EXTRA_ENV = Object.fromEntries(args.flatMap((a, i) => (a === '--env' ? [args[i + 1].split(/=(.*)/s).slice(0, 2)] : [])));
// --main: another build's main.js (as list-cpu.mjs: a dist copied to <dir>/dist/api inside the repository).
const MAIN = option('--main', 'dist/api/apps/api/src/main.js');
// --sequence N: instead of the phases, the same seeded N requests at 16 connections (closed loop), for
// comparing two builds' GC and CPU per request on a machine too busy for latencies to compare.
const SEQUENCE = Number(option('--sequence', 0));
const SLOW_MS = 25;
const HEADERS = { 'accept-encoding': 'gzip, deflate, br' };
const log = (...a) => console.log(...a);
const f = (n, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : '-');

const places = await loadPlaces();
const nextPath = requestPicker(places);
const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'husly-tail-'));
const probeOut = join(dataDir, 'probe.json');
const flags = [...NODE_FLAGS, '--require', join(root, 'bench/search/tail-probe.cjs')];
if (CPU_PROF) flags.push('--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`);
const api = start('husly', process.execPath, [...flags, MAIN], {
  ...productionEnv(),
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  APP_ROLE: 'web',
  DB_POOL_SIZE: '10',
  TAIL_PROBE_OUT: probeOut,
  ...(HEAP_PROF ? { TAIL_PROBE_HEAP: HEAP_PROF } : {}),
  ...EXTRA_ENV,
});
const url = `http://127.0.0.1:${port}`;

// utime + stime of a process in ms (clock ticks of 10 ms).
const cpuMs = (pid) => (cpuSeconds(pid) ?? 0) * 1000;

const closedLoop = (connections, duration) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers: HEADERS, requests: [{ setupRequest: (req) => ({ ...req, path: nextPath() }) }] }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });

try {
  await waitFor(`${url}/api/health`, api);
  await warmMemory(url, places[0].slug);
  if (SEQUENCE) {
    await sequence();
    process.exit(0);
  }
  log(`tail.mjs: ${MAIN}, node flags ${flags.join(' ')}; env ${JSON.stringify(EXTRA_ENV)}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  await closedLoop(10, 3);
  const saturation = await closedLoop(16, DURATION);
  await sleep(1000);
  const rate = RATE || Math.max(1, Math.round(saturation.requests.average / 2));
  if (HEAP_PROF) api.kill('SIGUSR2');
  const cpu0 = cpuMs(api.pid);
  const samples = [];
  const origin = performance.timeOrigin;
  const result = await constantArrivalRate({
    url,
    nextPath,
    rate,
    duration: DURATION,
    headers: HEADERS,
    onSample: (path, due, latency, headers) =>
      samples.push({ at: origin + due, latency, path, source: headers['x-cache'] === 'hit' ? 'hit' : (headers['x-list-source'] ?? '?'), encoding: headers['content-encoding'] ?? 'identity' }),
  });
  const cpu = cpuMs(api.pid) - cpu0;
  await stop(api);
  const probe = JSON.parse(readFileSync(probeOut, 'utf8'));

  log(`saturation ${f(saturation.requests.average, 0)} req/s (p99 ${saturation.latency.p99} ms); open loop at ${rate} req/s: achieved ${f(result.requests.average, 0)} req/s`);
  log(`API process CPU (threads included) per answer in the open loop: ${f(cpu / samples.length, 3)} ms`);
  const l = result.latency;
  log(`latency p50 ${l.p50}, p90 ${l.p90}, p99 ${l.p99}, p99.9 ${l.p999}, max ${l.max} ms; server time (from send) p50 ${result.service.p50}, p99 ${result.service.p99}; send late p99 ${result.sendLate.p99} ms`);

  const from = samples[0]?.at ?? 0;
  const to = samples.length ? Math.max(...samples.map((s) => s.at + s.latency)) : 0;
  const slow = samples.filter((s) => s.latency > SLOW_MS);
  const share = (list, key) => {
    const counts = {};
    for (const s of list) counts[key(s)] = (counts[key(s)] ?? 0) + 1;
    return Object.entries(counts).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ');
  };
  const route = (s) => (s.path.startsWith('/api/dwellings/search') ? 'search' : 'area');
  const filters = (s) => ['rent', 'rooms', 'size', 'start'].filter((k) => s.path.includes(`${k}=`)).join('+') || 'none';
  log(`answers over ${SLOW_MS} ms: ${slow.length} of ${samples.length} (${f((slow.length / samples.length) * 100)} %)`);
  log(`  by route: ${share(slow, route)} (all: ${share(samples, route)})`);
  log(`  by source: ${share(slow, (s) => s.source)} (all: ${share(samples, (s) => s.source)})`);
  log(`  by encoding: ${share(slow, (s) => s.encoding)}`);
  log(`  by filters: ${share(slow, filters)}`);

  const inWindow = (at) => at >= from && at <= to;
  const gcs = probe.gcs.filter(([at]) => inWindow(at));
  const stalls = probe.stalls.filter(([at]) => inWindow(at));
  const byKind = {};
  for (const [, ms, kind] of gcs) {
    const k = (byKind[kind] ??= { n: 0, total: 0, max: 0 });
    k.n++;
    k.total += ms;
    k.max = Math.max(k.max, ms);
  }
  log(`GC during the open loop (${f((to - from) / 1000, 1)} s): ${Object.entries(byKind).map(([k, v]) => `${k} ${v.n}× total ${f(v.total, 1)} ms max ${f(v.max, 1)} ms`).join('; ') || 'none'}`);
  const sum = (list) => list.reduce((a, [, ms]) => a + ms, 0);
  log(`event-loop stalls over 4 ms: ${stalls.length}, over 10 ms: ${stalls.filter(([, ms]) => ms > 10).length}, over 25 ms: ${stalls.filter(([, ms]) => ms > 25).length}; total ${f(sum(stalls), 0)} ms`);
  const overlaps = (a0, a1, b0, b1) => a0 < b1 && b0 < a1;
  const gcIn = (t0, t1) => gcs.filter(([at, ms]) => overlaps(t0, t1, at, at + ms));
  const stallIn = (t0, t1) => stalls.filter(([at, ms]) => overlaps(t0, t1, at, at + ms));
  let withGc = 0;
  let withStall = 0;
  for (const s of slow) {
    const g = gcIn(s.at, s.at + s.latency).filter(([, ms]) => ms >= 1);
    if (g.length) withGc++;
    else if (stallIn(s.at, s.at + s.latency).some(([, ms]) => ms >= 5)) withStall++;
  }
  log(`slow answers waiting across a GC pause of 1 ms or more: ${withGc}; across a stall of 5 ms or more without GC: ${withStall}; neither: ${slow.length - withGc - withStall}`);
  log('largest stalls (ms after the open loop began: stall ms, GC pauses inside, answers over 25 ms waiting across it):');
  for (const [at, ms] of [...stalls].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
    const g = gcIn(at, at + ms);
    const waiting = slow.filter((s) => overlaps(s.at, s.at + s.latency, at, at + ms)).length;
    log(`  +${f(at - from, 0)}: ${f(ms, 1)} ms; GC ${g.map(([, d, k]) => `${k} ${f(d, 1)}`).join(', ') || 'none'}; ${waiting} slow waiting`);
  }
  log('slowest answers (ms after the open loop began: latency, source, path):');
  for (const s of [...slow].sort((a, b) => b.latency - a.latency).slice(0, 15)) log(`  +${f(s.at - from, 0)}: ${f(s.latency, 1)} ${s.source} ${s.path}`);
  log(`heap at exit: ${Object.entries(probe.heap).map(([k, v]) => `${k} ${Math.round(v / 1048576)} MB`).join(', ')}`);
  log(`load average at the end: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
} finally {
  await stop(api);
  rmSync(dataDir, { recursive: true, force: true });
}

async function sequence() {
  const pick = requestPicker(places, seededRandom(42));
  const paths = Array.from({ length: SEQUENCE }, pick);
  let next = 0;
  const from = Date.now();
  const cpu0 = cpuMs(api.pid);
  const result = await new Promise((resolve, reject) =>
    autocannon({ url, connections: 16, amount: SEQUENCE, headers: HEADERS, requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % SEQUENCE] }) }] }, (error, r) =>
      error ? reject(error) : resolve(r),
    ),
  );
  const cpu = cpuMs(api.pid) - cpu0;
  const to = Date.now();
  await stop(api);
  const probe = JSON.parse(readFileSync(probeOut, 'utf8'));
  const byKind = {};
  for (const [at, ms, kind] of probe.gcs) {
    if (at < from || at > to) continue;
    const k = (byKind[kind] ??= { n: 0, total: 0, max: 0 });
    k.n++;
    k.total += ms;
    k.max = Math.max(k.max, ms);
  }
  log(`sequence of ${SEQUENCE} (seeded) at 16 connections: ${f((SEQUENCE / (to - from)) * 1000, 0)} req/s, p99 ${result.latency.p99} ms, ${result.non2xx} not 2xx`);
  log(`API process CPU (threads included) per request: ${f(cpu / SEQUENCE, 3)} ms; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  log(`GC: ${Object.entries(byKind).map(([k, v]) => `${k} ${v.n}× total ${f(v.total, 1)} ms max ${f(v.max, 1)} ms`).join('; ')}`);
  log(`heap at exit: ${Object.entries(probe.heap).map(([k, v]) => `${k} ${Math.round(v / 1048576)} MB`).join(', ')}`);
}
