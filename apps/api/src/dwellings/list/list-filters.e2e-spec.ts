import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DWELLING_TYPES, SEARCH_TIMEFRAMES } from '@husly/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCity, createLandlord } from '../../../test/factories';
import { dwellingListStatement } from './dwelling-list.query';
import { DwellingListReader } from './dwelling-list.reader';
import type { ListFilter } from './list-filters';

// The table of list filters (docs/decisions/0058) gives every filter a SQL condition and an
// in-memory test. This checks that they agree, on generated dwellings and generated lists, against
// the real PostgreSQL: the page and the count of the list statement equal the snapshot's. A database
// of its own, since every run replaces all its dwellings.
const DAY = 86_400_000;
const NOW = Math.floor(Date.now() / 1000) * 1000;
const TODAY = Math.floor(NOW / DAY);
const dayText = (offset: number) => new Date((TODAY + offset) * DAY).toISOString().slice(0, 10);
/** Rented dwellings older than this are not in the snapshot; every generated window starts later. */
const CUTOFF = new Date(NOW - 30 * DAY);

/** A dwelling as the statement and the snapshot read it: few distinct values, so ties and boundaries are common. */
const dwelling = (cityIds: number[]) =>
  fc.record({
    cityId: fc.constantFrom(...cityIds),
    rent: fc.oneof(fc.constant(-1), fc.integer({ min: 0, max: 20 }).map((n) => n * 1000)),
    rooms: fc.integer({ min: -1, max: 6 }),
    size: fc.oneof(fc.constant(-1), fc.integer({ min: 0, max: 15 }).map((n) => n * 10)),
    createdHour: fc.integer({ min: 0, max: 30 }),
    rentedDaysAgo: fc.option(fc.integer({ min: 0, max: 25 })),
    pets: fc.constantFrom(1, -1, null),
    dwellingType: fc.option(fc.constantFrom(...DWELLING_TYPES)),
    availableDay: fc.option(fc.integer({ min: -20, max: 90 })),
    leaseMonths: fc.option(fc.constantFrom(0, 1, 6, 11, 12, 24)),
    monthlyCost: fc.option(fc.integer({ min: 0, max: 40 }).map((n) => n * 500)),
  });

/** A filter set in one list of three or so: with most set, nearly every page would be empty (and agree trivially). */
const some = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary, weight: 1 });

/** Every part of a list, generated: a filter added to ListFilter without one here does not compile. */
function listFilter(cityIds: number[]): fc.Arbitrary<ListFilter> {
  const parts: { [K in keyof ListFilter]-?: fc.Arbitrary<ListFilter[K]> } = {
    cityId: some(fc.constantFrom(...cityIds, 2_000_000_000)),
    rent: some(fc.oneof(fc.constant(-1), fc.integer({ min: 0, max: 21 }).map((n) => n * 1000))),
    rooms: some(fc.integer({ min: -1, max: 7 })),
    size: some(fc.integer({ min: -1, max: 16 }).map((n) => n * 10)),
    rentedSince: fc.option(fc.integer({ min: 0, max: 26 }).map((days) => new Date(NOW - days * DAY)), { nil: null }),
    pets: some(fc.constant(true as const)),
    type: some(fc.constantFrom(...DWELLING_TYPES)),
    movein: some(fc.integer({ min: -25, max: 95 }).map(dayText)),
    monthly: some(fc.integer({ min: 0, max: 42 }).map((n) => n * 500)),
    timeframe: some(fc.constantFrom(...SEARCH_TIMEFRAMES)),
    sort: some(fc.constantFrom('rent' as const, 'size' as const, 'rent-per-m2' as const)),
  };
  // The snapshot holds other orders per city only, as the routes ask for them (a sorted list names a city).
  return fc.record(parts).map((filter) => (filter.sort !== undefined && filter.cityId === undefined ? { ...filter, cityId: cityIds[0] } : filter));
}

describe('the list filters in SQL and in memory', () => {
  let t: TestApp;
  let cityIds: number[];
  let landlordId: number;

  beforeAll(async () => {
    t = await createTestApp({ ownDatabase: true, env: { DWELLING_LISTS_IN_MEMORY: 'false' } });
    cityIds = [];
    for (let i = 0; i < 3; i++) cityIds.push((await createCity(t.prisma)).id);
    landlordId = (await createLandlord(t.prisma)).id;
  }, 120_000);

  afterAll(() => t?.close());

  it('find the same pages and counts for every generated list of generated dwellings', async () => {
    const reader = t.app.get(DwellingListReader);
    let run = 0;
    let pages = 0;
    let filled = 0;
    const list = fc.record({ filter: listFilter(cityIds), start: fc.constantFrom(0, 0, 1, 4, 25), pageSize: fc.constantFrom(1, 7, 150) });
    await fc.assert(
      fc.asyncProperty(fc.array(dwelling(cityIds), { minLength: 30, maxLength: 80 }), fc.array(list, { minLength: 1, maxLength: 15 }), async (rows, lists) => {
        run++;
        await t.prisma.dwelling.deleteMany({});
        await t.prisma.dwelling.createMany({
          data: rows.map((row, i) => ({
            externalId: `filters-${run}-${i}`,
            source: 'test',
            headline: `Bolig ${i}`,
            rent: row.rent,
            rooms: row.rooms,
            size: row.size,
            cityId: row.cityId,
            landlordId,
            // Whole seconds: the snapshot holds times in milliseconds, the database in microseconds.
            createdAt: new Date(NOW - 40 * DAY + row.createdHour * 3_600_000),
            deletedAt: row.rentedDaysAgo === null ? null : new Date(NOW - row.rentedDaysAgo * DAY),
            pets: row.pets,
            dwellingType: row.dwellingType,
            availableFrom: row.availableDay === null ? null : new Date((TODAY + row.availableDay) * DAY),
            leaseMonths: row.leaseMonths,
            monthlyCost: row.monthlyCost,
          })),
        });
        const snapshot = await reader.snapshot(CUTOFF);
        for (const { filter, start, pageSize } of lists) {
          const context = JSON.stringify({ filter, start, pageSize });
          expect(snapshot.covers(filter), context).toBe(true);
          const fromSql = await reader.list(dwellingListStatement(filter, { after: null, skip: start }, pageSize, 'blurred_key'));
          const fromMemory = snapshot.page(filter, start, pageSize);
          expect(snapshot.version, context).toBe(fromSql.version);
          expect(fromMemory.rows.map((row) => snapshot.id(row)), context).toEqual(fromSql.dwellings.map((d) => d.id));
          expect(fromMemory.total, context).toBe(fromSql.total);
          pages++;
          if (fromSql.dwellings.length > 0) filled++;
        }
      }),
      // A fixed seed: a failure is found again by the next run (fast-check prints the failing case).
      { numRuns: 40, seed: 58 },
    );
    // The lists compared real pages, not only empty ones.
    expect(filled).toBeGreaterThan(pages / 3);
  }, 240_000);
});
