import {
  countListFilters,
  LIST_FILTER_NAMES,
  parseSearchFilters,
  readListFilters,
  SEARCH_SLIDERS,
  validateSearchQuery,
  writeListFilters,
  type Language,
  type ListFilters,
} from '@husly/domain';

/**
 * The list filters of /search and /{city} (issue 15): the three sliders, the monthly total, pets,
 * type, move-in date, rental period and the order, as the domain's table of list filters reads them
 * (docs/decisions/0058). Absent = not set (a slider at its default, the default order newest).
 */
export type { ListFilters };

/** The /search query string (q, the filters, start), with sliders at their default left out. */
export interface SearchParams extends ListFilters {
  /** '' only beside a drawn area: the area alone, in all of Denmark. */
  q: string;
  start?: number;
}

export type SliderName = keyof typeof SEARCH_SLIDERS;
export const SLIDER_NAMES: readonly SliderName[] = ['rent', 'rooms', 'size'];

export type ParsedSearch =
  | { kind: 'empty' }
  | { kind: 'too-short'; message: string }
  | { kind: 'search'; params: SearchParams };

/**
 * The list filters of a URL. A value that is not one of a filter's values is ignored here (the
 * page still lists), since a hand-edited URL should not cost the visitor the results; the API
 * refuses it with a 400 (docs/decisions/0013).
 */
export function parseListFilters(params: URLSearchParams): ListFilters {
  // Only the errors' texts depend on the language, and they are dropped.
  return readListFilters(Object.fromEntries(LIST_FILTER_NAMES.map((field) => [field, params.get(field)])), 'da').filters;
}

/**
 * Reads /search's URL. Section 5: q is trimmed and needs two characters, otherwise no search
 * runs; a slider at its default is not set; a value that is not a whole number is ignored here
 * (the page still searches), since a hand-edited URL should not cost the visitor the results.
 */
export function parseSearchUrl(params: URLSearchParams, language: Language): ParsedSearch {
  const raw = params.get('q');
  let search: SearchParams;
  if (raw === null || raw.trim() === '') {
    // A drawn area alone is a search of all of Denmark inside it (docs/decisions/0064): the
    // boligagent panel's "Vis på kort" of an area, which belongs to no city. q is then ''.
    const filters = parseListFilters(params);
    if (filters.area === undefined) return { kind: 'empty' };
    search = { q: '', ...filters };
  } else {
    const q = validateSearchQuery(raw, language);
    if (!q.ok) return { kind: 'too-short', message: q.error.message };
    search = { q: q.q, ...parseListFilters(params) };
  }
  const start = parseSearchFilters({ start: params.get('start') });
  if (start.ok && start.filters.start !== undefined) search.start = start.filters.start;
  return { kind: 'search', params: search };
}

/** The filters as query parameters: only those set, in a stable order. */
export function filterQuery(filters: ListFilters, query = new URLSearchParams()): URLSearchParams {
  return writeListFilters(filters, query);
}

/** /search?q=…&rent=…: only the filters that are set, in a stable order. */
export function searchHref(search: SearchParams): string {
  const query = filterQuery(search, new URLSearchParams(search.q === '' ? {} : { q: search.q }));
  if (search.start !== undefined && search.start !== 0) query.set('start', String(search.start));
  return `/search?${query.toString()}`;
}

/** How many filters are set (the "Filtre (3)" button); the order is not a filter. */
export function activeFilterCount(filters: ListFilters): number {
  return countListFilters(filters);
}
