import { searchHref as fullSearchHref } from './search-params';

/** The results page for a (validated) query. */
export function searchHref(query: string): string {
  return fullSearchHref({ q: query });
}
