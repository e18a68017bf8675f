// Which cookies the site writes, why, and which wait for the visitor's consent (the Danish cookie
// order, bekendtgørelse nr. 1148/2011, and GDPR: only what is strictly necessary for a service the
// visitor asked for may be stored without consent). One catalogue serves the banner, the cookie
// section of the terms page and the code that writes them.
import { COOKIES, SEARCH_SLIDERS, UTM_PARAMS, type Language, type UtmParam } from './constants';

export type CookieConsent = 'all' | 'necessary';
export type CookiePurpose = 'necessary' | 'preferences' | 'statistics';

/** The visitor's choice itself: necessary, or the banner would return on every page. */
export const CONSENT_COOKIE = { name: 'bn.consent', maxAgeSeconds: 365 * 24 * 3600 } as const;

export interface CookieDescription {
  name: string;
  purpose: CookiePurpose;
  /** Lifetime in seconds; null: until the browser closes or the visitor leaves it. */
  maxAgeSeconds: number | null;
  why: Record<Language, string>;
}

export const COOKIE_CATALOGUE: readonly CookieDescription[] = [
  {
    name: COOKIES.token.name,
    purpose: 'necessary',
    maxAgeSeconds: COOKIES.token.maxAgeSeconds,
    why: { da: 'Holder dig logget ind.', en: 'Keeps you logged in.' },
  },
  {
    name: COOKIES.device.name,
    purpose: 'necessary',
    maxAgeSeconds: COOKIES.device.maxAgeSeconds,
    why: {
      da: 'Husker, at denne browser har været logget ind, så spærring mod gættede adgangskoder ikke rammer dig.',
      en: 'Remembers that this browser has logged in, so the lock against guessed passwords does not hit you.',
    },
  },
  {
    name: CONSENT_COOKIE.name,
    purpose: 'necessary',
    maxAgeSeconds: CONSENT_COOKIE.maxAgeSeconds,
    why: { da: 'Husker dit valg om cookies.', en: 'Remembers your cookie choice.' },
  },
  {
    name: COOKIES.lastDwelling.name,
    purpose: 'necessary',
    maxAgeSeconds: COOKIES.lastDwelling.maxAgeSeconds,
    why: {
      da: 'Viser den bolig, du sidst så, så du kan vende tilbage til den efter login.',
      en: 'Shows the dwelling you last viewed, so you can return to it after logging in.',
    },
  },
  {
    name: COOKIES.sessionPrefs.name,
    purpose: 'preferences',
    maxAgeSeconds: COOKIES.sessionPrefs.maxAgeSeconds,
    why: {
      da: 'Husker dine søgninger (by, husleje, værelser, størrelse), så din BoligAgent kan foreslå dem, når du opretter en profil.',
      en: 'Remembers your searches (city, rent, rooms, size), so your BoligAgent can suggest them when you create a profile.',
    },
  },
  {
    name: COOKIES.utm.name,
    purpose: 'statistics',
    maxAgeSeconds: COOKIES.utm.maxAgeSeconds,
    why: {
      da: 'Husker hvilken kampagne eller side du kom fra, så vi kan se, hvilke annoncer der virker.',
      en: 'Remembers which campaign or site you came from, so we can see which ads work.',
    },
  },
  {
    name: COOKIES.visitor.name,
    purpose: 'statistics',
    maxAgeSeconds: COOKIES.visitor.maxAgeSeconds,
    why: {
      da: 'Et tilfældigt nummer, så vi kan tælle besøgende uden at vide, hvem de er.',
      en: 'A random number, so we can count visitors without knowing who they are.',
    },
  },
];

export function parseConsent(value: string | undefined | null): CookieConsent | null {
  return value === 'all' || value === 'necessary' ? value : null;
}

/** Whether a cookie for `purpose` may be written under `consent` (no answer yet counts as no). */
export function mayStore(purpose: CookiePurpose, consent: CookieConsent | null): boolean {
  return purpose === 'necessary' || consent === 'all';
}

export function cookiePurpose(name: string): CookiePurpose | undefined {
  return COOKIE_CATALOGUE.find((cookie) => cookie.name === name)?.purpose;
}

/** Control characters never go into a cookie or the database; a value is at most 200 characters. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * The UTM parameters of a landing URL's query (utm_source=google → {source: 'google'}), or null
 * when it has none. Only the five known ones; a repeated one counts once (the first).
 */
export function utmFromQuery(search: string): Partial<Record<UtmParam, string>> | null {
  const params = new URLSearchParams(search);
  const utm: Partial<Record<UtmParam, string>> = {};
  for (const key of UTM_PARAMS) {
    const value = params.get(`utm_${key}`)?.replace(UNSAFE, '').trim().slice(0, 200);
    if (value) utm[key] = value;
  }
  return Object.keys(utm).length > 0 ? utm : null;
}

/** A search as the bn.prf cookie keeps it (spec section 3, session prefs). */
export interface RememberedSearch {
  area: string;
  rent?: number | null;
  rooms?: number | null;
  size?: number | null;
}

/** How many searches bn.prf keeps: one per city, the newest first. */
export const REMEMBERED_SEARCHES_MAX = 10;

/**
 * The remembered searches after one more: its city moves to the front with the new values, a
 * slider at its default is left out (section 4: prefs are saved only when they differ from their
 * defaults), and the oldest fall off.
 */
export function rememberSearch(previous: readonly RememberedSearch[], search: RememberedSearch): RememberedSearch[] {
  const pref: RememberedSearch = { area: search.area };
  for (const key of ['rent', 'rooms', 'size'] as const) {
    const value = search[key];
    if (typeof value === 'number' && Number.isInteger(value) && value !== SEARCH_SLIDERS[key].default) pref[key] = value;
  }
  return [pref, ...previous.filter((p) => p.area !== search.area)].slice(0, REMEMBERED_SEARCHES_MAX);
}
