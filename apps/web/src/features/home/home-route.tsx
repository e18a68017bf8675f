import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { toCardList, type CardList } from '../dwellings/card-data';
import { fetchLatestDwellings } from '../dwellings/dwellings-api';
import type { ApiClient } from '../../lib/api-client';
import { lazyPage } from '../../lib/lazy-pages';

export interface HomeData {
  /** null when the latest dwellings could not be fetched: the page still works, with "ca. 3000". */
  latest: CardList | null;
}

export function homeLoader(api: ApiClient) {
  return async ({ request }: LoaderFunctionArgs): Promise<HomeData> => ({
    latest: await fetchLatestDwellings(api, request.signal).then(toCardList, () => null),
  });
}

/** Section 2, home (/). */
export function homeRoute(api: ApiClient): RouteObject {
  return { index: true, loader: homeLoader(api), ...lazyPage('src/features/home/pages/home-page.tsx', 'HomePage') };
}
