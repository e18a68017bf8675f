// npm run bench:pages [-- --runs 5] [-- --duration 10] [-- --rate 50] [-- --label before] [-- --note "text"]
//                     [-- --only home,city] [-- --reports DIR] [-- --reseed]
//
// What a phone gets from the portal's landing pages (issues 16 and 31), on the built app as production runs it:
// 1. Data: the 1,000,000-dwelling benchmark database husly_bench (bench/shared/bench-database.mjs,
//    created and seeded as bench:search does when missing), one portal (the built API, which serves
//    the web app and renders the pages, NODE_ENV=production, APP_ROLE=web) on it, its list snapshot
//    loaded. The pages: /, /koebenhavn (the largest city page, ~200,000 dwellings), /search?q=aarhus,
//    /vis/{id} (the newest active dwelling in København) and /login, requested with the configured
//    host (PUBLIC_URL http://localhost:{port}). The seeded dwellings have image keys but no files:
//    every image key a page names gets one of the seed's demo illustrations (dist/api/prisma/seed/
//    demo-images.js, blurred 320x240 for visitors), so the list images load as they would. The
//    dwelling map's tiles come from a local stand-in (MAP_TILE_URL; this machine has no internet):
//    256x256 PNGs drawn here, counted under images, not under our HTML, JS or CSS.
// 2. A sequential warm-up pass (20 requests per page; its median is the unloaded render time).
// 3. Lighthouse 13 (its default config: mobile form factor, simulated throttling) in Debian's
//    Chromium (CHROMIUM_PATH overrides /usr/bin/chromium), --runs (5) times per page, each in a new
//    browser: what a first-time visitor sees, cookie-consent banner included. Median performance score
//    and metrics, the other categories' scores, and the median run's insights and diagnostics (the LCP
//    element and its subparts, render-blocking requests and layout-shift culprits included: Lighthouse
//    13 reads this Chromium's trace elements, which 12.2.3 could not, so the probe that stood in for
//    them in a browser of our own is gone).
// 4. Bytes on the wire per page: the HTML as a browser gets it (Accept-Encoding: br, gzip) and in
//    gzip, and the JS and CSS the page loaded in Lighthouse's median run: its transfer (brotli, as
//    the server prefers) and each file fetched again with Accept-Encoding: gzip (the targets are in
//    gzip): a figure, not a target since issue 31 (the 100 KB per page target is retired). 1 KB = 1,000 bytes.
// 5. Server render time: --rate (50) requests/s of each page arriving evenly for --duration (10) s,
//    open loop (bench/search/arrival-rate.mjs), Accept-Encoding: br, gzip: p50/p99/max and errors.
//    Twice: the same URL each time (what the targets name; a visitor's page is rendered once and sent
//    again while it is current, docs/decisions/0028), and each request a page of the same kind at
//    another URL (another city, search, dwelling; / with a campaign parameter), so nearly every one
//    is rendered: what a crawler or a spread of search-engine arrivals costs. X-Cache tells the share sent again.
// Prints a summary against the page targets (issue 31: performance and TBT medians, CLS, render p99) and writes everything to
// bench/pages/results/<date>-<label>.log. Not part of `npm test`; run it on an otherwise idle machine
// (it prints the load average): Lighthouse's simulated timings scale with the CPU it gets.
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { generateReport } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import pg from 'pg';
import sharp from 'sharp';
import { BENCH_DB, BENCH_URL, prepareDatabase, productionEnv, warmMemory } from '../shared/bench-database.mjs';
import { children, freePort, root, sleep, start, stopAll, waitFor } from '../shared/processes.mjs';
import { constantArrivalRate } from '../search/arrival-rate.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const RUNS = Number(option('--runs', 5));
const DURATION = Number(option('--duration', 10));
const RATE = Number(option('--rate', 50));
const LABEL = option('--label', 'run');
const NOTE = option('--note', '');
const ONLY = option('--only', '');
const REPORTS = option('--reports', '');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WARM_UP = 20;
if (!(RUNS >= 1 && DURATION > 0 && RATE > 0) || !/^[\w.-]+$/.test(LABEL)) {
  throw new Error('--runs, --duration and --rate must be positive, --label a plain word');
}

// The landing pages' targets on this machine (issue 31): Lighthouse mobile performance and total
// blocking time as medians of --runs runs, no layout shift in any run, and the server's render p99
// at --rate pages/s. The JavaScript and HTML a page loads are reported as figures; issue 16's 100 KB
// of JavaScript per page is retired (docs/decisions/0055-one-router.md).
const TARGET = { performance: 90, tbt: 200, renderP99: 50, cls: 0 };
const LIGHTHOUSE_VERSION = createRequire(import.meta.url)('lighthouse/package.json').version;
const BROWSER_ENCODING = 'br, gzip';

