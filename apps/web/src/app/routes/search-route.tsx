import type { LoaderFunctionArgs } from 'react-router';
import type { DwellingListResponse } from '@husly/contracts';
import { searchDwellings } from '../../features/dwellings/dwellings-api';
import { parseSearchUrl, type SearchParams } from '../../features/search/search-params';
import { isHttpError, type ApiClient } from '../../lib/api-client';

export type SearchOutcome = { ok: true; list: DwellingListResponse } | { ok: false; status: number };

export interface SearchData {
  search: SearchParams | null;
  /** A promise in the browser (the page shows "Indlæser boliger..."), the result itself on the server. */
  results: SearchOutcome | Promise<SearchOutcome> | null;
}

/**
 * Section 5: fewer than two characters runs no search. The browser does not wait for the results
 * before showing the page, so the heading can say "Loading dwellings..."; the server waits, so
 * the HTML has them.
 */
export function searchLoader(api: ApiClient, server: boolean) {
  return async ({ request }: LoaderFunctionArgs): Promise<SearchData> => {
    const parsed = parseSearchUrl(new URL(request.url).searchParams, 'da');
    if (parsed.kind !== 'search') return { search: null, results: null };
    const results = searchDwellings(api, parsed.params, request.signal).then(
      (list): SearchOutcome => ({ ok: true, list }),
      // Never rejects: a failed search is a message on the page, and nothing is left unhandled
      // when the visitor has already moved on.
      (error: unknown): SearchOutcome => ({ ok: false, status: isHttpError(error) ? error.statusCode : 0 }),
    );
    return { search: parsed.params, results: server ? await results : results };
  };
}
