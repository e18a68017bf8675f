// Apart from structured-data.ts: the search page uses it, and should not load the JSON-LD builders with it.
import { LIST_FILTER_NAMES, type ListFilters } from './list-filters';

/**
 * Where /search?… is canonical (docs/decisions/0019): a search that names a city and sets no filter
 * lists exactly that city's page (the same list, ordering and page size), so it points at /{city}
 * (keeping start=); with a filter or an order (any of the table of list filters, docs/decisions/0058),
 * or naming no city, it is its own page (null).
 */
export function searchCanonicalPath(search: ListFilters & { start?: number }, citySlug: string | undefined): string | null {
  if (!citySlug) return null;
  if (LIST_FILTER_NAMES.some((name) => search[name] !== undefined)) return null;
  return search.start !== undefined && search.start > 0 ? `/${citySlug}?start=${search.start}` : `/${citySlug}`;
}

/**
 * Whether a search page may be indexed: not with a drawn area (issue 34, docs/decisions/0064). An
 * area is the visitor's own geometry, every drawing another URL of near-duplicate lists; such a page
 * is noindex without a canonical, like the other pages kept out of the index.
 */
export function searchIndexable(search: ListFilters): boolean {
  return search.area === undefined;
}
