import { describe, expect, it } from 'vitest';
import { nextRun } from './next-run';

describe('nextRun of 0 6 * * * in Europe/Copenhagen', () => {
  it.each([
    // winter (CET, UTC+1): 06:00 local = 05:00Z
    ['2026-01-15T03:00:00Z', '2026-01-15T05:00:00.000Z'],
    ['2026-01-15T05:00:00Z', '2026-01-16T05:00:00.000Z'],
    ['2026-01-15T05:00:01Z', '2026-01-16T05:00:00.000Z'],
    // within the second before and after
    ['2026-01-15T04:59:59.500Z', '2026-01-15T05:00:00.000Z'],
    ['2026-01-15T05:00:00.500Z', '2026-01-16T05:00:00.000Z'],
    // summer (CEST, UTC+2): 06:00 local = 04:00Z
    ['2026-07-01T04:30:00Z', '2026-07-02T04:00:00.000Z'],
    ['2026-07-01T23:30:00Z', '2026-07-02T04:00:00.000Z'],
    // the night summer time starts (29 March 2026, 02:00 → 03:00) and ends (25 October 2026)
    ['2026-03-28T22:00:00Z', '2026-03-29T04:00:00.000Z'],
    ['2026-10-24T22:00:00Z', '2026-10-25T05:00:00.000Z'],
    // the last day of a month and of the year
    ['2026-12-31T06:00:00Z', '2027-01-01T05:00:00.000Z'],
  ])('after %s → %s', (now, expected) => {
    expect(nextRun('0 6 * * *', 'Europe/Copenhagen', new Date(now)).toISOString()).toBe(expected);
  });
});
