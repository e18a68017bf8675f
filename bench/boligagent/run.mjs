// npm run bench:boligagent [-- --agents N] [-- --redis] [-- --stop-after SECONDS]
//
// 1. Recreates the database husly_bench_boligagent on the local PostgreSQL (BENCH_ADMIN_URL overrides
//    postgresql://postgres@127.0.0.1:5432/postgres) with the migrations and reference data (cities).
// 2. Seeds, in SQL, N verified daily agents (--agents N, else BENCH_AGENTS, else 100,000; one pref
//    each, a fifth with a second city) and 2,000 dwellings created in the last hours over 200 cities;
//    and for change alerts (ADR 0062) 20 older dwellings (BENCH_CHANGED_DWELLINGS) in 20 cities, each
//    mailed two days ago to the agents of its city and with a rent drop recorded an hour ago.
// 3. Starts a local SMTP sink (smtp-server, its own process) and runs the real job once with
//    `boligagent-send.command.js` (in-process; --redis: through BullMQ on REDIS_URL or
//    redis://127.0.0.1:6379 with its own key prefix), sampling its RSS every second.
// 4. Then the SMTP baseline (smtp-baseline.mjs, its own process): the same nodemailer transport and
//    pool sends as many mails, copies of a random sample of the job's, straight to the same sink.
// 5. Prints the database matching time, mails per second handed to SMTP by the job and by the
//    baseline and their ratio, total time, peak RSS and the RSS over the run.
// --stop-after: a machine shared with other work may not finish a million in the time there is: the
// job is killed after that many seconds (a crash: the next run sends what it claimed) and the figures
// are those of the mails sent until then; the baseline sends as many.
// Not part of `npm test`: it takes minutes (a million agents: most of an hour) and the whole machine.
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { productionEnv } from '../shared/bench-database.mjs';
import { cpuSeconds } from '../shared/processes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const REDIS = args.includes('--redis');
/** `--agents N` or `--agents=N`; BENCH_AGENTS still works. */
function agentsArgument() {
  const i = args.findIndex((a) => a === '--agents' || a.startsWith('--agents='));
  if (i < 0) return undefined;
  const value = args[i].includes('=') ? args[i].slice(args[i].indexOf('=') + 1) : args[i + 1];
  const n = Number(String(value).replace(/[_,]/g, ''));
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--agents: not a positive whole number: ${value}`);
  return n;
}
const stopAfterIndex = args.indexOf('--stop-after');
const STOP_AFTER_S = stopAfterIndex >= 0 ? Number(args[stopAfterIndex + 1]) : undefined;
const AGENTS = agentsArgument() ?? (Number(process.env.BENCH_AGENTS) || 100_000);
/**
 * The baseline's mails in flight: more than the pool's 10 connections, so the pool limits it, as it does
 * the job (3 in-process send jobs beside the nightly run x MAIL_SEND_CONCURRENCY, 16: ADR 0067).
 */
const IN_FLIGHT = 32;
const DWELLINGS = Number(process.env.BENCH_DWELLINGS) || 2_000;
/** Dwellings with a rent drop: rarer than new ones; every agent of their cities was mailed them before. */
const CHANGED = Number(process.env.BENCH_CHANGED_DWELLINGS) || 20;
const CITIES = 200;
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'husly_bench_boligagent';
const BENCH_URL = Object.assign(new URL(ADMIN_URL), { pathname: `/${DB_NAME}` }).toString();
const log = (...a) => console.log(...a);
/** The biggest active cities, at most CITIES (the reference data has about 130). */
let cities = CITIES;
const env = { ...productionEnv(BENCH_URL), PUBLIC_URL: 'https://husly.dk' };

function run(name, file, extraEnv) {
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": node flags for the app's processes.
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), file], { cwd: root, env: { ...process.env, ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return { child, done: new Promise((resolve) => child.once('exit', (code) => resolve({ code, output }))) };
}

// Where the CPU goes (issue 35's "where the remaining time goes"): CPU seconds of each process of a
// phase from /proc (utime + stime, USER_HZ = 100), so the job, its PostgreSQL backends, the sink and
// the baseline client can be set against their mails. The machine's own busy time says how much of
// it the rest of the machine (other work) took.
const TICKS_PER_S = 100;
function machineBusySeconds() {
  const [, ...t] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
  return (t[0] + t[1] + t[2] + t[5] + t[6] + t[7]) / TICKS_PER_S;
}
/**
 * CPU seconds of the bench database's PostgreSQL backends (their process titles name it) and of the
 * server's own processes since `seen` was started (`start`: what runs now counts from now; a process
 * that starts later counts whole).
 */
function postgresCpu(seen, start = false) {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let title;
    try {
      title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!title.startsWith('postgres: ')) continue;
    const kind = title.includes(DB_NAME) ? 'backends' : /walwriter|background writer|checkpointer|autovacuum/.test(title) ? 'server' : null;
    if (!kind) continue;
    const s = cpuSeconds(pid);
    if (s !== undefined) seen.set(pid, { kind, s, first: seen.get(pid)?.first ?? (start ? s : 0) });
  }
  const sum = { backends: 0, server: 0 };
  // A backend's CPU from when it was first seen (a backend seen at the phase's start counts from there).
  for (const v of seen.values()) sum[v.kind] += v.s - v.first;
  return sum;
}

async function prepareDatabase() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.end();
  const dataDir = mkdtempSync(join(tmpdir(), 'husly-bench-ba-'));
  const { code, output } = await run('seed', 'dist/api/apps/api/src/cli/seed.command.js', { DATA_DIR: dataDir }).done;
  rmSync(dataDir, { recursive: true, force: true });
  if (code !== 0) throw new Error(`reference seed failed (${code}): ${output}`);

  const db = new pg.Client({ connectionString: BENCH_URL });
  await db.connect();
  const started = Date.now();
  await db.query(`INSERT INTO landlords (name, updated_at) VALUES ('Bench udlejer', now())`);
  // The 200 biggest cities; dwellings and prefs spread over them.
  await db.query(`CREATE TEMP TABLE bench_cities AS SELECT id, row_number() OVER (ORDER BY population DESC NULLS LAST, id) - 1 AS n FROM cities WHERE active LIMIT ${CITIES}`);
  cities = Number((await db.query('SELECT count(*) FROM bench_cities')).rows[0].count);
  await db.query(`
    INSERT INTO dwellings (headline, teaser, rent, rooms, size, city_id, landlord_id, status, created_at, updated_at)
    SELECT 'Lys lejlighed nr. ' || g, 'Tæt på alt', 3000 + (g * 37 % 90) * 100, 1 + g % 5, 30 + (g * 13 % 100),
           (SELECT id FROM bench_cities WHERE n = g % ${cities}), (SELECT min(id) FROM landlords), 1,
           now() - interval '2 minutes' - (g % 600) * interval '1 minute', now()
    FROM generate_series(1, ${DWELLINGS}) g`);
  await db.query(`
    INSERT INTO boligagents (email, token, verified_at, last_mailed_at, frequency, language, enabled, created_at, updated_at)
    SELECT 'agent' || g || '@bench.husly.test', md5('bench' || g), now() - interval '30 days', now() - interval '1 day',
           'DAILY', CASE WHEN g % 10 = 0 THEN 'en' ELSE 'da' END, true, now() - interval '30 days', now()
    FROM generate_series(1, ${AGENTS}) g`);
  await db.query(`
    INSERT INTO boligagent_prefs (boligagent_id, city_id, rent, rooms, size, status, created_at, updated_at)
    SELECT a.id, c.id,
           (ARRAY[NULL, 6000, 8000, 10000])[1 + a.id % 4], (ARRAY[NULL, 2, 3])[1 + a.id % 3], (ARRAY[NULL, NULL, 50])[1 + a.id % 3],
           'ACTIVE', now(), now()
    FROM boligagents a JOIN bench_cities c ON c.n = a.id % ${cities}`);
  await db.query(`
    INSERT INTO boligagent_prefs (boligagent_id, city_id, status, created_at, updated_at)
    SELECT a.id, c.id, 'ACTIVE', now(), now()
    FROM boligagents a JOIN bench_cities c ON c.n = (a.id * 7 + 3) % ${cities}
    WHERE a.id % 5 = 0 AND (a.id * 7 + 3) % ${cities} <> a.id % ${cities}`);
  // Change alerts: older dwellings (outside every window), a SENT mail two days ago listing them to
  // each agent of their city, and a rent drop an hour ago.
  await db.query(`
    INSERT INTO dwellings (headline, teaser, rent, rooms, size, city_id, landlord_id, status, created_at, updated_at)
    SELECT 'Billigere lejlighed nr. ' || g, 'Nu billigere', 4500, 3, 60,
           (SELECT id FROM bench_cities WHERE n = g % ${cities}), (SELECT min(id) FROM landlords), 1, now() - interval '3 days', now()
    FROM generate_series(1, ${CHANGED}) g`);
  await db.query(`
    INSERT INTO boligagent_mails (boligagent_id, status, dwelling_count, dwelling_ids, attempts, created_at, sent_at)
    SELECT p.boligagent_id, 'SENT', count(*), array_agg(d.id), 1, now() - interval '2 days', now() - interval '2 days'
    FROM boligagent_prefs p JOIN dwellings d ON d.city_id = p.city_id AND d.headline LIKE 'Billigere %'
    GROUP BY p.boligagent_id`);
  await db.query(`
    INSERT INTO dwelling_changes (dwelling_id, kind, old_rent, new_rent, prior_updated_at, created_at)
    SELECT id, 'RENT_DROP', 5000, 4500, now() - interval '2 days', now() - interval '1 hour' FROM dwellings WHERE headline LIKE 'Billigere %'`);
  await db.query('ANALYZE');
  log(`${DB_NAME}: seeded ${AGENTS.toLocaleString('en')} agents, ${DWELLINGS.toLocaleString('en')} dwellings over ${cities} cities and ${CHANGED} rent drops in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return db;
}