// --- output: the console and the results file -----------------------------------------------------

const date = new Date().toISOString().slice(0, 10);
const resultsDir = join(root, 'bench', 'pages', 'results');
mkdirSync(resultsDir, { recursive: true });
let resultsFile = join(resultsDir, `${date}-${LABEL}.log`);
for (let n = 2; existsSync(resultsFile); n++) resultsFile = join(resultsDir, `${date}-${LABEL}-${n}.log`);
writeFileSync(resultsFile, '');
const log = (...parts) => {
  const text = parts.join(' ');
  console.log(text);
  appendFileSync(resultsFile, `${text}\n`);
};
const logStderr = (text) => {
  process.stderr.write(text);
  appendFileSync(resultsFile, text);
};

const kb = (bytes) => (Number.isFinite(bytes) ? `${(bytes / 1000).toFixed(1)} KB` : '-');
const ms = (value, digits = 0) => (Number.isFinite(value) ? `${value.toFixed(digits)} ms` : '-');
const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const load = () => loadavg().map((l) => l.toFixed(2)).join(', ');

// --- clean-up on every way out ---------------------------------------------------------------------

const temporary = [];
let chrome = null;
let tileServer = null;
let cleaning = null;
let interrupted = false;
function cleanUp() {
  cleaning ??= (async () => {
    await Promise.allSettled([chrome?.kill(), stopAll(interrupted ? 3000 : 10_000), new Promise((r) => (tileServer ? (tileServer.closeAllConnections(), tileServer.close(r)) : r()))]);
    for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\nbench:pages: ${signal}, stopping the portal and Chromium`);
    appendFileSync(resultsFile, `\ninterrupted (${signal})\n`);
    void cleanUp().then(() => process.exit(130));
  });
}
// Last resort when the process ends without the above (an uncaught error): no orphans.
process.once('exit', () => {
  for (const child of [chrome?.process, ...children]) {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});

// --- raw HTTP: bytes as they travel ------------------------------------------------------------------

/** GET with the given headers; the body as received (still compressed), nothing decoded. */
function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

// --- the map tiles' stand-in -------------------------------------------------------------------------

/** A 256x256 PNG with a few blocks and streets, so that tiles cost about what a town's tiles do. */
async function tilePng() {
  const shapes = [];
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  for (let i = 0; i < 60; i++) {
    const x = Math.floor(random() * 240);
    const y = Math.floor(random() * 240);
    shapes.push(`<rect x="${x}" y="${y}" width="${8 + Math.floor(random() * 30)}" height="${8 + Math.floor(random() * 30)}" fill="#d9d0c9" stroke="#c4b6ab"/>`);
  }
  for (let i = 0; i < 12; i++) {
    const [a, b, c, d] = [random(), random(), random(), random()].map((v) => Math.floor(v * 256));
    shapes.push(`<path d="M${a} 0 Q${b} ${c} ${d} 256" stroke="#fff" stroke-width="${3 + (i % 4) * 2}" fill="none"/>`);
    shapes.push(`<text x="${b}" y="${c}" font-size="10" fill="#555">Gade ${i}</text>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#f2efe9"/>${shapes.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png({ palette: true }).toBuffer();
}

async function startTileServer() {
  const png = await tilePng();
  const port = await freePort();
  const served = { count: 0, bytes: 0 };
  tileServer = createServer((req, res) => {
    served.count++;
    served.bytes += png.length;
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.length, 'Cache-Control': 'max-age=86400', 'Access-Control-Allow-Origin': '*' });
    res.end(png);
  });
  await new Promise((r) => tileServer.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`, tileBytes: png.length, served };
}

// --- data --------------------------------------------------------------------------------------------

/** Other URLs of each page's kind, for the render time of pages rendered afresh (step 5). */
async function pickVariants(db) {
  const cities = await db.query(`SELECT c.slug, c.label FROM cities c WHERE c.active AND EXISTS (SELECT 1 FROM dwellings d WHERE d.city_id = c.id)
    ORDER BY c.population DESC NULLS LAST, c.slug LIMIT 200`);
  const dwellings = await db.query(`SELECT id FROM dwellings TABLESAMPLE SYSTEM (1) REPEATABLE (16) WHERE status = 1 AND deleted_at IS NULL LIMIT 2000`);
  if (cities.rows.length < 10 || dwellings.rows.length < 100) throw new Error(`${BENCH_DB}: too few cities or dwellings for distinct pages`);
  return {
    home: Array.from({ length: 2000 }, (_, i) => `/?utm_campaign=bench-${i}`),
    city: cities.rows.map((c) => `/${c.slug}`),
    search: cities.rows.map((c) => `/search?q=${encodeURIComponent(c.label.toLowerCase())}`),
    dwelling: dwellings.rows.map((d) => `/vis/${d.id}`),
    login: ['/login'],
  };
}

async function pickDwelling(db) {
  const { rows } = await db.query(`SELECT d.id FROM dwellings d JOIN cities c ON c.id = d.city_id
    WHERE c.slug = 'koebenhavn' AND d.status = 1 AND d.deleted_at IS NULL ORDER BY d.created_at DESC, d.id DESC LIMIT 1`);
  if (!rows.length) throw new Error(`${BENCH_DB}: no active dwelling in København`);
  return rows[0].id;
}

/** Gives every image key a page names a file: the demo pool's blurred or full illustration. */
async function linkImages(db, mediaDir, pool, html) {
  const keys = [...new Set(html.match(/\b[0-9a-f]{32}\b/g) ?? [])];
  if (!keys.length) return 0;
  const { rows } = await db.query(
    `SELECT blurred_key AS key, true AS blurred FROM dwelling_images WHERE blurred_key = ANY($1)
     UNION ALL SELECT full_key, false FROM dwelling_images WHERE full_key = ANY($1)`,
    [keys],
  );
  let linked = 0;
  for (const [i, row] of rows.entries()) {
    const target = join(mediaDir, `${row.key}.jpg`);
    if (existsSync(target)) continue;
    const entry = pool[i % pool.length];
    linkSync(row.blurred ? entry.blurred : entry.full, target);
    linked++;
  }
  return linked;
}

// --- Lighthouse ----------------------------------------------------------------------------------------

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['SI', 'speed-index'],
];

/**
 * Runs `task` with a Chromium of its own on a new profile, then ends it and removes the profile.
 * Lighthouse's storage reset keeps cookies and localStorage (clearStorageTypes), so a browser that
 * had seen /vis/{id} showed /login to a returning visitor (the last-viewed cookie): one browser per run.
 */
async function withChromium(task) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'husly-bench-chromium-'));
  temporary.push(userDataDir);
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    // localhost and en.localhost to the address the portal listens on, not first to ::1.
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--host-resolver-rules=MAP localhost 127.0.0.1, MAP *.localhost 127.0.0.1'],
    userDataDir,
    handleSIGINT: false,
    logLevel: 'silent',
  });
  try {
    return await task();
  } finally {
    const process = chrome.process;
    const exited = process.exitCode !== null || process.signalCode !== null ? Promise.resolve() : new Promise((r) => process.once('exit', r));
    chrome.kill();
    await exited;
    chrome = null;
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** One Lighthouse run; a run that fails to record its trace (NO_NAVSTART and the like, now and then) is repeated, twice at most. */
async function runLighthouse(url) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    const error = !result ? 'no result' : result.lhr.runtimeError && `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`;
    if (!error) {
      // The trace's own layout shifts (their elements are what the failing layout-shifts audit would name): where they were.
      const events = result.artifacts?.Trace?.traceEvents ?? [];
      result.lhr.benchShifts = events
        // had_recent_input is set in Lighthouse's emulated loads without any input, and its CLS counts them: no filter on it.
        .filter((e) => e.name === 'LayoutShift' && e.args?.data?.score > 0)
        .map((e) => ({ score: e.args.data.score, rects: (e.args.data.impacted_nodes ?? []).map((n) => `${(n.old_rect ?? []).join(',')} → ${(n.new_rect ?? []).join(',')}`) }));
      return result.lhr;
    }
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${error}`);
    log(`  (Lighthouse on ${url} failed, repeated: ${error})`);
  }
}

