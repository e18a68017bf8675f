import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveDwellingColumns } from '@husly/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCity, createLandlord, unique } from '../../test/factories';

const MIGRATION = join(__dirname, '../../../../prisma/migrations/20261126050000_dwelling_search_columns/migration.sql');

// The migration's backfill writes deriveDwellingColumns' rules in SQL: the two must agree, or the
// dwellings that existed before the migration would filter differently from those imported after.
const CASES: Array<{ rent: number; available: string | null; timeframe: string | null; facts: Record<string, unknown>; createdAt: string }> = [
  {
    rent: 9000,
    available: 'Snarest',
    timeframe: '0-0',
    createdAt: '2026-11-20T23:30:00Z',
    facts: { expenses_heat: 650, expenses_water: 175, expenses_electricity: 0, expenses_tv: 150, expenses_internet: 0, expenses_misc: 45, expenses_ac: 825, expenses: 1020, prepaid_rent: 9000, deposit: 27000, downpayment: 46020, dwelling_types: ['apartment'] },
  },
  { rent: 9800, available: '2026-12-01', timeframe: '12-24', createdAt: '2026-11-01T10:00:00Z', facts: { deposit: 29400, prepaid_rent: 9800, expenses_heat: 650, dwelling_types: ['loft', 'Villa'] } },
  { rent: 4200, available: null, timeframe: null, createdAt: '2026-11-01T10:00:00Z', facts: {} },
  { rent: -1, available: 'Efter aftale', timeframe: '2027-11-19', createdAt: '2026-11-20T10:00:00Z', facts: { deposit: 15000, expenses: 100, expenses_heat: '600' } },
  { rent: 6000, available: '01/12/2026', timeframe: '6', createdAt: '2026-11-20T10:00:00Z', facts: { expenses_ac: 900, expenses_internet: 199, dwelling_types: 'townhouse, villa' } },
  { rent: 6000, available: '1. december 2026', timeframe: '2027-02-31', createdAt: '2026-11-20T10:00:00Z', facts: { expenses_water: '1.250 kr.', expenses_heat: 'aconto', deposit: 0, downpayment: 0 } },
  { rent: 6000, available: '31/02/2027', timeframe: 'lang tid', createdAt: '2026-11-20T10:00:00Z', facts: { expenses_ac: 500, expenses_heat: 600, expenses_misc: -5, prepaid_rent: '6.000' } },
  { rent: 7000, available: '15. Januar 2027', timeframe: '2026-12-05', createdAt: '2026-11-20T10:00:00Z', facts: { expenses_heat: 650.5, dwelling_types: [] } },
];

describe('the migration backfill of the search columns', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('writes what deriveDwellingColumns derives, case by case', async () => {
    const city = await createCity(t.prisma);
    const landlord = await createLandlord(t.prisma);
    const ids: number[] = [];
    for (const c of CASES) {
      const row = await t.prisma.dwelling.create({
        data: { headline: `Backfill ${unique()}`, rent: c.rent, rooms: 2, size: 60, cityId: city.id, landlordId: landlord.id, available: c.available, timeframe: c.timeframe, facts: c.facts as object, createdAt: new Date(c.createdAt) },
      });
      ids.push(row.id);
    }
    const sql = readFileSync(MIGRATION, 'utf8');
    const backfill = sql.slice(sql.indexOf('-- Backfill'));
    // As adapter-pg's executeScript runs it: split at every semicolon. Only this test's rows are touched,
    // inside a transaction that is rolled back.
    const statements = backfill
      .split(';')
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
      .filter((statement) => statement !== '')
      .map((statement) => statement.replace('WHERE d.id = x.id', `WHERE d.id = x.id AND d.id IN (${ids.map(Number).join(',')})`));
    expect(statements).toHaveLength(5);
    const rolledBack = new Error('rolled back');
    let rows: Array<{ id: number; monthly_cost: number | null; move_in_cost: number | null; available_from: Date | null; lease_months: number | null; dwelling_type: string | null }> = [];
    await t.prisma
      .$transaction(async (tx) => {
        for (const statement of statements) await tx.$executeRawUnsafe(statement);
        rows = await tx.$queryRawUnsafe(`SELECT id, monthly_cost, move_in_cost, available_from, lease_months, dwelling_type FROM dwellings WHERE id IN (${ids.join(',')}) ORDER BY id`);
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
    expect(rows).toHaveLength(CASES.length);
    rows.forEach((row, i) => {
      const c = CASES[i];
      const expected = deriveDwellingColumns({ rent: c.rent, available: c.available, timeframe: c.timeframe, facts: c.facts }, new Date(c.createdAt));
      expect({ case: i, monthlyCost: row.monthly_cost, moveInCost: row.move_in_cost, availableFrom: row.available_from?.toISOString().slice(0, 10) ?? null, leaseMonths: row.lease_months, dwellingType: row.dwelling_type }).toEqual({ case: i, ...expected });
    });
  });
});
