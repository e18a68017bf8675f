import type { DwellingDetail, DwellingListResponse, LandlordContact } from '@husly/contracts';
import type { ApiClient } from '../../lib/api-client';
import type { SearchParams } from '../search/search-params';

/** Spec section 7, dwellings. One function per call; loaders and components share them. */

export function fetchLatestDwellings(api: ApiClient, signal?: AbortSignal): Promise<DwellingListResponse> {
  // The API's default count is the front page's 15 (FRONT_PAGE.latestCount).
  return api.get<DwellingListResponse>('/dwellings/latest', { signal });
}

export function searchDwellings(api: ApiClient, search: SearchParams, signal?: AbortSignal): Promise<DwellingListResponse> {
  return api.get<DwellingListResponse>('/dwellings/search', { query: { ...search }, signal });
}

export function fetchAreaDwellings(
  api: ApiClient,
  slug: string,
  start: number | undefined,
  signal?: AbortSignal,
): Promise<DwellingListResponse> {
  return api.get<DwellingListResponse>(`/dwellings/area/${encodeURIComponent(slug)}`, { query: { start }, signal });
}

export function fetchDwelling(api: ApiClient, id: string, signal?: AbortSignal): Promise<DwellingDetail> {
  return api.get<DwellingDetail>(`/dwellings/${encodeURIComponent(id)}`, { signal });
}

export function fetchLandlordContact(api: ApiClient, id: string): Promise<LandlordContact> {
  return api.get<LandlordContact>(`/dwellings/${encodeURIComponent(id)}/agent`);
}
