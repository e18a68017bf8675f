import { describe, expect, it } from 'vitest';
import { dwellingChangeOf, type DwellingState } from './dwelling-change';

const vacant = (rent: number): DwellingState => ({ rent, status: 1, deletedAt: null });
const rented = (rent: number): DwellingState => ({ rent, status: 1, deletedAt: new Date('2026-11-01T00:00:00Z') });
const reserved = (rent: number): DwellingState => ({ rent, status: 2, deletedAt: null });

describe('dwellingChangeOf', () => {
  it.each([
    ['a lower rent of a vacant dwelling', vacant(7000), vacant(6500), 'RENT_DROP'],
    ['a higher rent', vacant(7000), vacant(7500), null],
    ['the same rent', vacant(7000), vacant(7000), null],
    ['a rent that became known', vacant(-1), vacant(6000), null],
    ['a rent that became unknown', vacant(7000), vacant(-1), null],
    ['a rented dwelling back in the feed', rented(7000), vacant(7000), 'BACK_ON_MARKET'],
    ['back, and cheaper: one change', rented(7000), vacant(6000), 'BACK_ON_MARKET'],
    ['a reserved dwelling free again', reserved(7000), vacant(7000), 'BACK_ON_MARKET'],
    ['a vacant dwelling reserved, cheaper: reserved', vacant(7000), reserved(6000), 'RESERVED'],
    ['a reserved dwelling still reserved', reserved(7000), reserved(7000), null],
    ['a rented dwelling listed again as reserved', rented(7000), reserved(7000), null],
    ['a vacant dwelling withdrawn as not found', vacant(7000), { rent: 7000, status: 0, deletedAt: null }, null],
    ['a vacant dwelling rented', vacant(7000), rented(7000), 'RENTED'],
    ['a reserved dwelling rented', reserved(7000), rented(7000), 'RENTED'],
    ['a rented dwelling still rented', rented(7000), rented(6000), null],
  ] as const)('%s', (_name, before, after, expected) => {
    expect(dwellingChangeOf(before, after)).toBe(expected);
  });
});
