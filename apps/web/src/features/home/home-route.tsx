import type { LoaderFunctionArgs } from 'react-router';
import { toCardList, type CardList } from '../../features/dwellings/card-data';
import { fetchLatestDwellings } from '../../features/dwellings/dwellings-api';
import type { ApiClient } from '../../lib/api-client';

export interface HomeData {
  /** null when the latest dwellings could not be fetched: the page still works, with "ca. 3000". */
  latest: CardList | null;
}

export function homeLoader(api: ApiClient) {
  return async ({ request }: LoaderFunctionArgs): Promise<HomeData> => ({
    latest: await fetchLatestDwellings(api, request.signal).then(toCardList, () => null),
  });
}
