// node bench/search/arrival-rate-check.mjs
//
// Compares autocannon's fixed rate (connections 32, overallRate 500, as run.mjs uses it) with the
// open-loop constantArrivalRate (arrival-rate.mjs) against a local fastify server answering every
// GET with the same ~78 KB JSON body. The server runs in a child process, so this process's
// process.cpuUsage() is the load generator's alone, and it timestamps every request as it arrives
// (onRequest hook) to show when within each second the requests were sent. 127.0.0.1 only, ~40 s.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { constantArrivalRate } from './arrival-rate.mjs';

const SECONDS = 8;

if (process.argv[2] === '--server') await serve();
else await main();

// --- server (child process) ----------------------------------------------------------------------

async function serve() {
  const { default: Fastify } = await import('fastify');
  const body = listBody();
  const app = Fastify({ logger: false });
  let arrivals = null;
  let cpu = null;
  app.addHook('onRequest', (_req, _reply, done) => {
    if (arrivals) arrivals.push(performance.now());
    done();
  });
  let n = 0;
  // Alternating X-Cache so the check also sees onResponse get the header, as run.mjs counts it.
  app.get('/*', (_req, reply) => reply.header('content-type', 'application/json').header('x-cache', n++ % 2 ? 'hit' : 'miss').send(body));
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.on('message', (m) => {
    if (m === 'start') {
      arrivals = [];
      cpu = process.cpuUsage();
      process.send({ started: true });
    } else if (m === 'stop') {
      const used = process.cpuUsage(cpu);
      process.send({ arrivals, cpuMs: (used.user + used.system) / 1000 });
      arrivals = null;
    }
  });
  process.on('disconnect', () => process.exit(0)); // the parent is gone: do not linger
  process.send({ port: app.server.address().port, bytes: body.length });
}

/** A list page of about the size the API answers (~78 KB of JSON). */
function listBody() {
  const items = [];
  for (let i = 0; JSON.stringify(items).length < 78_000; i++) {
    items.push({
      id: 1_000_000 - i,
      headline: `${1 + (i % 5)}-værelses lejlighed på ${60 + (i % 40)} m²`,
      teaser: 'Lys og rummelig bolig tæt på indkøb og offentlig transport, med altan og elevator.',
      rent: 7000 + (i % 30) * 100,
      rooms: 1 + (i % 5),
      size: 60 + (i % 40),
      city: { slug: 'koebenhavn', label: 'København' },
      street: `Benchgade ${i + 1}`,
      createdAt: new Date(1_790_000_000_000 - i * 60_000).toISOString(),
      images: [`https://img.husly.test/${i}-0-blur.webp`, `https://img.husly.test/${i}-1-blur.webp`],
    });
  }
  return Buffer.from(JSON.stringify({ total: 200_000, start: 0, items }));
}

// --- load generators (this process) --------------------------------------------------------------

