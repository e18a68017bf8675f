// Which cookies the site writes, why, and which wait for the visitor's consent (the Danish cookie
// order, bekendtgørelse nr. 1148/2011, and GDPR: only what is strictly necessary for a service the
// visitor asked for may be stored without consent). One list of purposes serves the banner, the
// code that writes them and the cookie section of the terms page (cookie-catalogue.ts).
import { COOKIES, UTM_PARAMS, type UtmParam } from './constants';

export type CookieConsent = 'all' | 'necessary';
export type CookiePurpose = 'necessary' | 'preferences' | 'statistics';

/** The visitor's choice itself: necessary, or the banner would return on every page. */
export const CONSENT_COOKIE = { name: 'bn.consent', maxAgeSeconds: 365 * 24 * 3600 } as const;

/**
 * What each cookie we write is for: all the consent rules need, and so in every page's code. The
 * catalogue (cookie-catalogue.ts) adds the lifetimes and reasons the cookie table shows.
 */
export const COOKIE_PURPOSES: Readonly<Record<string, CookiePurpose>> = {
  [COOKIES.token.name]: 'necessary',
  [COOKIES.device.name]: 'necessary',
  [CONSENT_COOKIE.name]: 'necessary',
  [COOKIES.lastDwelling.name]: 'necessary',
  [COOKIES.sessionPrefs.name]: 'preferences',
  [COOKIES.utm.name]: 'statistics',
  [COOKIES.visitor.name]: 'statistics',
};

export function parseConsent(value: string | undefined | null): CookieConsent | null {
  return value === 'all' || value === 'necessary' ? value : null;
}

/** Whether a cookie for `purpose` may be written under `consent` (no answer yet counts as no). */
export function mayStore(purpose: CookiePurpose, consent: CookieConsent | null): boolean {
  return purpose === 'necessary' || consent === 'all';
}

export function cookiePurpose(name: string): CookiePurpose | undefined {
  return Object.hasOwn(COOKIE_PURPOSES, name) ? COOKIE_PURPOSES[name] : undefined;
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
