import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SEARCH_SLIDERS } from './constants';
import { countListFilters, LIST_FILTER_NAMES, readListFilters, writeListFilters, type ListFilters } from './list-filters';
import { DWELLING_TYPES, SEARCH_COST_SLIDER, SEARCH_TIMEFRAMES } from './search-options';
import { searchAreaArbitrary } from './search-area.arbitrary';

const some = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
/** Every filter, generated, slider ends included: a filter added to the table without one here does not compile. */
const parts: { [K in keyof ListFilters]-?: fc.Arbitrary<ListFilters[K]> } = {
  rent: some(fc.integer({ min: SEARCH_SLIDERS.rent.min, max: SEARCH_SLIDERS.rent.max })),
  rooms: some(fc.integer({ min: SEARCH_SLIDERS.rooms.min, max: SEARCH_SLIDERS.rooms.max })),
  size: some(fc.integer({ min: SEARCH_SLIDERS.size.min, max: SEARCH_SLIDERS.size.max })),
  monthly: some(fc.integer({ min: 0, max: SEARCH_COST_SLIDER.monthly.max })),
  pets: some(fc.constant(true as const)),
  type: some(fc.constantFrom(...DWELLING_TYPES)),
  movein: some(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))),
  timeframe: some(fc.constantFrom(...SEARCH_TIMEFRAMES)),
  area: some(searchAreaArbitrary()),
  sort: some(fc.constantFrom('rent' as const, 'size' as const, 'rent-per-m2' as const)),
};

/** The filters as a query holds them: what is set and not at its "Any" end. */
function setOnly(filters: ListFilters): ListFilters {
  const unset: Partial<Record<keyof ListFilters, unknown>> = { rent: SEARCH_SLIDERS.rent.default, rooms: SEARCH_SLIDERS.rooms.default, size: SEARCH_SLIDERS.size.default, monthly: SEARCH_COST_SLIDER.monthly.default };
  return Object.fromEntries(Object.entries(filters).filter(([name, value]) => value !== undefined && value !== unset[name as keyof ListFilters])) as ListFilters;
}

describe('the table of list filters', () => {
  it('reads back every filter set it writes (the web writes the URL the API reads)', () => {
    fc.assert(
      fc.property(fc.record(parts), (filters) => {
        const query = writeListFilters(filters);
        expect(readListFilters(Object.fromEntries(query), 'da')).toEqual({ filters: setOnly(filters), errors: [] });
        expect([...query.keys()]).toEqual(LIST_FILTER_NAMES.filter((name) => query.has(name)));
      }),
      { numRuns: 1000, seed: 58 },
    );
  });

  it.each([
    ['rent', 'abc', 'not-integer'],
    ['rooms', '2.5', 'not-integer'],
    ['size', '-1', 'not-integer'],
    ['rent', '2147483648', 'too-big'],
    ['monthly', '-5', 'invalid-value'],
    ['monthly', '99999999999', 'invalid-value'],
    ['pets', 'yes', 'invalid-value'],
    ['type', 'castle', 'invalid-value'],
    ['movein', '2027-02-31', 'invalid-value'],
    ['movein', '1999-12-31', 'invalid-value'],
    ['timeframe', '12-24', 'invalid-value'],
    ['sort', 'RENT', 'invalid-value'],
  ] as const)('refuses %s=%s (%s), naming the parameter', (field, value, code) => {
    expect(readListFilters({ [field]: value }, 'en')).toMatchObject({ filters: {}, errors: [{ field, code }] });
  });

  it('leaves out empty values, sliders at their "Any" end and the default order', () => {
    expect(readListFilters({ rent: '14000', rooms: 1, size: ' 10 ', monthly: '20000', sort: 'newest', pets: '', type: null }, 'da')).toEqual({ filters: {}, errors: [] });
    expect(writeListFilters({ rent: 14000, rooms: 1, size: 10, monthly: 20000 }).toString()).toBe('');
  });

  it('counts the set filters, not the order', () => {
    expect(countListFilters({ rent: 8000, pets: true, sort: 'rent' })).toBe(2);
  });
});
