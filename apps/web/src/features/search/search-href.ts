/** The results page for a (validated) query. */
export function searchHref(query: string): string {
  return `/search?${new URLSearchParams({ q: query }).toString()}`;
}
