// The search's dwelling types, rental periods, orders and monthly-cost slider (docs/decisions/
// 0013-search-filters-and-costs.md; part of dwelling-costs.ts). The shell reads them from every search
// URL, so they stand apart from the cost rules, which the shell does not run.

/** Dwelling types, in the tenant ad's words (spec section 3: housing-dwelling-room/apartment/townhouse/villa). */
export const DWELLING_TYPES = ['apartment', 'room', 'townhouse', 'villa'] as const;
export type DwellingType = (typeof DWELLING_TYPES)[number];

/**
 * The rental periods a seeker can ask for, in the tenant ad's words (housing-timeframe-…):
 * nolimit = unlimited leases only; gt1y = at least a year (unlimited included); lt1y = time-limited
 * to less than a year.
 */
export const SEARCH_TIMEFRAMES = ['nolimit', 'gt1y', 'lt1y'] as const;
export type SearchTimeframe = (typeof SEARCH_TIMEFRAMES)[number];

/** Result orders: newest first (the default), cheapest rent, largest, cheapest rent per m². */
export const SEARCH_SORTS = ['newest', 'rent', 'size', 'rent-per-m2'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const DEFAULT_SEARCH_SORT = 'newest' satisfies SearchSort;

/** The monthly-total slider on the results page: its default (the "Any" end) means not set. */
export const SEARCH_COST_SLIDER = {
  monthly: { min: 2000, max: 20000, step: 500, default: 20000 },
} as const;
