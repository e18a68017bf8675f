import { describe, it, expect } from 'vitest';
import {
  BOLIGAGENT,
  CITIES,
  COOKIES,
  DEFAULT_LANGUAGE,
  FRONT_PAGE,
  LIMITED_PLAN,
  MAP,
  ORDER,
  PROFILE,
  SEARCH,
  SUBSCRIPTION,
  TENANT_SLIDERS,
  VAT,
  isLanguage,
} from './constants';

// The spec's section 9 values, one row each, so a change to a business constant is a visible test change.
describe('business constants (spec section 9)', () => {
  it.each([
    ['page size', SEARCH.pageSize, 150],
    ['max page size override', SEARCH.maxPageSize, 500],
    ['lazy-load offset', SEARCH.lazyLoadOffset, 500],
    ['search minimum length', SEARCH.minQueryLength, 2],
    ['city suggestions', CITIES.suggestionLimit, 10],
    ['city columns', CITIES.columns, 4],
    ['popular cities', CITIES.popularCount, 5],
    ['front-page count', FRONT_PAGE.latestCount, 15],
    ['"ca. 3000" fallback', FRONT_PAGE.fallbackTotal, 3000],
    ['name max length', PROFILE.nameMaxLength, 50],
    ['limited plan price', LIMITED_PLAN.priceDkk, 79],
    ['limited plan period', LIMITED_PLAN.periodDays, 14],
    ['limited plan landlords', LIMITED_PLAN.maxLandlordContacts, 10],
    ['VAT', VAT.ratePercent, 25],
    ['token cookie', COOKIES.token.maxAgeSeconds, 3600],
    ['last dwelling cookie', COOKIES.lastDwelling.maxAgeSeconds, 3600],
    ['utm cookie', COOKIES.utm.maxAgeSeconds, 86_400],
    ['visitor cookie', COOKIES.visitor.maxAgeSeconds, 31_536_000],
    ['subscription start marker', SUBSCRIPTION.startMarkerWindowMs, 15 * 60 * 1000],
    ['boligagent modal max', BOLIGAGENT.modal.maxShowsPerVisitor, 3],
    ['boligagent modal close', BOLIGAGENT.modal.closeAfterSuccessMs, 5000],
    ['map zoom', MAP.zoom, 14],
    ['map height', MAP.heightPx, 250],
    ['static map width', MAP.staticImage.width, 205],
    ['static map height', MAP.staticImage.height, 163],
    ['order number digits', ORDER.orderNoDigits, 4],
  ])('%s is %d', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    ['rent', TENANT_SLIDERS.rent, { min: 1000, max: 14000, step: 100, default: 14000 }],
    ['rooms', TENANT_SLIDERS.rooms, { min: 1, max: 6, step: 1, default: 1 }],
    ['size', TENANT_SLIDERS.size, { min: 10, max: 140, step: 1, default: 10 }],
  ])('tenant slider %s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it.each([
    ['plan id', LIMITED_PLAN.id, 'tenantad-79kr-14days'],
    ['token cookie name', COOKIES.token.name, 'token'],
    ['prefs cookie name', COOKIES.sessionPrefs.name, 'bn.prf'],
    ['default language', DEFAULT_LANGUAGE, 'da'],
  ])('%s is %j', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    ['da', true],
    ['en', true],
    ['de', false],
    [undefined, false],
  ])('isLanguage(%j) → %s', (value, expected) => {
    expect(isLanguage(value)).toBe(expected);
  });
});

describe('MONEY_FACT_KEYS', () => {
  it('are fact keys, and the counts and words among them are not money', async () => {
    const { DWELLING_FACT_KEYS, MONEY_FACT_KEYS } = await import('./constants.js');
    for (const key of MONEY_FACT_KEYS) expect(DWELLING_FACT_KEYS).toContain(key);
    expect(MONEY_FACT_KEYS.has('deposit')).toBe(true);
    expect(MONEY_FACT_KEYS.has('houses')).toBe(false);
    expect(MONEY_FACT_KEYS.has('dwelling_types')).toBe(false);
  });
});
