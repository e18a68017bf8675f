import { describe, it, expect } from 'vitest';
import {
  BOLIGAGENT_ERRORS,
  autoAdjustPrefs,
  isBoligagentErrorCode,
  isDefaultPref,
  mergeAutoAdjust,
  normalizeBoligagentPref,
  normalizeBoligagentRooms,
  normalizeBoligagentSize,
  roundBoligagentRent,
  type BoligagentPref,
} from './boligagent';

describe('roundBoligagentRent', () => {
  it.each([
    [10001, null],
    [14000, null],
    [10000, 10000],
    [4000, 4000],
    [1000, 4000],
    [4001, 6000],
    [6000, 6000],
    [6001, 8000],
    [8000, 8000],
    [9999, 10000],
    [0, null],
    [-1, null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (rent, expected) => {
    expect(roundBoligagentRent(rent)).toBe(expected);
  });
});

describe('normalizeBoligagentRooms', () => {
  it.each([
    [0, null],
    [1, null],
    [1.5, null],
    [2, 2],
    [6, 6],
    [-1, null],
    [null, null],
  ])('%j → %j', (rooms, expected) => {
    expect(normalizeBoligagentRooms(rooms)).toBe(expected);
  });
});

describe('normalizeBoligagentSize', () => {
  it.each([
    [10, null],
    [5, null],
    [11, 11],
    [140, 140],
    [null, null],
  ])('%j → %j', (size, expected) => {
    expect(normalizeBoligagentSize(size)).toBe(expected);
  });
});

describe('normalizeBoligagentPref and isDefaultPref', () => {
  it.each([
    [{ area: 'aarhus', rent: 5500, rooms: 1, size: 10 }, { area: 'aarhus', rent: 6000, rooms: null, size: null }, false],
    [{ area: 'Aarhus C', rent: 14000, rooms: 3, size: 60 }, { area: 'aarhus', rent: null, rooms: 3, size: 60 }, false],
    [{ area: '', rent: 14000, rooms: 1, size: 10 }, { area: null, rent: null, rooms: null, size: null }, true],
    [{}, { area: null, rent: null, rooms: null, size: null }, true],
    [{ area: null, rent: 7000 }, { area: null, rent: 8000, rooms: null, size: null }, false],
    // An area alone is a real pref: the free agent from signup watches just an area.
    [{ area: 'odense' }, { area: 'odense', rent: null, rooms: null, size: null }, false],
  ])('%j → %j (default: %s)', (input, normalized, isDefault) => {
    expect(normalizeBoligagentPref(input)).toEqual(normalized);
    expect(isDefaultPref(input)).toBe(isDefault);
  });
});

describe('mergeAutoAdjust: rent max, rooms and size min, null (no limit) wins', () => {
  const pref = (rent: number | null, rooms: number | null, size: number | null): BoligagentPref => ({
    area: 'aarhus',
    rent,
    rooms,
    size,
  });
  it.each([
    [pref(6000, 3, 60), { rent: 8000, rooms: 2, size: 40 }, pref(8000, 2, 40)],
    [pref(8000, 2, 40), { rent: 6000, rooms: 3, size: 60 }, pref(8000, 2, 40)],
    // Incoming values are rounded first: 7000 → 8000, rooms 1 → any, size 10 → any.
    [pref(6000, 3, 60), { rent: 7000, rooms: 1, size: 10 }, pref(8000, null, null)],
    [pref(null, 3, 60), { rent: 6000, rooms: 4, size: 80 }, pref(null, 3, 60)],
    [pref(6000, null, null), { rent: 4000, rooms: 4, size: 80 }, pref(6000, null, null)],
    [pref(6000, 3, 60), { rent: 12000 }, pref(null, null, null)],
  ])('%j + %j → %j', (existing, incoming, expected) => {
    expect(mergeAutoAdjust(existing, incoming)).toEqual(expected);
  });

  it('keeps other fields of the existing pref', () => {
    const existing = { area: 'aarhus', rent: 6000, rooms: 3, size: 60, status: 'active', id: 'p1' };
    expect(mergeAutoAdjust(existing, { rent: 8000 })).toEqual({ ...existing, rent: 8000, rooms: null, size: null });
  });

  it('refuses to merge two areas', () => {
    expect(() => mergeAutoAdjust(pref(6000, 3, 60), { area: 'odense', rent: 8000 })).toThrow();
  });
});

describe('autoAdjustPrefs', () => {
  const prefs: BoligagentPref[] = [
    { area: 'aarhus', rent: 6000, rooms: 3, size: 60 },
    { area: 'odense', rent: 6000, rooms: 3, size: 60 },
  ];
  it.each([
    [{ area: 'Aarhus C', rent: 8000, rooms: 3, size: 60 }, [{ ...prefs[0], rent: 8000 }, prefs[1]], true],
    [{ area: 'aarhus', rent: 6000, rooms: 3, size: 60 }, prefs, false],
    [{ area: 'aarhus', rent: 5000, rooms: 4, size: 80 }, prefs, false],
    // An area the agent does not watch is not added.
    [{ area: 'aalborg', rent: 8000 }, prefs, false],
    [{ area: null, rent: 8000 }, prefs, false],
  ])('%j → changed %s', (incoming, expected, changed) => {
    expect(autoAdjustPrefs(prefs, incoming)).toEqual({ prefs: expected, changed });
  });
});

describe('boligagent error codes', () => {
  it.each([
    ['invalid-mail', 400, 'Please enter a valid email'],
    ['no-email', 400, 'Email address is required'],
    ['error', 500, 'An error occurred. Please try again or contact customer support.'],
    ['wrong-user-email', 400, 'Den angivne email matcher ikke din brugers email...'],
    ['nothing-to-update', 404, 'Din boligagent er allerede opdateret med angivne områder'],
    ['email-in-use', 406, 'The specified email address is already in use.'],
    ['too-many-areas', 400, 'A BoligAgent watches at most 3 drawn areas.'],
  ] as const)('%s → %d %j', (code, status, message) => {
    expect(BOLIGAGENT_ERRORS[code]).toEqual({ status, message });
    expect(isBoligagentErrorCode(code)).toBe(true);
  });

  it('knows no other codes', () => {
    expect(isBoligagentErrorCode('not-a-code')).toBe(false);
  });
});
