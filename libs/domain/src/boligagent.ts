// Boligagent rules: rounding and defaults of a preference, auto-adjust, validation codes (spec 4, 5, 8, 9).
import type { BoligagentErrorCode } from './boligagent-codes';
import { citySlug } from './city-slug';
import { BOLIGAGENT } from './constants';
import { ERROR_MESSAGES } from './error-catalogue';

// The codes alone are in boligagent-codes.ts: the browser's shell checks a code, and with them here it
// took this module, its rounding rules and the messages of BOLIGAGENT_ERRORS along.
export * from './boligagent-codes';

/** One watched area. null means "no limit" for rent and "any" for rooms and size. */
export interface BoligagentPref {
  /** City slug; null only for a session pref without a place. */
  area: string | null;
  rent: number | null;
  rooms: number | null;
  size: number | null;
}

/** What a caller may hand in: raw slider values, possibly missing. */
export interface BoligagentPrefInput {
  area?: string | null;
  rent?: number | null;
  rooms?: number | null;
  size?: number | null;
}

const isSet = (n: number | null | undefined): n is number =>
  typeof n === 'number' && Number.isFinite(n) && n > 0;

/**
 * Above 10000 → null (no rent limit); at or below 4000 → 4000; otherwise rounded up to a
 * multiple of 2000. A missing, zero or negative (-1 = unknown) rent is no limit as well.
 */
export function roundBoligagentRent(rent: number | null | undefined): number | null {
  if (!isSet(rent) || rent > BOLIGAGENT.rentIgnoredAbove) return null;
  if (rent <= BOLIGAGENT.rentFloor) return BOLIGAGENT.rentFloor;
  return Math.ceil(rent / BOLIGAGENT.rentStep) * BOLIGAGENT.rentStep;
}

/** Rooms below 2 are ignored: null = any number of rooms. */
export function normalizeBoligagentRooms(rooms: number | null | undefined): number | null {
  if (!isSet(rooms) || rooms < BOLIGAGENT.roomsIgnoredBelow) return null;
  return Math.floor(rooms);
}

/** Size at the slider default (10 m²) or below is any size. */
export function normalizeBoligagentSize(size: number | null | undefined): number | null {
  if (!isSet(size) || size <= BOLIGAGENT.sizeIgnoredAtOrBelow) return null;
  return Math.floor(size);
}

/** Applies the rounding rules; the area becomes a city slug (idempotent on a slug), '' becomes null. */
export function normalizeBoligagentPref(input: BoligagentPrefInput): BoligagentPref {
  const area = input.area ? citySlug(input.area) : '';
  return {
    area: area === '' ? null : area,
    rent: roundBoligagentRent(input.rent),
    rooms: normalizeBoligagentRooms(input.rooms),
    size: normalizeBoligagentSize(input.size),
  };
}

/**
 * A pref equal to its defaults (no area, no limits) says nothing and is not stored (section 5:
 * "saved only when they differ from their defaults"). An area alone is a real pref: the free agent
 * created at signup watches just an area slug.
 */
export function isDefaultPref(input: BoligagentPrefInput): boolean {
  const p = normalizeBoligagentPref(input);
  return p.area === null && p.rent === null && p.rooms === null && p.size === null;
}

// Auto-adjust widens an agent towards what the user actually searches: each dimension takes the
// least restrictive of the two values. Rent is a maximum, so the larger wins; rooms and size are
// minimums, so the smaller wins. null means "no limit"/"any", the least restrictive value of all,
// so null always wins: max(null, 8000) = null and min(null, 2) = null.
const leastRestrictiveMax = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.max(a, b));
const leastRestrictiveMin = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.min(a, b));

/** Merges two prefs of the same area: rent max, rooms min, size min (null = no limit wins). */
export function mergeAutoAdjust<T extends BoligagentPref>(existing: T, incoming: BoligagentPrefInput): T {
  const next = normalizeBoligagentPref({ ...incoming, area: incoming.area ?? existing.area });
  if (next.area !== existing.area) {
    throw new Error(`Cannot auto-adjust area ${existing.area ?? '(none)'} with ${next.area ?? '(none)'}`);
  }
  return {
    ...existing,
    rent: leastRestrictiveMax(existing.rent, next.rent),
    rooms: leastRestrictiveMin(existing.rooms, next.rooms),
    size: leastRestrictiveMin(existing.size, next.size),
  };
}

/**
 * Auto-adjusts the agent's prefs for the incoming search's area. Only an area the agent already
 * watches is adjusted; adding an area stays an explicit user action. `changed` tells whether
 * anything needs saving.
 */
export function autoAdjustPrefs<T extends BoligagentPref>(
  prefs: readonly T[],
  incoming: BoligagentPrefInput,
): { prefs: T[]; changed: boolean } {
  const area = incoming.area ? citySlug(incoming.area) : '';
  let changed = false;
  const next = prefs.map((p) => {
    if (area === '' || p.area !== area) return p;
    const merged = mergeAutoAdjust(p, { ...incoming, area });
    if (merged.rent !== p.rent || merged.rooms !== p.rooms || merged.size !== p.size) changed = true;
    return merged;
  });
  return { prefs: next, changed };
}

/**
 * Codes, HTTP statuses and messages (sections 5 and 8). email-in-use is 406 (the spec allows 406
 * or 500; 500 would be indistinguishable from a real failure); the web shows a congratulation
 * that asks the user to log in instead of the message.
 */
export const BOLIGAGENT_ERRORS: Record<BoligagentErrorCode, { status: number; message: string }> = {
  'invalid-mail': { status: 400, message: ERROR_MESSAGES.boligagentInvalidEmail },
  'no-email': { status: 400, message: ERROR_MESSAGES.boligagentEmailRequired },
  error: { status: 500, message: ERROR_MESSAGES.actionFailed },
  'wrong-user-email': { status: 400, message: ERROR_MESSAGES.boligagentWrongUserEmail },
  'nothing-to-update': { status: 404, message: ERROR_MESSAGES.boligagentNothingToUpdate },
  'email-in-use': { status: 406, message: ERROR_MESSAGES.emailInUse },
  'too-many-areas': { status: 400, message: ERROR_MESSAGES.boligagentTooManyAreas },
};