async function main() {
  const db = await prepareDatabase();
  const sink = fork(join(root, 'bench/boligagent/smtp-sink.mjs'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  // Each answer names its question: a progress count may still be on its way when the stats are asked.
  const ask = (message) =>
    new Promise((resolve) => {
      const answer = (reply) => {
        if (reply.reply !== message) return;
        sink.off('message', answer);
        resolve(reply);
      };
      sink.on('message', answer);
      sink.send(message);
    });
  const { port } = await new Promise((resolve) => sink.once('message', resolve));

  const dataDir = mkdtempSync(join(tmpdir(), 'husly-bench-ba-run-'));
  const extra = {
    DATA_DIR: dataDir,
    DB_POOL_SIZE: '32',
    SMTP_URL: `smtp://127.0.0.1:${port}?maxConnections=10&maxMessages=1000`,
    LOG_LEVEL: 'info',
    ...(REDIS ? { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', QUEUE_PREFIX: `husly-bench-${Date.now()}` } : {}),
  };
  const started = Date.now();
  const runStarted = (await db.query('SELECT now() AS t')).rows[0].t;
  const sinkCpuAtStart = cpuSeconds(sink.pid) ?? 0;
  const machineAtStart = machineBusySeconds();
  const jobPostgres = new Map();
  postgresCpu(jobPostgres, true);
  const job = run('boligagent:send', 'dist/api/apps/api/src/cli/boligagent-send.command.js', extra);
  // Its CPU every 200 ms (a read of /proc/PID/stat; what it spends after the last read is lost), the backends' every second.
  let jobCpu = 0;
  const cpuSampler = setInterval(() => (jobCpu = cpuSeconds(job.child.pid) ?? jobCpu), 200);
  const postgresSampler = setInterval(() => postgresCpu(jobPostgres), 1_000);
  // The job process's RSS every second from /proc, and its peak (VmHWM) at the last sample.
  let peakRss = 0;
  const samples = [];
  const sampler = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${job.child.pid}/status`, 'utf8');
      peakRss = Math.max(peakRss, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024);
      samples.push(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024);
    } catch {
      /* exited */
    }
  }, 1_000);
  // A line every 30 s, so a long run shows its course while it runs.
  const progress = setInterval(() => {
    void ask('count').then(({ count }) => log(`  ${Math.round((Date.now() - started) / 1000)} s: RSS ${Math.round((samples.at(-1) ?? 0) / 2 ** 20)} MB, ${count.toLocaleString('en')} mails at the sink`));
  }, 30_000);
  let stopped = false;
  const stopper = STOP_AFTER_S
    ? setTimeout(() => {
        stopped = true;
        log(`  stopping the job after ${STOP_AFTER_S} s (--stop-after)`);
        job.child.kill('SIGKILL');
      }, STOP_AFTER_S * 1000)
    : undefined;
  const { code, output } = await job.done;
  clearInterval(sampler);
  clearInterval(progress);
  clearInterval(cpuSampler);
  clearInterval(postgresSampler);
  clearTimeout(stopper);
  const totalMs = Date.now() - started;
  const jobCpuUse = { job: jobCpu, ...postgresCpu(jobPostgres), sink: (cpuSeconds(sink.pid) ?? 0) - sinkCpuAtStart, machine: machineBusySeconds() - machineAtStart };
  const stats = await ask('stats');
  rmSync(dataDir, { recursive: true, force: true });

  // The baseline: as many mails, through the same transport settings, to the same sink, no job.
  await ask('reset');
  const baselineStarted = Date.now();
  const sinkCpuAtBaseline = cpuSeconds(sink.pid) ?? 0;
  const machineAtBaseline = machineBusySeconds();
  const baselinePostgres = new Map();
  postgresCpu(baselinePostgres, true);
  const client = fork(join(root, 'bench/boligagent/smtp-baseline.mjs'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const baselineDone = new Promise((resolve) => client.once('message', resolve));
  client.send({ smtpUrl: extra.SMTP_URL, count: stats.count, inFlight: IN_FLIGHT, samples: stats.samples });
  const { failed: baselineFailed, cpuSeconds: clientCpu } = await baselineDone;
  client.kill();
  const baseline = await ask('stats');
  const baselineMs = Date.now() - baselineStarted;
  const baselineCpuUse = { job: clientCpu, ...postgresCpu(baselinePostgres), sink: (cpuSeconds(sink.pid) ?? 0) - sinkCpuAtBaseline, machine: machineBusySeconds() - machineAtBaseline };
  sink.send('stop');

  // This run's mails only (the seed's SENT mails of two days ago are what the changes refer to).
  const mails = (await db.query(`SELECT status, count(*)::int AS n FROM boligagent_mails WHERE change_id IS NULL AND created_at >= $1 GROUP BY status`, [runStarted])).rows;
  const changeMails = (await db.query(`SELECT status, count(*)::int AS n FROM boligagent_mails WHERE change_id IS NOT NULL AND created_at >= $1 GROUP BY status`, [runStarted])).rows;
  const deliveries = (await db.query('SELECT coalesce(sum(dwelling_count), 0)::int AS n FROM boligagent_mails WHERE change_id IS NULL AND created_at >= $1', [runStarted])).rows[0].n;
  await db.end();
  // From the digest's log line, which both modes print (the job runs in this process either way).
  const matching = /boligagent digest: .*matching (\d+) ms/.exec(output)?.[1];
  const claiming = /boligagent digest: .*claiming (\d+) ms/.exec(output)?.[1];
  const sendSeconds = (stats.last - stats.first) / 1000;
  const jobRate = sendSeconds > 0 ? stats.count / sendSeconds : 0;
  const baselineSeconds = (baseline.last - baseline.first) / 1000;
  const baselineRate = baselineSeconds > 0 ? baseline.count / baselineSeconds : 0;
  const mb = (bytes) => Math.round(bytes / 2 ** 20);
  const kb = (s) => (s.count ? (s.bytes / s.count / 1024).toFixed(1) : '?');
  // RSS by tenth of the run, and every second (the log keeps the whole curve).
  const tenths = Array.from({ length: 10 }, (_, i) => samples.slice(Math.floor((samples.length * i) / 10), Math.floor((samples.length * (i + 1)) / 10)));
  const half = Math.floor(samples.length / 2);
  const maxOf = (xs) => (xs.length ? mb(Math.max(...xs)) : 0);
  log(output.split('\n').filter((l) => /boligagent:send|digest|ERROR|failed/i.test(l)).slice(0, 8).join('\n'));
  log('');
  if (stopped) log(`STOPPED after ${STOP_AFTER_S} s (--stop-after): the figures are those of the mails sent until then`);
  log(`mode                     ${REDIS ? 'BullMQ on Redis' : 'in-process'}`);
  log(`agents / new dwellings   ${AGENTS.toLocaleString('en')} / ${DWELLINGS.toLocaleString('en')}`);
  log(`mails handed to SMTP     ${stats.count.toLocaleString('en')} (${kb(stats)} kB each on average)`);
  log(`  new-dwelling mails     ${mails.map((m) => `${m.status} ${m.n}`).join(', ') || 'none'} (${deliveries.toLocaleString('en')} dwellings in them)`);
  log(`  change mails           ${changeMails.map((m) => `${m.status} ${m.n}`).join(', ') || 'none'} (${CHANGED} rent drops; claimed by the run's sweep, ADR 0062)`);
  log(`database matching        ${matching ?? '?'} ms (every batch's match: new dwellings per agent, counted and listed)`);
  log(`database claiming        ${claiming ?? '?'} ms (every batch's writes: windows moved, mails inserted)`);
  log(`mails/s to SMTP, job     ${Math.round(jobRate)} (first to last mail: ${sendSeconds.toFixed(1)} s)`);
  log(`mails/s to SMTP, alone   ${Math.round(baselineRate)} (same transport and pool, ${IN_FLIGHT} in flight, ${baseline.count.toLocaleString('en')} copies of ${stats.samples.length} of the job's mails, ${kb(baseline)} kB each, ${baselineFailed} failed; ${(baselineMs / 1000).toFixed(1)} s)`);
  log(`job / alone              ${baselineRate > 0 ? Math.round((jobRate / baselineRate) * 100) : '?'} %`);
  // CPU milliseconds per mail handed to SMTP, by process, and the cores each phase had busy.
  const perMail = (use, count, ms) =>
    `${['job', 'backends', 'server', 'sink'].map((k) => `${k} ${((use[k] * 1000) / Math.max(count, 1)).toFixed(2)}`).join(', ')}; ` +
    `the machine busy ${(use.machine / (ms / 1000)).toFixed(2)} of ${cpus().length} cores, ours ${((use.job + use.backends + use.server + use.sink) / (ms / 1000)).toFixed(2)}`;
  log(`CPU ms per mail, job     ${perMail(jobCpuUse, stats.count, totalMs)} (job: its process; backends: its PostgreSQL connections; server: walwriter, bgwriter, checkpointer, autovacuum)`);
  log(`CPU ms per mail, alone   ${perMail(baselineCpuUse, baseline.count, baselineMs)} (job: the baseline's client)`);
  log(`total time               ${(totalMs / 1000).toFixed(1)} s (job process start to exit, incl. boot)`);
  log(`peak RSS                 ${mb(peakRss)} MB (VmHWM of the job's process)`);
  log(`RSS max by tenth of run  ${tenths.map(maxOf).join(' / ')} MB; max of 1st half ${maxOf(samples.slice(0, half))}, of 2nd half ${maxOf(samples.slice(half))} MB`);
  log(`RSS every second (MB)    ${samples.map(mb).join(' ')}`);
  if (code !== 0 && !stopped) {
    console.error(`boligagent:send exited with ${code}\n${output.slice(-3000)}`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
