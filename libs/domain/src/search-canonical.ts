// Apart from structured-data.ts: the search page uses it, and should not load the JSON-LD builders with it.

/**
 * Where /search?… is canonical (docs/decisions/0019): a search that names a city and sets no filter
 * lists exactly that city's page (the same list, ordering and page size), so it points at /{city}
 * (keeping start=); with a filter, or naming no city, it is its own page (null).
 */
export function searchCanonicalPath(search: { rent?: unknown; rooms?: unknown; size?: unknown; start?: number }, citySlug: string | undefined): string | null {
  if (!citySlug) return null;
  if (search.rent !== undefined || search.rooms !== undefined || search.size !== undefined) return null;
  return search.start !== undefined && search.start > 0 ? `/${citySlug}?start=${search.start}` : `/${citySlug}`;
}
