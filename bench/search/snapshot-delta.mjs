// node --expose-gc bench/search/snapshot-delta.mjs [built snapshot module] [baseline built snapshot module]
// What a write costs a web process (issue 35): the list snapshot's delta against a full reload, at
// 1,000,000 dwellings in 100 cities (one with ~25 % of them). `npm run build:api` first; the module
// defaults to dist/api/apps/api/src/dwellings/list/dwelling-list.snapshot.js. A micro-benchmark, not
// a test: CPU of this process (process.cpuUsage, user + system), each the median of a few runs.
// Prints the constructor from columns (the in-process part of a reload; decoding 1M rows from pg
// adds ~1.3 s, measured in docs/decisions/0004's runs), withChanges of 1,000 dwellings (spread over
// the cities, and all in the biggest) with the first pages after it, a compaction, and pages on a
// snapshot without a delta (with a second module given: the same pages on that build, the baseline).
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const require = createRequire(import.meta.url);
const [modulePath = 'dist/api/apps/api/src/dwellings/list/dwelling-list.snapshot.js', baselinePath] = process.argv.slice(2);
const { DwellingListSnapshot, snapshotColumns } = require(resolve(modulePath));

const N = 1_000_000;
const CITIES = 100;
const DECODE_MS = 1300;
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 30, 12);
const CUTOFF = NOW - 31 * DAY;

function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const next = seeded(35);

// City sizes: city 1 a quarter, the other 99 by a Zipf-like tail.
const weights = Array.from({ length: CITIES }, (_, c) => (c === 0 ? 0 : 1 / (c + 1)));
const tailSum = weights.reduce((a, b) => a + b, 0);
const cumulative = [];
let acc = 0.25;
cumulative.push(acc);
for (let c = 1; c < CITIES; c++) cumulative.push((acc += (0.75 * weights[c]) / tailSum));
const randomCity = () => {
  const x = next();
  let c = 0;
  while (c < CITIES - 1 && cumulative[c] < x) c++;
  return c + 1;
};
const centre = Array.from({ length: CITIES + 1 }, () => [54.6 + next() * 3, 8.2 + next() * 4.4]);

/** One dwelling's columns, as the loader reads them; created_at in epoch µs. */
function randomRow(id, createdAt, cityId = randomCity()) {
  const rented = next() < 0.08;
  const located = next() < 0.95;
  return {
    id,
    cityId,
    rent: next() < 0.02 ? -1 : 3000 + Math.floor(next() * 40) * 250,
    rooms: next() < 0.03 ? -1 : 1 + Math.floor(next() * 6),
    size: next() < 0.03 ? -1 : 15 + Math.floor(next() * 180),
    deletedAt: rented ? NOW - Math.floor(next() * 30 * DAY) : NaN,
    rowVersion: 1000 + Math.floor(next() * 1e9),
    createdAt,
    pets: next() < 0.3 ? 1 : 0,
    type: Math.floor(next() * 6) - 1,
    availableDay: next() < 0.2 ? 2_147_483_647 : Math.floor(NOW / DAY) + Math.floor(next() * 120) - 30,
    leaseMonths: next() < 0.1 ? -1 : next() < 0.5 ? 0 : [1, 6, 11, 12, 24, 36][Math.floor(next() * 6)],
    monthlyCost: next() < 0.05 ? -1 : 3000 + Math.floor(next() * 60) * 250,
    lat: located ? centre[cityId][0] + (next() - 0.5) * 0.2 : NaN,
    lng: located ? centre[cityId][1] + (next() - 0.5) * 0.3 : NaN,
  };
}

// In list order: newest first; a few dwellings a minute over three years, some in the same µs (import batches).
const T_NEWEST = NOW * 1000;
const columns = snapshotColumns(N);
const createdAts = new Float64Array(N);
{
  let t = T_NEWEST;
  for (let i = 0; i < N; i++) {
    if (next() > 0.1) t -= 1 + Math.floor(next() * 180_000_000);
    createdAts[i] = t;
    const row = randomRow(N - i, t);
    columns.ids[i] = row.id;
    columns.cityIds[i] = row.cityId;
    columns.rents[i] = row.rent;
    columns.rooms[i] = row.rooms;
    columns.sizes[i] = row.size;
    columns.deletedAt[i] = row.deletedAt;
    columns.rowVersions[i] = row.rowVersion;
    if (columns.createdAts) columns.createdAts[i] = row.createdAt;
    columns.pets[i] = row.pets;
    columns.types[i] = row.type;
    columns.availableDays[i] = row.availableDay;
    columns.leaseMonths[i] = row.leaseMonths;
    columns.monthlyCosts[i] = row.monthlyCost;
    columns.lats[i] = row.lat;
    columns.lngs[i] = row.lng;
  }
}
/** The changed rows as the change reader gives them (SnapshotRow). */
const asSnapshotRow = (row) => ({
  id: row.id,
  cityId: row.cityId,
  rent: row.rent,
  rooms: row.rooms,
  size: row.size,
  deletedAt: Number.isNaN(row.deletedAt) ? null : row.deletedAt,
  rowVersion: row.rowVersion,
  createdAt: row.createdAt,
  pets: row.pets,
  dwellingType: row.type < 0 ? null : ['apartment', 'room', 'townhouse', 'villa', 'house'][row.type % 5],
  availableDay: row.availableDay === 2_147_483_647 ? null : row.availableDay,
  leaseMonths: row.leaseMonths < 0 ? null : row.leaseMonths,
  monthlyCost: row.monthlyCost < 0 ? null : row.monthlyCost,
  lat: Number.isNaN(row.lat) ? null : row.lat,
  lng: Number.isNaN(row.lng) ? null : row.lng,
});

