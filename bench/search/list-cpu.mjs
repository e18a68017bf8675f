// node bench/search/list-cpu.mjs [path to the API's main.js, default dist/api/apps/api/src/main.js] [requests, default 8000]
// The API process's own CPU per list request, for comparing two builds of it on a shared machine
// (the CPU a request costs moves far less with other work on the machine than req/s does): starts
// the built API alone on husly_bench (as bench:search, `npm run build:api` first), waits for the
// list snapshot, then sends the same seeded sequence of /search and /area requests (bench:search's
// mix of cities and filters) twice at 16 connections with a browser's Accept-Encoding. Prints per
// pass the process's user + system CPU per request (its thread pool included), req/s and bytes per
// response. Pass 1: nearly every page is new; pass 2, right after: the same pages again, most of them
// out of the page cache. To compare a build of another commit, copy its dist next to the repository
// as <dir>/dist/api (the API finds the repository from there) and pass <dir>/dist/api/apps/api/src/main.js.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { productionEnv, warmMemory } from '../shared/bench-database.mjs';
import { cpuSeconds, freePort, start, stopAll, waitFor } from '../shared/processes.mjs';
import { loadPlaces, requestPicker, seededRandom } from './requests.mjs';

const [mainJs = 'dist/api/apps/api/src/main.js', requests] = process.argv.slice(2);
const N = Number(requests) || 8000;

// The same seeded sequence as tail.mjs --sequence: bench:search's mix of cities and filters.
const nextPath = requestPicker(await loadPlaces(), seededRandom(42));
const paths = Array.from({ length: N }, nextPath);

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'husly-list-cpu-'));
const api = start('husly', process.execPath, [mainJs], { ...productionEnv(), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', APP_ROLE: 'web', DB_POOL_SIZE: '10' });
const url = `http://127.0.0.1:${port}`;
// utime + stime of the process, in ms (clock ticks of 10 ms).
const cpuMs = () => (cpuSeconds(api.pid) ?? 0) * 1000;
try {
  await waitFor(`${url}/api/health`, api);
  await warmMemory(url, places[0].slug);
  for (const pass of [1, 2]) {
    let next = 0;
    const cpu0 = cpuMs();
    const t0 = performance.now();
    const load = loadavg()[0];
    const result = await new Promise((resolve, reject) => {
      autocannon(
        { url, connections: 16, amount: N, headers: { 'accept-encoding': 'gzip, deflate, br' }, requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % N] }) }] },
        (error, res) => (error ? reject(error) : resolve(res)),
      );
    });
    const ms = performance.now() - t0;
    console.log(
      `pass ${pass}: ${N} requests, ${((N / ms) * 1000).toFixed(0)} req/s, API process CPU ${((cpuMs() - cpu0) / N).toFixed(3)} ms per request, ` +
        `${(result.throughput.total / N).toFixed(0)} bytes per response with headers, ${result.non2xx} not 2xx; load average ${load.toFixed(2)}`,
    );
  }
} finally {
  await stopAll();
  rmSync(dataDir, { recursive: true, force: true });
}
