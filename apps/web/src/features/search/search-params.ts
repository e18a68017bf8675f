import {
  DEFAULT_SEARCH_SORT,
  DWELLING_TYPES,
  parseSearchFilters,
  SEARCH_COST_SLIDER,
  SEARCH_SLIDERS,
  SEARCH_SORTS,
  SEARCH_TIMEFRAMES,
  validateSearchQuery,
  type DwellingType,
  type Language,
  type SearchSort,
  type SearchTimeframe,
} from '@husly/domain';

/**
 * The list filters of /search and /{city} (issue 15): the three sliders, the monthly total, pets,
 * type, move-in date, rental period and the order. Absent = not set (a slider at its default, the
 * default order newest).
 */
export interface ListFilters {
  rent?: number;
  rooms?: number;
  size?: number;
  monthly?: number;
  pets?: true;
  type?: DwellingType;
  /** YYYY-MM-DD */
  movein?: string;
  timeframe?: SearchTimeframe;
  sort?: Exclude<SearchSort, 'newest'>;
}

/** The /search query string (q, the filters, start), with sliders at their default left out. */
export interface SearchParams extends ListFilters {
  q: string;
  start?: number;
}

export type SliderName = keyof typeof SEARCH_SLIDERS;
export const SLIDER_NAMES: readonly SliderName[] = ['rent', 'rooms', 'size'];

/** The filters' query parameters, in the order the URL writes them. */
export const FILTER_PARAMS = ['rent', 'rooms', 'size', 'monthly', 'pets', 'type', 'movein', 'timeframe', 'sort'] as const;

export type ParsedSearch =
  | { kind: 'empty' }
  | { kind: 'too-short'; message: string }
  | { kind: 'search'; params: SearchParams };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The list filters of a URL. A value that is not one of a filter's values is ignored here (the
 * page still lists), since a hand-edited URL should not cost the visitor the results; the API
 * refuses it with a 400 (docs/decisions/0013).
 */
export function parseListFilters(params: URLSearchParams): ListFilters {
  const filters: ListFilters = {};
  for (const field of SLIDER_NAMES) {
    const parsed = parseSearchFilters({ [field]: params.get(field) });
    if (parsed.ok && parsed.filters[field] !== undefined) filters[field] = parsed.filters[field];
  }
  const monthly = params.get('monthly');
  if (monthly !== null && /^\d{1,9}$/.test(monthly) && Number(monthly) !== SEARCH_COST_SLIDER.monthly.default) filters.monthly = Number(monthly);
  if (params.get('pets') === '1') filters.pets = true;
  const type = params.get('type');
  if (type !== null && (DWELLING_TYPES as readonly string[]).includes(type)) filters.type = type as DwellingType;
  const movein = params.get('movein');
  if (movein !== null && ISO_DAY.test(movein) && !Number.isNaN(Date.parse(`${movein}T00:00:00Z`))) filters.movein = movein;
  const timeframe = params.get('timeframe');
  if (timeframe !== null && (SEARCH_TIMEFRAMES as readonly string[]).includes(timeframe)) filters.timeframe = timeframe as SearchTimeframe;
  const sort = params.get('sort');
  if (sort !== null && sort !== DEFAULT_SEARCH_SORT && (SEARCH_SORTS as readonly string[]).includes(sort)) filters.sort = sort as ListFilters['sort'];
  return filters;
}

/**
 * Reads /search's URL. Section 5: q is trimmed and needs two characters, otherwise no search
 * runs; a slider at its default is not set; a value that is not a whole number is ignored here
 * (the page still searches), since a hand-edited URL should not cost the visitor the results.
 */
export function parseSearchUrl(params: URLSearchParams, language: Language): ParsedSearch {
  const raw = params.get('q');
  if (raw === null || raw.trim() === '') return { kind: 'empty' };
  const q = validateSearchQuery(raw, language);
  if (!q.ok) return { kind: 'too-short', message: q.error.message };
  const search: SearchParams = { q: q.q, ...parseListFilters(params) };
  const start = parseSearchFilters({ start: params.get('start') });
  if (start.ok && start.filters.start !== undefined) search.start = start.filters.start;
  return { kind: 'search', params: search };
}

/** The filters as query parameters: only those set, in a stable order. */
export function filterQuery(filters: ListFilters, query = new URLSearchParams()): URLSearchParams {
  for (const field of FILTER_PARAMS) {
    const value = filters[field];
    if (value === undefined) continue;
    if (field in SEARCH_SLIDERS && value === SEARCH_SLIDERS[field as SliderName].default) continue;
    if (field === 'monthly' && value === SEARCH_COST_SLIDER.monthly.default) continue;
    query.set(field, field === 'pets' ? '1' : String(value));
  }
  return query;
}

/** /search?q=…&rent=…: only the filters that are set, in a stable order. */
export function searchHref(search: SearchParams): string {
  const query = filterQuery(search, new URLSearchParams({ q: search.q }));
  if (search.start !== undefined && search.start !== 0) query.set('start', String(search.start));
  return `/search?${query.toString()}`;
}

/** How many filters are set (the "Filtre (3)" button); the order is not a filter. */
export function activeFilterCount(filters: ListFilters): number {
  return FILTER_PARAMS.filter((field) => field !== 'sort' && filters[field] !== undefined).length;
}
