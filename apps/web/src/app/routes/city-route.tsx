import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import type { City, DwellingListResponse } from '@husly/contracts';
import type { AreasStore } from '../../features/cities/areas-store';
import { findCity } from '../../features/cities/city-selectors';
import { fetchAreaDwellings } from '../../features/dwellings/dwellings-api';
import { parseListFilters } from '../../features/search/search-params';
import { isHttpError, type ApiClient } from '../../lib/api-client';

export interface CityData {
  city: City;
  list: DwellingListResponse;
}

function startParam(url: URL): number | undefined {
  const raw = url.searchParams.get('start');
  return raw !== null && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

/** Spec section 2: the slug must be in the city list, otherwise 404. An alias or capitals redirect to the slug. */
export function cityLoader(areas: AreasStore, api: ApiClient) {
  return async ({ params, request }: LoaderFunctionArgs): Promise<CityData> => {
    const slug = params.city ?? '';
    const city = findCity(await areas.load(), slug);
    if (!city) throw data(null, { status: 404 });
    const url = new URL(request.url);
    if (city.slug !== slug) throw redirect(`/${city.slug}${url.search}`, 301);
    try {
      return { city, list: await fetchAreaDwellings(api, city.slug, startParam(url), request.signal, parseListFilters(url.searchParams)) };
    } catch (error) {
      if (isHttpError(error, 404)) throw data(null, { status: 404 });
      throw error;
    }
  };
}
