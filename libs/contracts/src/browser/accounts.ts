import { COOKIES, UTM_PARAMS } from '@husly/domain';
import type { SessionPref, Utm } from '../accounts';
import { INT32_MAX, INT32_MIN, checkText, isJsonObject, type Checked, type FieldIssue } from './input';

// The zod-free half of ../accounts.ts: the bn.prf and bn.utm cookies that the browser writes and
// reads, and the limits `sessionPrefSchema` and `utmSchema` are built from.

export const SESSION_PREFS_COOKIE = COOKIES.sessionPrefs.name;
/** At most this many prefs in a list (cookie or request body). */
export const SESSION_PREFS_MAX = 50;
/** A pref's area (a city slug or what was typed). */
export const SESSION_PREF_AREA_MAX = 100;
/** Each utm_* value. */
export const UTM_VALUE_MAX = 200;

/**
 * Logout on the server (docs/decisions/0038), each with the bearer token and no body: `session`
 * ends the token's session on both language hosts, `everywhere` every session of its user. 204,
 * also when it had ended already; 401 for a token the API did not sign (`everywhere`: or an expired one).
 */
export const LOGOUT_PATHS = { session: '/auth/logout', everywhere: '/auth/logout-all' } as const;

const SLIDERS = ['rent', 'rooms', 'size'] as const;

/**
 * A list of session prefs as `sessionPrefsSchema` reads it: objects with an optional area (text) and
 * raw slider values (finite numbers within int4), other keys dropped. A contracts test holds the two
 * equal on a table of inputs.
 */
export function checkSessionPrefs(value: unknown): Checked<SessionPref[]> {
  if (!Array.isArray(value)) return { success: false, issues: [{ path: '', message: 'must be a list' }] };
  // Too long is refused before any item is read, as zod does.
  if (value.length > SESSION_PREFS_MAX) return { success: false, issues: [{ path: '', message: `must have at most ${SESSION_PREFS_MAX} items` }] };
  const issues: FieldIssue[] = [];
  const prefs: SessionPref[] = [];
  value.forEach((item: unknown, index) => {
    if (!isJsonObject(item)) {
      issues.push({ path: String(index), message: 'must be an object' });
      return;
    }
    const pref: SessionPref = {};
    if (item.area !== undefined) {
      const area = item.area === null ? ({ ok: true, value: null } as const) : checkText(item.area, { max: SESSION_PREF_AREA_MAX });
      if (area.ok) pref.area = area.value;
      else issues.push({ path: `${index}.area`, message: area.message });
    }
    for (const key of SLIDERS) {
      const raw = item[key];
      if (raw === undefined) continue;
      if (raw === null || (typeof raw === 'number' && Number.isFinite(raw) && raw >= INT32_MIN && raw <= INT32_MAX)) pref[key] = raw;
      else issues.push({ path: `${index}.${key}`, message: `must be a number from ${INT32_MIN} to ${INT32_MAX}` });
    }
    prefs.push(pref);
  });
  return issues.length > 0 ? { success: false, issues } : { success: true, data: prefs };
}

/**
 * The bn.prf cookie: a URI-encoded JSON list of session prefs. Anything unreadable or outside the
 * contract (a NUL, a number beyond its column) counts as no prefs; a visitor's cookie must never
 * break a login or a signup.
 */
export function parseSessionPrefsCookie(value: string | undefined | null): SessionPref[] {
  if (!value) return [];
  try {
    const checked = checkSessionPrefs(JSON.parse(safeDecode(value)));
    return checked.success ? checked.data : [];
  } catch {
    return [];
  }
}

export function serializeSessionPrefsCookie(prefs: readonly SessionPref[]): string {
  return encodeURIComponent(JSON.stringify(prefs));
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The campaign of the landing URL (the bn.utm cookie's JSON) as `utmSchema` reads it: other keys dropped. */
export function checkUtm(value: unknown): Checked<Utm> {
  if (!isJsonObject(value)) return { success: false, issues: [{ path: '', message: 'must be an object' }] };
  const issues: FieldIssue[] = [];
  const utm: Utm = {};
  for (const key of UTM_PARAMS) {
    const checked = checkText(value[key], { max: UTM_VALUE_MAX, optional: true });
    if (!checked.ok) issues.push({ path: key, message: checked.message });
    else if (checked.value !== undefined) utm[key] = checked.value;
  }
  return issues.length > 0 ? { success: false, issues } : { success: true, data: utm };
}
