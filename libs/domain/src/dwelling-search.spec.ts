import { describe, it, expect } from 'vitest';
import {
  contactFailureOutcome,
  dwellingListDateLabel,
  dwellingListState,
  effectivePageSize,
  frontPageTotal,
  isContactable,
  rentedListedSince,
  isDwellingNotFound,
  pageOffsets,
  showResultsHeading,
} from './dwelling-search';

describe('isContactable: status 1 and not deleted', () => {
  it.each([
    [{ status: 1, deletedAt: null }, true],
    [{ status: 1, deletedAt: undefined }, true],
    [{ status: 1, deletedAt: '2026-01-02T10:00:00Z' }, false],
    [{ status: 0, deletedAt: null }, false],
    [{ status: 2, deletedAt: null }, false],
    [{ status: null, deletedAt: null }, false],
  ])('%j → %s', (dwelling, expected) => {
    expect(isContactable(dwelling)).toBe(expected);
  });
});

describe('list state and date label', () => {
  it.each([
    [{ createdAt: '2026-03-01T10:00:00Z', deletedAt: null }, 'vacant', 'da', 'Oprettet 01/03/2026'],
    [{ createdAt: '2026-03-01T10:00:00Z', deletedAt: null }, 'vacant', 'en', 'Created 01/03/2026'],
    [{ createdAt: '2026-03-01T10:00:00Z', deletedAt: '2026-04-02T10:00:00Z' }, 'rented', 'da', 'Udlejet 02/04/2026'],
    [{ createdAt: '2026-03-01T10:00:00Z', deletedAt: '2026-04-02T10:00:00Z' }, 'rented', 'en', 'Rented 02/04/2026'],
  ] as const)('%j → %s, %s %j', (dwelling, state, lang, label) => {
    expect(dwellingListState(dwelling)).toBe(state);
    expect(dwellingListDateLabel(dwelling, lang)).toBe(label);
  });
});

describe('rentedListedSince: rented dwellings stay listed 14 days', () => {
  it.each([
    ['2026-11-24T12:00:00.000Z', '2026-11-10T12:00:00.000Z'],
    ['2026-03-01T00:00:00.000Z', '2026-02-15T00:00:00.000Z'],
  ])('at %s the window starts at %s', (now, since) => {
    expect(rentedListedSince(new Date(now)).toISOString()).toBe(since);
  });
});

describe('isDwellingNotFound: status 0 is a 404', () => {
  it.each([
    [{ status: 0 }, true],
    [null, true],
    [{ status: 1 }, false],
    [{ status: 2 }, false],
  ])('%j → %s', (dwelling, expected) => {
    expect(isDwellingNotFound(dwelling)).toBe(expected);
  });
});

describe('contactFailureOutcome', () => {
  it.each([
    [403, 'subscribe'],
    [401, 'login'],
    [410, 'unavailable'],
    [500, 'error'],
    [404, 'error'],
  ])('%d → %s', (status, outcome) => {
    expect(contactFailureOutcome(status)).toBe(outcome);
  });
});

describe('list rules', () => {
  it.each([
    [10, false],
    [11, true],
    [0, false],
  ])('showResultsHeading(%d) → %s', (total, expected) => {
    expect(showResultsHeading(total)).toBe(expected);
  });

  it.each([
    [2500, { total: 2500, approximate: false }],
    [0, { total: 0, approximate: false }],
    [null, { total: 3000, approximate: true }],
    [undefined, { total: 3000, approximate: true }],
  ])('frontPageTotal(%j) → %j', (total, expected) => {
    expect(frontPageTotal(total)).toEqual(expected);
  });

  it.each([
    [{ total: 400, start: 0, pageSize: 150 }, { previous: null, next: 150 }],
    [{ total: 400, start: 150, pageSize: 150 }, { previous: 0, next: 300 }],
    [{ total: 400, start: 300, pageSize: 150 }, { previous: 150, next: null }],
    [{ total: 100, start: 0, pageSize: 150 }, { previous: null, next: null }],
    [{ total: 400, start: 100, pageSize: 150 }, { previous: 0, next: 250 }],
  ])('pageOffsets(%j) → %j', (meta, expected) => {
    expect(pageOffsets(meta)).toEqual(expected);
  });

  it.each([
    [undefined, 150],
    [null, 150],
    [0, 150],
    [15, 15],
    [500, 500],
    [501, 500],
    [10_000, 500],
  ])('effectivePageSize(%j) → %d', (requested, expected) => {
    expect(effectivePageSize(requested)).toBe(expected);
  });
});