const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? NaN) * 100);
const metric = (lhr, id) => lhr.audits[id]?.numericValue ?? NaN;

/** The page's own resources loaded during the run, by Lighthouse's network-requests audit. */
function requestsOf(lhr, origin) {
  return (lhr.audits['network-requests']?.details?.items ?? []).filter((r) => r.url.startsWith(origin));
}

/** Lighthouse's resource-summary: requests and transfer by type (document, script, stylesheet, image, other, total). */
const wireBytes = (lhr) => Object.fromEntries((lhr.audits['resource-summary']?.details?.items ?? []).map((i) => [i.resourceType, i]));

let tileOrigin = null;
const shortUrl = (url, origin) =>
  typeof url === 'string' ? url.replace(origin, '').replace(tileOrigin ?? /^$/, '[map tile stand-in]').replace(/^(.{90}).+$/, '$1…') : '';

/** The median run's findings: what the lead decides the fixes from. */
function findings(lhr, origin) {
  const lines = [];
  const a = lhr.audits;
  // Lighthouse 13's LCP breakdown: a table of subparts, then the element.
  const lcp = a['lcp-breakdown-insight']?.details?.items ?? [];
  const node = lcp.find((item) => item.type === 'node');
  if (node) lines.push(`LCP element: ${node.nodeLabel ?? ''} — ${(node.snippet ?? '').slice(0, 140)}`);
  const subparts = lcp.find((item) => item.type === 'table')?.items ?? [];
  if (subparts.length) lines.push(`LCP subparts: ${subparts.map((p) => `${p.label ?? p.subpart} ${ms(p.duration)}`).join(', ')}`);
  const blocking = a['render-blocking-insight']?.details?.items ?? [];
  lines.push(`render-blocking: ${blocking.length ? blocking.map((b) => `${shortUrl(b.url, origin)} ${kb(b.totalBytes)}`).join(', ') : 'none'}`);
  const shifts = a['layout-shifts']?.details?.items ?? [];
  lines.push(`layout shifts: ${shifts.length ? shifts.map((item) => `${item.score?.toFixed?.(4) ?? item.score} ${item.node?.snippet?.slice(0, 80) ?? ''}`).join('; ') : 'none'}`);

  // Opportunities and diagnostics of the performance category that did not pass, largest saving first.
  const perfRefs = lhr.categories.performance?.auditRefs ?? [];
  const failing = perfRefs
    .map((ref) => a[ref.id])
    .filter((audit) => audit && isNotMetric(audit) && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'notApplicable')
    .map((audit) => {
      const savings = audit.metricSavings ?? {};
      const savedMs = Math.max(0, savings.LCP ?? 0, savings.FCP ?? 0, savings.TBT ?? 0, audit.details?.overallSavingsMs ?? 0);
      return { audit, savedMs, savedBytes: audit.details?.overallSavingsBytes ?? 0 };
    })
    .sort((x, y) => y.savedMs - x.savedMs || y.savedBytes - x.savedBytes);
  const aboutTiles = (audit) => {
    const items = audit.details?.items ?? [];
    return tileOrigin !== null && items.length > 0 && items.every((item) => String(item.url ?? '').startsWith(tileOrigin));
  };
  const tilesOnly = failing.filter(({ audit }) => aboutTiles(audit));
  for (const { audit } of failing.filter(({ audit }) => !aboutTiles(audit))) {
    const savings = Object.entries(audit.metricSavings ?? {})
      .filter(([, v]) => v > 0)
      .map(([k, v]) => `${k} −${k === 'CLS' ? v.toFixed(3) : ms(v)}`)
      .join(', ');
    lines.push(`✗ ${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''}${savings ? ` (est. ${savings})` : ''}`);
    for (const item of (audit.details?.items ?? []).slice(0, 3)) {
      const what = item.url ?? item.node?.snippet ?? item.label ?? item.groupLabel ?? item.entity ?? item.source?.url ?? '';
      const numbers = [
        item.wastedBytes !== undefined && `wasted ${kb(item.wastedBytes)}`,
        item.totalBytes !== undefined && `of ${kb(item.totalBytes)}`,
        item.wastedMs !== undefined && `wasted ${ms(item.wastedMs)}`,
        item.duration !== undefined && `${ms(item.duration)}`,
        item.total !== undefined && `${ms(item.total)}`,
        item.startTime !== undefined && `at ${ms(item.startTime)}`,
      ].filter(Boolean);
      if (what || numbers.length) lines.push(`    ${shortUrl(String(what), origin).slice(0, 110)}  ${numbers.join(', ')}`);
    }
  }
  if (tilesOnly.length) lines.push(`(left out, about the map tiles only, which come from the tile server: ${tilesOnly.map(({ audit }) => audit.title).join('; ')})`);
  // Always: the main thread's work, its long tasks, the DOM and the total weight.
  const always = ['bootup-time', 'mainthread-work-breakdown', 'long-tasks', 'dom-size-insight', 'total-byte-weight', 'server-response-time'];
  lines.push(
    `diagnostics: ${always
      .map((id) => a[id])
      .filter(Boolean)
      .map((audit) => `${audit.id} ${audit.displayValue ?? domElements(audit) ?? (audit.details?.items?.length !== undefined ? `${audit.details.items.length} items` : '')}`)
      .join('; ')}`,
  );
  const longTasks = (a['long-tasks']?.details?.items ?? []).slice(0, 5);
  if (longTasks.length) lines.push(`long tasks: ${longTasks.map((t) => `${shortUrl(t.url, origin) || '?'} ${ms(t.duration)} at ${ms(t.startTime)}`).join('; ')}`);
  // The other categories: what failed, by title.
  for (const category of ['accessibility', 'best-practices', 'seo']) {
    const refs = lhr.categories[category]?.auditRefs ?? [];
    const failed = refs.map((ref) => a[ref.id]).filter((audit) => audit && audit.score !== null && audit.score < 1 && ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode));
    for (const audit of failed) {
      const items = (audit.details?.items ?? [])
        .map((item) => [item.node?.snippet, item.url, item.source].find((v) => typeof v === 'string'))
        .filter(Boolean)
        .slice(0, 2)
        .map((text) => text.slice(0, 100));
      lines.push(`${category} failing: ${audit.title}${items.length ? ` — ${items.join('; ')}` : ''}`);
    }
  }
  for (const warning of lhr.runWarnings ?? []) lines.push(`Lighthouse warning: ${warning}`);
  const broken = Object.values(a).filter((audit) => audit.scoreDisplayMode === 'error');
  if (broken.length) lines.push(`Lighthouse audits that errored: ${broken.map((audit) => audit.id).join(', ')} (${broken[0].errorMessage?.slice(0, 100)})`);
  return lines;
}
/** Lighthouse 13's DOM size insight has no display value: its table's element count. */
function domElements(audit) {
  const total = audit.id === 'dom-size-insight' ? audit.details?.items?.find((item) => item.statistic === 'Total elements')?.value?.value : undefined;
  return total === undefined ? undefined : `${total.toLocaleString('en')} elements`;
}
function isNotMetric(audit) {
  return !METRICS.some(([, id]) => id === audit.id) && !['interactive', 'max-potential-fid'].includes(audit.id);
}