const gc = globalThis.gc ?? (() => {});
/** CPU ms (user + system) of fn, and its result. */
function cpu(fn) {
  gc();
  const before = process.cpuUsage();
  const result = fn();
  const used = process.cpuUsage(before);
  return { ms: (used.user + used.system) / 1000, result };
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
function medianCpu(runs, fn) {
  const all = Array.from({ length: runs }, () => cpu(fn));
  return { ms: median(all.map((run) => run.ms)), result: all[all.length - 1].result };
}

let nextId = N + 1;
/**
 * A write of `k` dwellings: 70 % updated (a new rent, rented, moved to another city, re-listed as
 * the newest), 20 % new (the newest), 10 % removed; `inCity` keeps all of them in one city.
 */
function randomWrite(snapshot, k, inCity) {
  const changed = [];
  const removed = [];
  const pickRow = () => {
    for (;;) {
      const i = Math.floor(next() * N);
      if (inCity === undefined || columns.cityIds[i] === inCity) return i;
    }
  };
  for (let c = 0; c < k; c++) {
    const kind = next();
    if (kind < 0.7) {
      const i = pickRow();
      const row = randomRow(columns.ids[i], createdAts[i], columns.cityIds[i]);
      const what = next();
      if (what < 0.5) row.rent = 3000 + Math.floor(next() * 40) * 250;
      else if (what < 0.7) row.deletedAt = NOW;
      else if (what < 0.8 && inCity === undefined) row.cityId = randomCity();
      else row.createdAt = T_NEWEST + 1 + c;
      changed.push(asSnapshotRow(row));
    } else if (kind < 0.9) {
      changed.push(asSnapshotRow(randomRow(nextId++, T_NEWEST + 1 + c, inCity)));
    } else {
      removed.push(columns.ids[pickRow()]);
    }
  }
  return { changed, removed };
}

const BIG = 1;
/** What a process serves first after a write: the biggest city sorted three ways and newest first, another city, the front page. */
const FIRST_PAGES = [
  { cityId: BIG, rentedSince: null, sort: 'rent' },
  { cityId: BIG, rentedSince: null, sort: 'size' },
  { cityId: BIG, rentedSince: null, sort: 'rent-per-m2' },
  { cityId: BIG, rentedSince: new Date(NOW - 14 * DAY) },
  { cityId: 7, rentedSince: null, sort: 'rent' },
  { rentedSince: new Date(NOW - 14 * DAY) },
];
const firstPages = (snapshot) => {
  for (const filter of FIRST_PAGES) snapshot.page(filter, 0, 12);
};
/** A mix of pages for the per-page cost: cities big and small, filters, orders, deep starts. */
const pageMix = (() => {
  const r = seeded(7);
  const pick = (values) => values[Math.floor(r() * values.length)];
  return Array.from({ length: 400 }, () => {
    const filter = { cityId: pick([BIG, BIG, 2, 3, 7, 40, undefined]), rentedSince: pick([null, new Date(NOW - 14 * DAY)]) };
    if (r() < 0.3) filter.rent = pick([6000, 9000, 12000]);
    if (r() < 0.2) filter.rooms = pick([2, 3]);
    if (r() < 0.1) filter.pets = true;
    if (filter.cityId !== undefined && r() < 0.5) filter.sort = pick(['rent', 'size', 'rent-per-m2']);
    return { filter, start: pick([0, 0, 0, 12, 48, 480]), pageSize: pick([12, 12, 48]) };
  });
})();
function pagesCpu(snapshot) {
  for (const { filter, start, pageSize } of pageMix) snapshot.page(filter, start, pageSize); // warm: sorts, JIT
  return medianCpu(5, () => {
    for (let rep = 0; rep < 5; rep++) for (const { filter, start, pageSize } of pageMix) snapshot.page(filter, start, pageSize);
  }).ms / (5 * pageMix.length);
}

const fmt = (ms) => `${ms.toFixed(1)} ms`;
const pct = (part, whole) => `${((100 * part) / whole).toFixed(2)} %`;
console.log(`list snapshot, ${N.toLocaleString('en')} dwellings in ${CITIES} cities (city ${BIG}: ${columns.cityIds.filter((c) => c === BIG).length.toLocaleString('en')}); node ${process.version}${globalThis.gc ? '' : ' (without --expose-gc)'}`);

// A reload's constructor (a warm-up first: the first run pays the JIT).
new DwellingListSnapshot('0', CUTOFF, columns);
const built = medianCpu(3, () => new DwellingListSnapshot('1', CUTOFF, columns));
const full = built.ms + DECODE_MS;
console.log(`full reload:  constructor ${fmt(built.ms)}; + ${DECODE_MS} ms decoding = ${fmt(full)}`);
const loaded = built.result;
const sortCity = cpu(() => firstPages(loaded));
console.log(`first pages on a fresh snapshot (sorts the biggest city three ways): ${fmt(sortCity.ms)}`);

if (typeof loaded.withChanges === 'function') {
  const table = [];
  const measure = (label, from, k, inCity) => {
    const write = randomWrite(from, k, inCity);
    const delta = cpu(() => from.withChanges(String(Number(from.version) + 1), write.changed, write.removed));
    const pages = cpu(() => firstPages(delta.result));
    table.push({ label, delta: delta.ms, pages: pages.ms, snapshot: delta.result });
    console.log(
      `${label.padEnd(44)} withChanges ${fmt(delta.ms).padStart(9)}  + first pages ${fmt(pages.ms).padStart(8)}  = ${pct(delta.ms + pages.ms, full).padStart(7)} of a full reload` +
        `  (tail ${delta.result.delta.tail}, dead ${delta.result.delta.dead})`,
    );
    return delta.result;
  };
  // The first delta on a base also finds each id's row once (rowOf).
  let s = measure('1,000 spread, first delta on the base', loaded, 1000);
  s = measure('1,000 spread, second delta', s, 1000);
  s = measure('1,000 in the biggest city', s, 1000, BIG);
  for (let d = 0; d < 5; d++) s = measure(`1,000 spread, delta ${4 + d}`, s, 1000);
  // Up to the bound (2 % of the rows: 20,000 in the tail or dead), then the compaction.
  let compaction;
  for (let d = 0; !compaction && d < 40; d++) {
    const before = s;
    const write = randomWrite(before, 1000);
    const delta = cpu(() => before.withChanges(String(Number(before.version) + 1), write.changed, write.removed));
    s = delta.result;
    if (s.delta.tail === 0 && s.delta.dead === 0) {
      const pages = cpu(() => firstPages(s));
      compaction = { ms: delta.ms, pages: pages.ms, deltas: d };
    }
  }
  if (compaction) {
    const every = Math.round(20_000 / 1000);
    console.log(
      `compaction (a delta of 1,000 over the bound): withChanges ${fmt(compaction.ms)} + first pages ${fmt(compaction.pages)} (sorted orders carried over) = ${pct(compaction.ms + compaction.pages, full)} of a full reload;` +
        ` once per ~${every} deltas of 1,000: ${fmt((compaction.ms + compaction.pages) / every)} = ${pct((compaction.ms + compaction.pages) / every, full)} a delta amortised`,
    );
  }
  const layered = table[table.length - 1].snapshot;
  console.log(`pages (a mix of ${pageMix.length}): no delta ${(pagesCpu(loaded) * 1000).toFixed(1)} µs a page; with a tail of ${layered.delta.tail} and ${layered.delta.dead} dead ${(pagesCpu(layered) * 1000).toFixed(1)} µs a page`);
} else {
  console.log(`pages (a mix of ${pageMix.length}): ${(pagesCpu(loaded) * 1000).toFixed(1)} µs a page`);
}

if (baselinePath) {
  const baseline = require(resolve(baselinePath));
  const baseColumns = baseline.snapshotColumns(0);
  const theirs = {};
  for (const key of Object.keys(baseColumns)) theirs[key] = columns[key];
  const other = new baseline.DwellingListSnapshot('1', CUTOFF, theirs);
  const mine = new DwellingListSnapshot('1', CUTOFF, columns);
  // Alternating, so both see the same machine.
  const a = [];
  const b = [];
  for (let round = 0; round < 3; round++) {
    a.push(pagesCpu(mine));
    b.push(pagesCpu(other));
  }
  console.log(`pages without a delta: this build ${(median(a) * 1000).toFixed(1)} µs a page, baseline ${(median(b) * 1000).toFixed(1)} µs a page`);
}
