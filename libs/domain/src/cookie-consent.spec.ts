import { describe, expect, it } from 'vitest';
import { COOKIES } from './constants';
import { COOKIE_CATALOGUE } from './cookie-catalogue';
import { CONSENT_COOKIE, COOKIE_PURPOSES, cookiePurpose, mayStore, parseConsent, utmFromQuery } from './cookie-consent';
import { rememberSearch } from './remembered-searches';

describe('the cookie catalogue', () => {
  it('names every cookie the site writes, once, with a reason in both languages', () => {
    const names = COOKIE_CATALOGUE.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const cookie of Object.values(COOKIES)) expect(names).toContain(cookie.name);
    expect(names).toContain(CONSENT_COOKIE.name);
    for (const cookie of COOKIE_CATALOGUE) expect(cookie.why.da && cookie.why.en).toBeTruthy();
  });

  it('keeps tracking and remembered searches behind consent; login and the choice itself are necessary', () => {
    const purpose = Object.fromEntries(COOKIE_CATALOGUE.map((c) => [c.name, c.purpose]));
    expect(purpose).toMatchObject({ token: 'necessary', 'bn.consent': 'necessary', 'bn.prf': 'preferences', 'bn.utm': 'statistics', 'bn.visitor': 'statistics' });
    // The spec's lifetimes (section 9).
    expect(COOKIE_CATALOGUE.find((c) => c.name === 'bn.utm')?.maxAgeSeconds).toBe(86_400);
    expect(COOKIE_CATALOGUE.find((c) => c.name === 'bn.visitor')?.maxAgeSeconds).toBe(365 * 24 * 3600);
  });

  it('describes exactly the cookies the consent rules know (the rules are in every page, the table on one)', () => {
    expect(COOKIE_CATALOGUE.map((c) => c.name).sort()).toEqual(Object.keys(COOKIE_PURPOSES).sort());
    for (const cookie of COOKIE_CATALOGUE) expect(cookiePurpose(cookie.name)).toBe(cookie.purpose);
    // Not an inherited property taken for a cookie.
    expect(cookiePurpose('constructor')).toBeUndefined();
    expect(cookiePurpose('toString')).toBeUndefined();
  });
});

describe('consent', () => {
  it.each([
    ['necessary', null, true],
    ['preferences', null, false],
    ['statistics', null, false],
    ['statistics', 'necessary', false],
    ['preferences', 'all', true],
    ['statistics', 'all', true],
  ] as const)('%s under %s → %s', (purpose, consent, expected) => {
    expect(mayStore(purpose, consent)).toBe(expected);
  });

  it.each([
    ['all', 'all'],
    ['necessary', 'necessary'],
    ['ALL', null],
    ['', null],
    [undefined, null],
  ])('parseConsent(%j) → %j', (value, expected) => {
    expect(parseConsent(value)).toBe(expected);
  });
});

describe('utmFromQuery', () => {
  it.each([
    ['?utm_source=google&utm_campaign=vinter', { source: 'google', campaign: 'vinter' }],
    ['utm_medium=cpc&utm_term=lejebolig%20aarhus&utm_content=a', { medium: 'cpc', term: 'lejebolig aarhus', content: 'a' }],
    ['?q=aarhus', null],
    ['', null],
    ['?utm_source=', null],
    ['?utm_source=a&utm_source=b', { source: 'a' }],
    ['?utm_evil=x&utm_source=%00news%0Aletter', { source: 'newsletter' }],
  ])('%s → %j', (search, expected) => {
    expect(utmFromQuery(search)).toEqual(expected);
  });

  it('cuts a value at 200 characters', () => {
    expect(utmFromQuery(`?utm_source=${'x'.repeat(500)}`)?.source).toHaveLength(200);
  });
});

describe('rememberSearch', () => {
  it('keeps one entry per city, the newest first, and leaves sliders at their default out', () => {
    let prefs = rememberSearch([], { area: 'aarhus', rent: 14000, rooms: 1, size: 10 });
    expect(prefs).toEqual([{ area: 'aarhus' }]);
    prefs = rememberSearch(prefs, { area: 'odense', rent: 6000, rooms: 2, size: null });
    prefs = rememberSearch(prefs, { area: 'aarhus', rent: 8000 });
    expect(prefs).toEqual([{ area: 'aarhus', rent: 8000 }, { area: 'odense', rent: 6000, rooms: 2 }]);
  });

  it('keeps at most 10 cities', () => {
    let prefs: ReturnType<typeof rememberSearch> = [];
    for (let i = 0; i < 15; i++) prefs = rememberSearch(prefs, { area: `by-${i}` });
    expect(prefs).toHaveLength(10);
    expect(prefs[0].area).toBe('by-14');
    expect(prefs.at(-1)?.area).toBe('by-5');
  });
});
