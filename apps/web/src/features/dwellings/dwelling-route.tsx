import { data, type LoaderFunctionArgs } from 'react-router';
import { isDwellingNotFound } from '@husly/domain';
import type { DwellingDetail } from '@husly/contracts';
import { fetchDwelling } from '../../features/dwellings/dwellings-api';
import { isHttpError, type ApiClient } from '../../lib/api-client';

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
