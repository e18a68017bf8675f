import { data, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { isDwellingNotFound } from '@husly/domain';
import type { DwellingDetail } from '@husly/contracts';
import { fetchDwelling } from './dwellings-api';
import { isHttpError, type ApiClient } from '../../lib/api-client';
import { lazyPage } from '../../lib/lazy-pages';

export interface DwellingData {
  dwelling: DwellingDetail;
}

/** Section 4: a missing dwelling (404, or status 0 in the response) is a 404 page with a 404 status. */
export function dwellingLoader(api: ApiClient) {
  return async ({ params, request }: LoaderFunctionArgs): Promise<DwellingData> => {
    try {
      const dwelling = await fetchDwelling(api, params.id ?? '', request.signal);
      if (isDwellingNotFound(dwelling)) throw data(null, { status: 404 });
      return { dwelling };
    } catch (error) {
      // 400 and 414: an id that cannot exist (not a number, too long for a path) is as missing as one that does not.
      if (isHttpError(error, 404) || isHttpError(error, 400) || isHttpError(error, 414)) throw data(null, { status: 404 });
      throw error;
    }
  };
}

/** /vis/{id}, the dwelling page. */
export function dwellingRoute(api: ApiClient): RouteObject {
  return { path: 'vis/:id', loader: dwellingLoader(api), ...lazyPage('src/features/dwellings/pages/dwelling-page.tsx', 'DwellingPage') };
}
