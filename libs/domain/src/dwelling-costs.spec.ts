import { describe, expect, it } from 'vitest';
import {
  availableFrom,
  deriveDwellingColumns,
  dwellingTypeOf,
  factAmount,
  leaseMonths,
  matchesTimeframe,
  monthlyCost,
  monthlyExpenses,
  moveInCost,
  type SearchTimeframe,
} from './dwelling-costs';

// A demo dwelling's facts as prisma/seed/demo-dwellings.ts writes them: expenses_ac = heat + water +
// electricity, expenses = expenses_ac + tv + internet + misc, downpayment = deposit + prepaid + rent + expenses.
const demo = {
  expenses_heat: 650,
  expenses_water: 175,
  expenses_electricity: 0,
  expenses_tv: 150,
  expenses_internet: 0,
  expenses_misc: 45,
  expenses_ac: 825,
  expenses: 1020,
  prepaid_rent: 9000,
  deposit: 27000,
  downpayment: 27000 + 9000 + 9000 + 1020,
  houses: 1,
  dwelling_types: ['apartment'],
};
const LISTED = new Date('2026-11-20T10:00:00Z');

describe('monthly expenses and the monthly total', () => {
  it.each([
    ['the demo data: expenses is already the sum', demo, 1020],
    ['the example feed: heat alone', { deposit: 29400, prepaid_rent: 9800, expenses_heat: 650 }, 650],
    ['items without totals are added', { expenses_heat: 500, expenses_water: 200, expenses_tv: 100 }, 800],
    ['expenses_ac stands in for heat, water, electricity', { expenses_ac: 900, expenses_internet: 199 }, 1099],
    ['the aconto items when larger than a stale expenses_ac', { expenses_ac: 500, expenses_heat: 600 }, 600],
    ['a total smaller than its items is not trusted over them', { expenses: 100, expenses_heat: 600 }, 600],
    ['a total alone', { expenses: 1200 }, 1200],
    ['amounts as text', { expenses_heat: '650', expenses_water: '1.250 kr.' }, 1900],
    ['all included (zeros)', { expenses: 0, expenses_ac: 0 }, 0],
    ['no expense named', { deposit: 10000 }, null],
    ['no facts', null, null],
    ['unreadable amounts are no amount', { expenses_heat: 'aconto', expenses_water: -50 }, null],
  ])('%s', (_name, facts, expected) => {
    expect(monthlyExpenses(facts)).toBe(expected);
  });

  it.each([
    [9000, demo, 10020],
    [4200, {}, 4200],
    [-1, demo, null],
  ])('monthlyCost(%d) → %s', (rent, facts, expected) => {
    expect(monthlyCost(rent, facts)).toBe(expected);
  });
});

describe('move-in cost', () => {
  it.each([
    ['the stated move-in price (downpayment)', 9000, demo, 46020],
    ['deposit + prepaid + first month without a stated price', 9800, { deposit: 29400, prepaid_rent: 9800, expenses_heat: 650 }, 29400 + 9800 + 10450],
    ['deposit only', 5000, { deposit: 15000 }, 20000],
    ['a zero downpayment is not a price', 5000, { deposit: 15000, downpayment: 0 }, 20000],
    ['nothing known', 5000, { expenses_heat: 300 }, null],
    ['unknown rent: deposit and prepaid only', -1, { deposit: 15000 }, 15000],
  ])('%s', (_name, rent, facts, expected) => {
    expect(moveInCost(rent, facts)).toBe(expected);
  });
});

describe('fact amounts', () => {
  it.each([
    [650, 650],
    [650.4, 650],
    ['650', 650],
    ['1.250', 1250],
    ['1.250,50 kr.', 1250],
    ['650 DKK', 650],
    [-1, null],
    ['', null],
    ['ca. 600', null],
    [Number.NaN, null],
    [null, null],
    [['650'], null],
  ])('%j → %s', (value, expected) => {
    expect(factAmount(value)).toBe(expected);
  });
});

describe('available from', () => {
  it.each([
    ['2026-12-01', '2026-12-01'],
    ['01/12/2026', '2026-12-01'],
    ['1-12-2026', '2026-12-01'],
    ['1.12.2026', '2026-12-01'],
    ['1. december 2026', '2026-12-01'],
    ['15. Januar 2027', '2027-01-15'],
    ['Snarest', '2026-11-20'],
    ['straks', '2026-11-20'],
    ['Efter aftale', null],
    ['', null],
    [null, null],
    ['31/02/2027', null],
    ['1. smarch 2027', null],
  ])('%j → %s', (text, expected) => {
    expect(availableFrom(text, LISTED)).toBe(expected);
  });

  it('"Snarest" is the Danish day it was listed (23:30 UTC is the next day in Copenhagen)', () => {
    expect(availableFrom('Snarest', new Date('2026-11-20T23:30:00Z'))).toBe('2026-11-21');
  });
});

describe('lease months and the rental-period filter', () => {
  it.each([
    ['0-0', 0],
    ['0', 0],
    ['12-0', 0],
    ['12-24', 24],
    ['6', 6],
    ['1-6', 6],
    ['2027-11-30', 12],
    ['2027-11-19', 11],
    ['2026-12-05', 1],
    ['2027-02-31', null],
    ['', null],
    [null, null],
    ['lang tid', null],
  ])('%j → %s', (timeframe, expected) => {
    expect(leaseMonths(timeframe, LISTED)).toBe(expected);
  });

  it.each<[number | null, SearchTimeframe, boolean]>([
    [0, 'nolimit', true],
    [24, 'nolimit', false],
    [0, 'gt1y', true],
    [12, 'gt1y', true],
    [11, 'gt1y', false],
    [6, 'lt1y', true],
    [12, 'lt1y', false],
    [0, 'lt1y', false],
    [null, 'nolimit', false],
    [null, 'gt1y', false],
    [null, 'lt1y', false],
  ])('%s months, %s → %s', (months, wanted, expected) => {
    expect(matchesTimeframe(months, wanted)).toBe(expected);
  });
});

describe('dwelling type', () => {
  it.each([
    [{ dwelling_types: ['apartment'] }, 'apartment'],
    [{ dwelling_types: ['loft', 'Villa'] }, 'villa'],
    [{ dwelling_types: 'room' }, 'room'],
    [{ dwelling_types: 'townhouse, villa' }, 'townhouse'],
    [{ dwelling_types: [] }, null],
    [{}, null],
  ])('%j → %s', (facts, expected) => {
    expect(dwellingTypeOf(facts)).toBe(expected);
  });
});

it('deriveDwellingColumns gathers them all', () => {
  expect(deriveDwellingColumns({ rent: 9000, available: 'Snarest', timeframe: '0-0', facts: demo }, LISTED)).toEqual({
    monthlyCost: 10020,
    moveInCost: 46020,
    availableFrom: '2026-11-20',
    leaseMonths: 0,
    dwellingType: 'apartment',
  });
});
