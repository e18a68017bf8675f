// The numbers every page of the web needs: languages, time zone, search, cities, titles, cookies,
// dwelling status (part of constants.ts). The browser's shell uses them all.

export const LANGUAGES = ['da', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'da';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Currency and number formatting: DKK, no decimals, da-DK. */
export const CURRENCY = { code: 'DKK', locale: 'da-DK', decimals: 0 } as const;

export const DATE_FORMAT = 'DD/MM/YYYY' as const;
/** Calendar dates (created, rented, available) are Danish dates. */
export const TIME_ZONE = 'Europe/Copenhagen' as const;

export const SEARCH = {
  /** Results per page; a caller may ask for another size up to `maxPageSize` (our choice). */
  pageSize: 150,
  maxPageSize: 500,
  /** Distance in px from the end of the list at which the next page is lazy-loaded. */
  lazyLoadOffset: 500,
  /** A trimmed query shorter than this does not search. */
  minQueryLength: 2,
  /** The results heading is shown only with more results than this. */
  resultsHeadingAbove: 10,
} as const;

/**
 * Search sliders. The spec does not give their bounds, so they share the tenant-ad slider ranges
 * (our choice); what matters is that each default sits at the "Any" end and means "not set".
 */
export const SEARCH_SLIDERS = {
  rent: { min: 1000, max: 14000, step: 100, default: 14000 },
  rooms: { min: 1, max: 6, step: 1, default: 1 },
  size: { min: 10, max: 140, step: 1, default: 10 },
} as const;

export const CITIES = {
  /** Suggestions in the hero search and the tenant-ad area field. */
  suggestionLimit: 10,
  /** Columns on /byer. */
  columns: 4,
  /** Popular cities in the footer (København, Aarhus, Odense, Aalborg, ...). */
  popularCount: 5,
} as const;

export const FRONT_PAGE = {
  latestCount: 15,
  /** Shown as "ca. 3000" when the total is unknown. */
  fallbackTotal: 3000,
} as const;

/** Section 2: a page title shorter than this gets the site suffix. */
export const PAGE_TITLE = {
  suffixBelowLength: 45,
  /** Our choice; the spec does not show the suffix text. */
  suffix: ' | Husly',
} as const;

export const COOKIES = {
  token: { name: 'token', maxAgeSeconds: 3600 },
  /** Pre-login boligagent preferences. The spec gives the name, not a lifetime: ours is 30 days. */
  sessionPrefs: { name: 'bn.prf', maxAgeSeconds: 30 * 24 * 3600 },
  /** Names of the three cookies below are our choice; lifetimes are the spec's. */
  lastDwelling: { name: 'bn.last', maxAgeSeconds: 3600 },
  utm: { name: 'bn.utm', maxAgeSeconds: 86_400 },
  visitor: { name: 'bn.visitor', maxAgeSeconds: 365 * 24 * 3600 },
  /** Signed "this browser has logged in to account N" (HttpOnly, login route only): its own login budget (ADR 0005). */
  device: { name: 'bn.dev', maxAgeSeconds: 365 * 24 * 3600 },
} as const;

/** Key of the auth token in browser storage. */
export const STORAGE_KEYS = { token: 'token' } as const;

export const UTM_PARAMS = ['source', 'campaign', 'medium', 'content', 'term'] as const;
export type UtmParam = (typeof UTM_PARAMS)[number];

/** Dwelling status 1 = available. */
export const DWELLING_STATUS = { available: 1, notFound: 0 } as const;
