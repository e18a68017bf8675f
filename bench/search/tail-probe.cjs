// Preloaded into the API by tail.mjs (node --require): records, with wall-clock times (ms since the
// epoch, as the load generator stamps its requests), every GC pause V8 reports and every stall of the
// event loop longer than STALL_MS, and writes them to TAIL_PROBE_OUT as JSON when the process exits.
// Diagnostics only: never part of the API's start.
/* eslint-disable @typescript-eslint/no-require-imports -- node --require loads CommonJS only */
const { PerformanceObserver, performance } = require('node:perf_hooks');
const { writeFileSync } = require('node:fs');

const out = process.env.TAIL_PROBE_OUT;
const TICK_MS = 2;
const STALL_MS = 4;
const KINDS = { 1: 'scavenge', 2: 'minor-mark-sweep', 4: 'mark-compact', 8: 'incremental-marking', 16: 'weak-callbacks' };
const gcs = [];
const stalls = [];
const origin = performance.timeOrigin;

new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push([origin + e.startTime, e.duration, KINDS[e.detail?.kind ?? e.kind] ?? String(e.detail?.kind)]);
}).observe({ entryTypes: ['gc'] });

let last = performance.now();
setInterval(() => {
  const now = performance.now();
  const late = now - last - TICK_MS;
  if (late > STALL_MS) stalls.push([origin + last + TICK_MS, late]);
  last = now;
}, TICK_MS).unref();

process.on('exit', () => {
  if (out) writeFileSync(out, JSON.stringify({ gcs, stalls, heap: process.memoryUsage() }));
});

// TAIL_PROBE_HEAP=<file>: from SIGUSR2 on, V8's sampling heap profiler, counting only objects that
// outlived a scavenge (what reaches the old generation and its mark-compacts), written at exit.
if (process.env.TAIL_PROBE_HEAP) {
  const { Session } = require('node:inspector');
  const session = new Session();
  session.connect();
  process.on('SIGUSR2', () =>
    session.post('HeapProfiler.startSampling', { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: false }),
  );
  process.on('exit', () =>
    session.post('HeapProfiler.stopSampling', (error, result) => {
      if (!error) writeFileSync(process.env.TAIL_PROBE_HEAP, JSON.stringify(result.profile));
    }),
  );
}
