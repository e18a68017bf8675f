import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DWELLING_TYPES, LIST_FILTER_NAMES, readSearchArea, SEARCH_TIMEFRAMES, type SearchArea } from '@husly/domain';
import { LIST_CONDITIONS, listKey, type ListFilter } from './list-filters';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 29, 12);
/** Two areas; one of them twice, as two arrays of the same corners (one list, one key). */
const area = (text: string): SearchArea => readSearchArea(text).value ?? [];
const SQUARE = '_errI_lhkA?_pR_sN??~oR~rN?';
const AREAS = [area(SQUARE), area(SQUARE), area('_hnrI_lhkAoqP_|B?_db@nqP~`f@')];
const some = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

/** Every part of a list, generated: a filter added to ListFilter without one here does not compile. */
const parts: { [K in keyof ListFilter]-?: fc.Arbitrary<ListFilter[K]> } = {
  cityId: some(fc.integer({ min: 1, max: 4 })),
  rent: some(fc.integer({ min: -1, max: 3 }).map((n) => n * 1000)),
  rooms: some(fc.integer({ min: -1, max: 3 })),
  size: some(fc.integer({ min: -1, max: 3 }).map((n) => n * 10)),
  rentedSince: fc.option(fc.integer({ min: 0, max: 20 }).map((days) => new Date(NOW - days * DAY)), { nil: null }),
  pets: some(fc.constant(true as const)),
  type: some(fc.constantFrom(...DWELLING_TYPES)),
  movein: some(fc.constantFrom('2026-12-01', '2027-01-01')),
  monthly: some(fc.integer({ min: 0, max: 3 }).map((n) => n * 1000)),
  timeframe: some(fc.constantFrom(...SEARCH_TIMEFRAMES)),
  area: some(fc.constantFrom(...AREAS)),
  sort: some(fc.constantFrom('rent' as const, 'size' as const, 'rent-per-m2' as const)),
};
const names = Object.keys(parts) as Array<keyof ListFilter>;
const listFilter = fc.record(parts);

/** Whether two values of one part make the same list: the rented window's time does not (it moves with the clock). */
function sameList<K extends keyof ListFilter>(name: K, a: ListFilter[K], b: ListFilter[K]): boolean {
  if (name === 'rentedSince') return (a === null) === (b === null);
  if (name === 'area') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

describe('listKey (the page cursors and the page cache key on it)', () => {
  it('has a part for every list filter of the domain and every condition of the API', () => {
    expect(new Set(names)).toEqual(new Set([...LIST_FILTER_NAMES, ...Object.keys(LIST_CONDITIONS)]));
  });

  it('gives two lists that differ in any one part different keys', () => {
    fc.assert(
      fc.property(listFilter, fc.constantFrom(...names), listFilter, (a, name, b) => {
        fc.pre(!sameList(name, a[name], b[name]));
        expect(listKey({ ...a, [name]: b[name] })).not.toBe(listKey(a));
      }),
      { numRuns: 2000, seed: 58 },
    );
  });

  it('gives two lists one key only when every part makes the same list', () => {
    fc.assert(
      fc.property(listFilter, listFilter, (a, b) => {
        const same = names.every((name) => sameList(name, a[name], b[name]));
        expect(listKey(a) === listKey(b)).toBe(same);
      }),
      { numRuns: 2000, seed: 58 },
    );
  });

  it('keeps one key for a list while its rented window moves, and for a filter that is absent or undefined', () => {
    const base: ListFilter = { cityId: 3, rent: 8000, rentedSince: new Date(NOW - 14 * DAY) };
    expect(listKey({ ...base, rentedSince: new Date(NOW - 13 * DAY) })).toBe(listKey(base));
    expect(listKey({ ...base, pets: undefined, sort: undefined })).toBe(listKey(base));
    expect(listKey({ ...base, rentedSince: null })).not.toBe(listKey(base));
  });
});
