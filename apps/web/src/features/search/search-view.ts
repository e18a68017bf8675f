/**
 * The list/map switch of /search and the city pages (issue 34). `view=map` is page state, not a list
 * filter: it changes what the page shows, never what the API is asked, so it is not in the domain's
 * table of list filters (docs/decisions/0058) and the loaders never read it. The list is the default
 * and is never written to the URL.
 */
export type SearchView = 'list' | 'map';

export const VIEW_PARAM = 'view';

export function readSearchView(params: URLSearchParams): SearchView {
  return params.get(VIEW_PARAM) === 'map' ? 'map' : 'list';
}

/**
 * The current page in `view`, the rest of the query kept: the same search, the same filters, the same
 * page of the list. Query parameters keep their order, so the back button's URL is the one left.
 */
export function viewHref(pathname: string, search: string, view: SearchView): string {
  const query = new URLSearchParams(search);
  query.delete(VIEW_PARAM);
  if (view === 'map') query.set(VIEW_PARAM, 'map');
  const qs = query.toString();
  return `${pathname}${qs ? `?${qs}` : ''}`;
}

/** What the filter panel keeps besides the filters when it writes a new URL: the view, when not the list. */
export function viewHidden(view: SearchView): Record<string, string> {
  return view === 'map' ? { [VIEW_PARAM]: 'map' } : {};
}

export const AREA_PARAM = 'area';

/**
 * The current page with the drawn area (the domain's encoded ring, docs/decisions/0064) set or
 * removed: the list starts again from its first page, the rest of the query (the search, the other
 * filters, the view) kept.
 */
export function areaHref(pathname: string, search: string, area: string | null): string {
  const query = new URLSearchParams(search);
  query.delete('start');
  query.delete(AREA_PARAM);
  if (area !== null) query.set(AREA_PARAM, area);
  const qs = query.toString();
  return `${pathname}${qs ? `?${qs}` : ''}`;
}
