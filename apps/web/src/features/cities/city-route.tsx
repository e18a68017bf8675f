import { data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { CityName } from '@husly/contracts';
import type { AreasStore } from './areas-store';
import { findCity, findCityName } from './city-selectors';
import { deferrableCards, toCardList, type HydratedCardList } from '../dwellings/card-data';
import { areaDwellingsRequest, fetchList } from '../dwellings/dwellings-api';
import { parseListFilters } from '../search/search-params';
import { isHttpError, type ApiClient } from '../../lib/api-client';
import { lazyPage } from '../../lib/lazy-pages';

/** Only what the page renders: the city by name, the dwellings as cards (docs/decisions/0023). */
export interface CityData {
  city: Pick<CityName, 'slug' | 'label'>;
  list: HydratedCardList;
}

function startParam(url: URL): number | undefined {
  const raw = url.searchParams.get('start');
  return raw !== null && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

/** Spec section 2: the slug must be in the city list, otherwise 404. An alias or capitals redirect to the slug. */
export function cityLoader(areas: AreasStore, api: ApiClient) {
  return async ({ params, request }: LoaderFunctionArgs): Promise<CityData> => {
    const slug = params.city ?? '';
    // A slug (any capitals) is in the names every page has; an alias needs the whole list.
    const city = findCityName((await areas.load()).data, slug) ?? findCity(await areas.loadPlaces(), slug);
    if (!city) throw data(null, { status: 404 });
    const url = new URL(request.url);
    if (city.slug !== slug) throw redirect(`/${city.slug}${url.search}`, 301);
    try {
      const listRequest = areaDwellingsRequest(city.slug, startParam(url), parseListFilters(url.searchParams));
      const list = toCardList(await fetchList(api, listRequest, request.signal));
      return { city: { slug: city.slug, label: city.label }, list: deferrableCards(list, listRequest) };
    } catch (error) {
      if (isHttpError(error, 404)) throw data(null, { status: 404 });
      throw error;
    }
  };
}

/** /{city}, the city's listing (section 2). */
export function cityRoute(areas: AreasStore, api: ApiClient): RouteObject {
  return { path: ':city', loader: cityLoader(areas, api), ...lazyPage('src/features/cities/pages/city-page.tsx', 'CityPage') };
}