function runAutocannon(url, nextPath, duration, cache) {
  // The same options run.mjs passes for its fixed-rate phase.
  return new Promise((resolve, reject) => {
    const onResponse = (_status, _body, _context, headers) => {
      const state = headers['x-cache'];
      if (state === 'hit' || state === 'miss') cache[state]++;
    };
    const instance = autocannon(
      { url, connections: 32, duration, overallRate: 500, requests: [{ setupRequest: (req) => ({ ...req, path: nextPath() }), onResponse }] },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('error', reject);
  });
}

function runArrival(url, nextPath, duration, rate, cache) {
  const onResponse = (_status, headers) => {
    const state = headers['x-cache'];
    if (state === 'hit' || state === 'miss') cache[state]++;
  };
  return constantArrivalRate({ url, nextPath, rate, duration, onResponse });
}

async function main() {
  // Everything here is bounded; this is the backstop if something hangs.
  setTimeout(() => {
    console.error('arrival-rate-check: took longer than 120 s, giving up');
    process.exit(1);
  }, 120_000).unref();

  const child = fork(fileURLToPath(import.meta.url), ['--server'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const [{ port, bytes }] = await once(child, 'message');
  const url = `http://127.0.0.1:${port}`;
  let k = 0;
  const nextPath = () => `/api/dwellings/area/koebenhavn?start=${(k++ % 200) * 150}`;
  const ask = async (m) => {
    const reply = once(child, 'message');
    child.send(m);
    return (await reply)[0];
  };

  async function measure(name, run) {
    const cache = { hit: 0, miss: 0 };
    await ask('start');
    const cpu = process.cpuUsage();
    const result = await run(cache);
    const used = process.cpuUsage(cpu);
    const server = await ask('stop');
    const total = result.requests.total;
    return {
      name,
      result,
      cache,
      arrivals: server.arrivals,
      generatorCpu: (used.user + used.system) / 1000 / total,
      serverCpu: server.cpuMs / total,
    };
  }

  try {
    console.log(`fastify on ${url} in a child process, ${bytes.toLocaleString('en')} byte JSON body; ${SECONDS} s per run\n`);
    // Warm-up (JIT on both sides), not measured.
    await runAutocannon(url, nextPath, 2, { hit: 0, miss: 0 });
    await runArrival(url, nextPath, 2, 500, { hit: 0, miss: 0 });

    const runs = [];
    runs.push(await measure('autocannon, 32 connections, overallRate 500', (c) => runAutocannon(url, nextPath, SECONDS, c)));
    runs.push(await measure('constantArrivalRate 500 req/s', (c) => runArrival(url, nextPath, SECONDS, 500, c)));
    runs.push(await measure('constantArrivalRate 2000 req/s', (c) => runArrival(url, nextPath, SECONDS, 2000, c)));

    const f = (n, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : '-');
    console.log('| generator | req/s achieved | p50 (ms) | p99 (ms) | max (ms) | generator CPU ms/req | server CPU ms/req | errors+timeouts+non2xx | x-cache hit/miss |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const { name, result: r, generatorCpu, serverCpu, cache } of runs) {
      const bad = r.errors + r.timeouts + r.non2xx;
      console.log(
        `| ${name} | ${f(r.requests.average, 1)} | ${f(r.latency.p50)} | ${f(r.latency.p99)} | ${f(r.latency.max)} | ${f(generatorCpu, 3)} | ${f(serverCpu, 3)} | ${bad} | ${cache.hit}/${cache.miss} |`,
      );
    }
    const [ac, ours500, ours2000] = runs;
    console.log(
      `\nautocannon: ${ac.result.requests.total} responses but ${ac.result.latency.totalCount} latency samples: its coordinated-omission ` +
        `correction records each latency with an expected interval of Math.ceil(1 / rate) = 1 ms (rate is per connection, in req/s), ` +
        `which adds a made-up sample per ms of every response.`,
    );
    for (const { name, result: r } of [ours500, ours2000]) {
      console.log(
        `${name}: service time (from send) p50 ${f(r.service.p50)} / p99 ${f(r.service.p99)} ms; send lateness p50 ${f(r.sendLate.p50)} / ` +
          `p99 ${f(r.sendLate.p99)} / max ${f(r.sendLate.max)} ms; queued ${r.queued}; connections opened ${r.connections}`,
      );
    }
    for (const run of runs) printArrivals(run);
  } finally {
    child.disconnect();
    child.kill();
  }
}

// When within each second the server saw the requests: seconds counted from the run's first
// arrival, 100 ms buckets. An arrival rate spreads evenly; per-second quotas pile up at the start.
function printArrivals({ name, arrivals }) {
  if (!arrivals.length) return;
  const origin = arrivals[0];
  const buckets = new Array(10).fill(0);
  const first10ms = new Array(10).fill(0);
  const perSecond = [];
  for (const t of arrivals) {
    const since = t - origin;
    const phase = since % 1000;
    buckets[Math.floor(phase / 100)]++;
    if (phase < 100) first10ms[Math.floor(phase / 10)]++;
    const s = Math.floor(since / 1000);
    perSecond[s] = (perSecond[s] ?? 0) + 1;
  }
  const width = Math.max(...buckets);
  console.log(`\n${name}: ${arrivals.length} requests arrived; per 100 ms of each second (summed over the seconds):`);
  buckets.forEach((count, i) => {
    const bar = '#'.repeat(Math.round((count / width) * 50));
    console.log(`  ${String(i * 100).padStart(3)}-${String(i * 100 + 99).padEnd(3)} ms ${String(count).padStart(6)} ${(100 * count / arrivals.length).toFixed(1).padStart(5)} % ${bar}`);
  });
  console.log(`  of which in 0-99 ms, per 10 ms: ${first10ms.join(' ')}`);
  console.log(`  per whole second: ${perSecond.map((c) => c ?? 0).join(' ')}`);
}