/** Waits until the portal answers /api/health within 50 ms three times running: its backlog is gone. Null after 120 s. */
async function drain(origin) {
  const started = performance.now();
  for (let quick = 0; quick < 3; ) {
    if (performance.now() - started > 120_000) return null;
    const t0 = performance.now();
    await rawGet(`${origin}/api/health`).catch(() => null);
    quick = performance.now() - t0 < 50 ? quick + 1 : 0;
    await sleep(100);
  }
  return performance.now() - started;
}

// --- main ------------------------------------------------------------------------------------------------

function gitDescription() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const branch = execFileSync('git', ['rev-parse', '--abbrev-ref', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).trim() ? ' (uncommitted changes)' : '';
    return `${branch} ${commit}${dirty}`;
  } catch {
    return 'unknown';
  }
}

async function main() {
  const chromiumVersion = (() => {
    try {
      return execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      throw new Error(`no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
    }
  })();
  log(`# bench:pages ${LABEL} ${new Date().toISOString()}`);
  log(`code: ${gitDescription()}; node ${process.version}; lighthouse ${LIGHTHOUSE_VERSION}; ${chromiumVersion}; ${cpus().length} cores`);
  log(`load average at start (1, 5, 15 min): ${load()}${NOTE ? `\nnote: ${NOTE}` : ''}`);
  log(`Lighthouse ${RUNS} runs per page; render time at ${RATE} req/s for ${DURATION} s per page; 1 KB = 1,000 bytes\n`);

  await prepareDatabase({ reseed: args.includes('--reseed'), log });
  const db = new pg.Client({ connectionString: BENCH_URL });
  await db.connect();
  try {
    const dwellingId = await pickDwelling(db);
    const variants = await pickVariants(db);
    const PAGES = [
      { name: 'home', path: '/', landing: true },
      { name: 'city', path: '/koebenhavn', landing: true },
      { name: 'search', path: '/search?q=aarhus', landing: true },
      { name: 'dwelling', path: `/vis/${dwellingId}`, landing: true },
      { name: 'login', path: '/login', landing: false },
    ].filter((p) => !ONLY || ONLY.split(',').includes(p.name));

    // The portal, its images and its map tiles.
    const dataDir = mkdtempSync(join(tmpdir(), 'husly-bench-pages-'));
    temporary.push(dataDir);
    const mediaDir = join(dataDir, 'media', 'dwellings');
    mkdirSync(mediaDir, { recursive: true });
    const require = createRequire(import.meta.url);
    const { generateImagePool } = require(join(root, 'dist/api/prisma/seed/demo-images.js'));
    const pool = await generateImagePool({ dir: join(dataDir, 'image-pool'), count: 24 });
    const tiles = await startTileServer();
    tileOrigin = new URL(tiles.url.replace(/\{.\}/g, '0')).origin;
    const port = await freePort();
    // A host name, as in production: the English links go to en.{host}, which an address cannot have.
    const origin = `http://localhost:${port}`;
    const portal = start(
      'portal',
      process.execPath,
      ['dist/api/apps/api/src/main.js'],
      { ...productionEnv(), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin, APP_ROLE: 'web', DB_POOL_SIZE: '10', MAP_TILE_URL: tiles.url },
      { onStderr: logStderr },
    );
    await waitFor(`${origin}/api/health`, portal);
    const warmed = await warmMemory(origin, 'koebenhavn');
    log(`portal: ${origin} (PUBLIC_URL), ${BENCH_DB}, list snapshot ${warmed === null ? 'NOT loaded within 120 s' : `loaded after ${(warmed / 1000).toFixed(1)} s`}`);

    // Images for what the pages show, and the sequential warm-up.
    let linked = 0;
    for (const page of PAGES) {
      const res = await rawGet(`${origin}${page.path}`);
      if (res.status !== 200) throw new Error(`${page.path}: HTTP ${res.status}`);
      linked += await linkImages(db, mediaDir, pool, res.body.toString('utf8'));
    }
    log(`images: ${linked} image files for the keys the pages name (demo illustrations); map tiles: a ${kb(tiles.tileBytes)} PNG each from ${tiles.url}`);
    log(`\n## Sequential warm-up: ${WARM_UP} requests per page, one at a time (Accept-Encoding: ${BROWSER_ENCODING})`);
    for (const page of PAGES) {
      const times = [];
      for (let i = 0; i < WARM_UP; i++) {
        const t0 = performance.now();
        const res = await rawGet(`${origin}${page.path}`, { 'Accept-Encoding': BROWSER_ENCODING });
        times.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`${page.path}: HTTP ${res.status}`);
      }
      page.sequential = median(times.slice(WARM_UP / 2));
      log(`${page.path.padEnd(22)} first ${ms(times[0], 1)}, median of the last ${WARM_UP / 2} ${ms(page.sequential, 1)}`);
    }

    // Lighthouse.
    log(`\n## Lighthouse (mobile, simulated throttling, default config), ${RUNS} runs per page`);
    log(`A first-time visitor each run (a new Chromium with a new profile): no cookies, so the cookie-consent banner shows, as it does to every new visitor.`);
    log(`load average before Lighthouse: ${load()}`);
    for (const page of PAGES) {
      page.runs = [];
      for (let i = 0; i < RUNS; i++) {
        const lhr = await withChromium(() => runLighthouse(`${origin}${page.path}`));
        page.runs.push(lhr);
        log(
          `${page.path.padEnd(22)} run ${i + 1}: performance ${score(lhr, 'performance')}, ` +
            METRICS.map(([name, id]) => `${name} ${name === 'CLS' ? metric(lhr, id).toFixed(3) : ms(metric(lhr, id))}`).join(', ') +
            ` (benchmarkIndex ${Math.round(lhr.environment?.benchmarkIndex ?? NaN)})`,
        );
        for (const shift of lhr.benchShifts) log(`    layout shift ${shift.score.toFixed(4)}: rects (x,y,w,h, device px) ${shift.rects.join('; ')}`);
      }
      page.median = computeMedianRun(page.runs);
      page.scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(page.runs.map((lhr) => score(lhr, c)))]));
      page.metrics = Object.fromEntries(METRICS.map(([name, id]) => [name, median(page.runs.map((lhr) => metric(lhr, id)))]));
      page.maxCls = Math.max(...page.runs.map((lhr) => metric(lhr, 'cumulative-layout-shift')));
      // The shifts in the traces, summed per run: Lighthouse leaves out those its emulation flags as after input.
      page.maxTraceShift = Math.max(...page.runs.map((lhr) => lhr.benchShifts.reduce((sum, shift) => sum + shift.score, 0)));
      if (REPORTS) {
        mkdirSync(REPORTS, { recursive: true });
        writeFileSync(join(REPORTS, `${date}-${LABEL}-${page.name}.html`), generateReport(page.median, 'html'));
        writeFileSync(join(REPORTS, `${date}-${LABEL}-${page.name}.json`), JSON.stringify(page.median));
      }
    }

    log('\n| page | performance (median, min–max) | FCP | LCP | TBT | CLS (max of runs) | Speed Index | accessibility | best practices | SEO |');
    log('|---|---|---|---|---|---|---|---|---|---|');
    for (const page of PAGES) {
      const perf = page.runs.map((lhr) => score(lhr, 'performance'));
      const m = page.metrics;
      log(
        `| ${page.path} | ${page.scores.performance} (${Math.min(...perf)}–${Math.max(...perf)}) | ${ms(m.FCP)} | ${ms(m.LCP)} | ${ms(m.TBT)} | ` +
          `${m.CLS.toFixed(3)} (${page.maxCls.toFixed(3)}) | ${ms(m.SI)} | ${page.scores.accessibility} | ${page.scores['best-practices']} | ${page.scores.seo} |`,
      );
    }

    log(`\n## Lighthouse's findings per page (its median run: closest to the median FCP and TTI)`);
    for (const page of PAGES) {
      log(`\n### ${page.path}`);
      for (const line of findings(page.median, origin)) log(`  ${line}`);
    }

    // Bytes on the wire.
    log(`\n## Bytes on the wire (HTML fetched again; JS and CSS: what Lighthouse's median run loaded, refetched with Accept-Encoding: gzip)`);
    log(`wire: Lighthouse's transferSize (brotli where the server has it, response headers included); gzip and raw: bodies only`);
    log('| page | HTML br / gzip / raw | JS files: wire / gzip / raw | CSS files: wire / gzip / raw | images: wire | other: wire | all requests: wire |');
    log('|---|---|---|---|---|---|---|');
    for (const page of PAGES) {
      const url = `${origin}${page.path}`;
      const [br, gz, raw] = await Promise.all([
        rawGet(url, { 'Accept-Encoding': BROWSER_ENCODING }),
        rawGet(url, { 'Accept-Encoding': 'gzip' }),
        rawGet(url, { 'Accept-Encoding': 'identity' }),
      ]);
      page.html = { br: br.body.length, gzip: gz.body.length, raw: raw.body.length, encoding: br.headers['content-encoding'] ?? 'none' };
      const requests = requestsOf(page.median, origin);
      const sum = async (type) => {
        const files = [...new Map(requests.filter((r) => r.resourceType === type).map((r) => [r.url, r])).values()];
        const sizes = await Promise.all(
          files.map(async (r) => {
            const [g, plain] = await Promise.all([rawGet(r.url, { 'Accept-Encoding': 'gzip' }), rawGet(r.url, { 'Accept-Encoding': 'identity' })]);
            return { url: r.url, wire: r.transferSize ?? 0, gzip: g.body.length, raw: plain.body.length, gzipped: g.headers['content-encoding'] === 'gzip' };
          }),
        );
        const total = (key) => sizes.reduce((s, f) => s + f[key], 0);
        return { files: sizes, wire: total('wire'), gzip: total('gzip'), raw: total('raw') };
      };
      page.js = await sum('Script');
      page.css = await sum('Stylesheet');
      const summary = wireBytes(page.median);
      log(
        `| ${page.path} | ${kb(page.html.br)} (${page.html.encoding}) / ${kb(page.html.gzip)} / ${kb(page.html.raw)} | ` +
          `${page.js.files.length}: ${kb(page.js.wire)} / ${kb(page.js.gzip)} / ${kb(page.js.raw)} | ${page.css.files.length}: ${kb(page.css.wire)} / ${kb(page.css.gzip)} / ${kb(page.css.raw)} | ` +
          `${summary.image?.requestCount ?? 0}: ${kb(summary.image?.transferSize)} | ${summary.other?.requestCount ?? 0}: ${kb(summary.other?.transferSize)} | ${summary.total?.requestCount ?? 0}: ${kb(summary.total?.transferSize)} |`,
      );
    }
    log('\nJS and CSS files per page (gzip size; * = served uncompressed to a gzip-only client):');
    for (const page of PAGES) {
      const list = [...page.js.files, ...page.css.files].map((f) => `${f.url.replace(`${origin}/assets/`, '')} ${kb(f.gzip)}${f.gzipped || f.raw < 1000 ? '' : '*'}`);
      log(`  ${page.path}: ${list.join(', ')}`);
    }
    const notFound = PAGES.flatMap((page) => requestsOf(page.median, '').filter((r) => r.statusCode >= 400).map((r) => `${page.path}: ${r.statusCode} ${r.url}`));
    log(`failed requests during the Lighthouse runs: ${notFound.length ? `\n  ${notFound.join('\n  ')}` : 'none'}`);
    log(`map tiles served by the stand-in: ${tiles.served.count} (${kb(tiles.served.bytes)}) over all runs`);

    // Server render time under load.
    log(`\n## Server render time: ${RATE} req/s per page arriving evenly for ${DURATION} s (open loop), Accept-Encoding: ${BROWSER_ENCODING}`);
    log(`load average before the load: ${load()}`);
    log(`latency from each request's due time; a request unanswered 10 s after it was due is a timeout. An overloaded portal keeps rendering`);
    log(`requests whose clients gave up: the next page waits until it answers /api/health within 50 ms again (the drain column).`);
    log('| page | achieved req/s | p50 | p90 | p99 | max | errors (non-2xx, socket, timeout) | sequential median | drain |');
    log('|---|---|---|---|---|---|---|---|---|');
    for (const page of PAGES) {
      const result = await constantArrivalRate({
        url: origin,
        nextPath: () => page.path,
        rate: RATE,
        duration: DURATION,
        headers: { 'Accept-Encoding': BROWSER_ENCODING, Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      });
      page.load = result;
      page.drained = await drain(origin);
      const l = result.latency;
      log(
        `| ${page.path} | ${result.requests.average.toFixed(1)} | ${ms(l.p50, 1)} | ${ms(l.p90, 1)} | ${ms(l.p99, 1)} | ${ms(l.max, 1)} | ` +
          `${result.non2xx + result.errors + result.timeouts} (${result.non2xx}, ${result.errors}, ${result.timeouts}) | ${ms(page.sequential, 1)} | ` +
          `${page.drained === null ? 'NOT within 120 s' : `${(page.drained / 1000).toFixed(1)} s`} |`,
      );
    }

    log(`\n## The same, each request another URL of the page's kind (rendered afresh unless a URL comes round again within the page cache's 5 s)`);
    log(`load average before the load: ${load()}`);
    log('| page kind | distinct URLs | achieved req/s | p50 | p90 | p99 | max | errors (non-2xx, socket, timeout) | sent again (X-Cache: hit) | drain |');
    log('|---|---|---|---|---|---|---|---|---|---|');
    for (const page of PAGES) {
      const paths = variants[page.name];
      let next = 0;
      let hits = 0;
      let answered = 0;
      const result = await constantArrivalRate({
        url: origin,
        nextPath: () => paths[next++ % paths.length],
        rate: RATE,
        duration: DURATION,
        headers: { 'Accept-Encoding': BROWSER_ENCODING, Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
        onResponse: (_status, headers) => {
          answered++;
          if (headers['x-cache'] === 'hit') hits++;
        },
      });
      page.distinct = result;
      const drained = await drain(origin);
      const l = result.latency;
      log(
        `| ${page.name} (${paths[0]}, …) | ${paths.length} | ${result.requests.average.toFixed(1)} | ${ms(l.p50, 1)} | ${ms(l.p90, 1)} | ${ms(l.p99, 1)} | ${ms(l.max, 1)} | ` +
          `${result.non2xx + result.errors + result.timeouts} (${result.non2xx}, ${result.errors}, ${result.timeouts}) | ${answered ? Math.round((100 * hits) / answered) : 0} % | ` +
          `${drained === null ? 'NOT within 120 s' : `${(drained / 1000).toFixed(1)} s`} |`,
      );
    }

    // Summary.
    log(`\n## Summary against the landing pages' targets (issue 31; load average at the end: ${load()})`);
    log(`Lighthouse: medians of ${RUNS} runs. JavaScript and HTML: gzip bytes a page loads, figures without a target (issue 16's 100 KB is retired).`);
    log(
      `| page | Lighthouse performance ≥ ${TARGET.performance} | TBT ≤ ${TARGET.tbt} ms | CLS ${TARGET.cls} (every run; the traces' shifts too) | ` +
        `render p99 ≤ ${TARGET.renderP99} ms at ${RATE}/s | JS gzip | HTML gzip |`,
    );
    log('|---|---|---|---|---|---|---|');
    const verdict = (ok) => (ok ? 'pass' : 'FAIL');
    let failures = 0;
    for (const page of PAGES) {
      // /login is measured beside the landing pages, against no target.
      const target = (ok) => (page.landing ? ok : null);
      const errors = page.load.non2xx + page.load.errors + page.load.timeouts;
      const checks = [
        [target(page.scores.performance >= TARGET.performance), `${page.scores.performance}`],
        [target(page.metrics.TBT <= TARGET.tbt), ms(page.metrics.TBT)],
        [target(page.maxCls <= TARGET.cls && page.maxTraceShift <= TARGET.cls), `${page.maxCls.toFixed(3)}${page.maxTraceShift > page.maxCls ? ` (trace ${page.maxTraceShift.toFixed(3)})` : ''}`],
        [target(page.load.latency.p99 <= TARGET.renderP99 && page.load.requests.average >= RATE * 0.99 && errors === 0), `${ms(page.load.latency.p99, 1)}${errors ? `, ${errors} errors` : ''}`],
        [null, kb(page.js.gzip)],
        [null, kb(page.html.gzip)],
      ];
      failures += checks.filter(([ok]) => ok === false).length;
      log(`| ${page.path} | ${checks.map(([ok, text]) => (ok === null ? text : `${verdict(ok)} ${text}`)).join(' | ')} |`);
    }
    log(`\n${failures === 0 ? 'every target met' : `${failures} target${failures === 1 ? '' : 's'} missed`}; load average ${load()} on ${cpus().length} cores${NOTE ? ` (${NOTE})` : ''}`);
    log(`written to ${resultsFile.replace(`${root}/`, '')}`);
  } finally {
    await db.end();
  }
}

main()
  .then(() => cleanUp())
  .catch(async (error) => {
    if (interrupted) return; // the signal handler ends the process
    console.error('bench:pages failed:', error);
    appendFileSync(resultsFile, `bench:pages failed: ${error?.stack ?? error}\n`);
    await cleanUp();
    process.exit(1);
  });
