import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import type { CityName } from '@husly/contracts';
import type { AreasStore } from '../cities/areas-store';
import { deferrableCards, toCardList, type HydratedCardList } from '../dwellings/card-data';
import { fetchList, searchRequest } from '../dwellings/dwellings-api';
import { parseSearchUrl, type SearchParams } from './search-params';
import { isHttpError, type ApiClient } from '../../lib/api-client';
import { lazyPage } from '../../lib/lazy-pages';

export type SearchOutcome = { ok: true; list: HydratedCardList } | { ok: false; status: number };

/** The place q names: a city, null when it names none, undefined when the city list could not be had. */
type SearchPlace = Pick<CityName, 'slug' | 'label'> | null | undefined;

export interface SearchData {
  search: SearchParams | null;
  /**
   * Matched in the loader, by the same rule as the API (libs/domain's findPlace over the whole areas
   * list), so the page needs no postal codes or aliases to render or hydrate (docs/decisions/0023).
   */
  place?: SearchPlace;
  /** A promise in the browser (the page shows "Indlæser boliger..."), the result itself on the server. */
  results: SearchOutcome | Promise<SearchOutcome> | null;
}

/**
 * Section 5: fewer than two characters runs no search. The browser does not wait for the results
 * before showing the page, so the heading can say "Loading dwellings..."; the server waits, so
 * the HTML has them.
 */
export function searchLoader(api: ApiClient, server: boolean, areas?: AreasStore) {
  return async ({ request }: LoaderFunctionArgs): Promise<SearchData> => {
    const parsed = parseSearchUrl(new URL(request.url).searchParams, 'da');
    if (parsed.kind !== 'search') return { search: null, results: null };
    const listRequest = searchRequest(parsed.params);
    const results = fetchList(api, listRequest, request.signal).then(
      (list): SearchOutcome => ({ ok: true, list: deferrableCards(toCardList(list), listRequest) }),
      // Never rejects: a failed search is a message on the page, and nothing is left unhandled
      // when the visitor has already moved on.
      (error: unknown): SearchOutcome => ({ ok: false, status: isHttpError(error) ? error.statusCode : 0 }),
    );
    // An area alone names no place (undefined: not "a place we do not know").
    const place = areas && parsed.params.q !== '' ? await placeOf(areas, parsed.params.q) : undefined;
    return { search: parsed.params, place, results: server ? await results : results };
  };
}

/**
 * The city q names in the whole areas list (fetched once per session in the browser, if not yet).
 * The matching code comes with the list, not in every page's shell: the first search fetches both at once.
 */
async function placeOf(areas: AreasStore, q: string): Promise<SearchPlace> {
  const [places, { searchPlace }] = await Promise.all([areas.loadPlaces().catch(() => undefined), import('./search-place')]);
  return places ? searchPlace(places, q) : undefined;
}

/** /search (section 5). */
export function searchRoute(api: ApiClient, server: boolean, areas: AreasStore): RouteObject {
  return { path: 'search', loader: searchLoader(api, server, areas), ...lazyPage('src/features/search/pages/search-page.tsx', 'SearchPage') };
}
