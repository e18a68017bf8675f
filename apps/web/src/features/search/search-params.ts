import { parseSearchFilters, SEARCH_SLIDERS, validateSearchQuery, type Language } from '@husly/domain';

/** The /search query string (q, rent, rooms, size, start), with sliders at their default left out. */
export interface SearchParams {
  q: string;
  rent?: number;
  rooms?: number;
  size?: number;
  start?: number;
}

export type SliderName = keyof typeof SEARCH_SLIDERS;
export const SLIDER_NAMES: readonly SliderName[] = ['rent', 'rooms', 'size'];

export type ParsedSearch =
  | { kind: 'empty' }
  | { kind: 'too-short'; message: string }
  | { kind: 'search'; params: SearchParams };

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
  const search: SearchParams = { q: q.q };
  for (const field of [...SLIDER_NAMES, 'start'] as const) {
    const parsed = parseSearchFilters({ [field]: params.get(field) });
    if (parsed.ok && parsed.filters[field] !== undefined) search[field] = parsed.filters[field];
  }
  return { kind: 'search', params: search };
}

/** /search?q=…&rent=…: only the filters that are set, in a stable order. */
export function searchHref(search: SearchParams): string {
  const query = new URLSearchParams({ q: search.q });
  for (const field of [...SLIDER_NAMES, 'start'] as const) {
    const value = search[field];
    if (value !== undefined && value !== (field === 'start' ? 0 : SEARCH_SLIDERS[field].default)) query.set(field, String(value));
  }
  return `/search?${query.toString()}`;
}
