import type { DwellingDetail, DwellingListResponse, LandlordContact } from '@husly/contracts';
import type { ApiClient } from '../../lib/api-client';
import { filterQuery, type ListFilters, type SearchParams } from '../search/search-params';

/** Spec section 7, dwellings. One function per call; loaders and components share them. */

export function fetchLatestDwellings(api: ApiClient, signal?: AbortSignal): Promise<DwellingListResponse> {
  // The API's default count is the front page's 15 (FRONT_PAGE.latestCount).
  return api.get<DwellingListResponse>('/dwellings/latest', { signal });
}

/** A list request as the API client sends it: what a list page needs to fetch its list again. */
export interface ListRequest {
  path: string;
  query: Record<string, string | number>;
}

export function searchRequest(search: SearchParams): ListRequest {
  // No q beside an area alone: the API searches all of Denmark inside it (docs/decisions/0064).
  return { path: '/dwellings/search', query: definedOnly({ q: search.q === '' ? undefined : search.q, ...listQuery(search), start: search.start }) };
}

export function areaDwellingsRequest(slug: string, start: number | undefined, filters: ListFilters = {}): ListRequest {
  return { path: `/dwellings/area/${encodeURIComponent(slug)}`, query: definedOnly({ ...listQuery(filters), start }) };
}

export function fetchList(api: ApiClient, request: ListRequest, signal?: AbortSignal): Promise<DwellingListResponse> {
  return api.get<DwellingListResponse>(request.path, { query: request.query, signal });
}

export function searchDwellings(api: ApiClient, search: SearchParams, signal?: AbortSignal): Promise<DwellingListResponse> {
  return fetchList(api, searchRequest(search), signal);
}

export function fetchAreaDwellings(
  api: ApiClient,
  slug: string,
  start: number | undefined,
  signal?: AbortSignal,
  filters: ListFilters = {},
): Promise<DwellingListResponse> {
  return fetchList(api, areaDwellingsRequest(slug, start, filters), signal);
}

function definedOnly(query: Record<string, string | number | undefined>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] !== undefined));
}

/** The filters as the API reads them (pets=1, sliders at their default left out). */
function listQuery(filters: ListFilters): Record<string, string> {
  return Object.fromEntries(filterQuery(filters));
}

export function fetchDwelling(api: ApiClient, id: string, signal?: AbortSignal): Promise<DwellingDetail> {
  return api.get<DwellingDetail>(`/dwellings/${encodeURIComponent(id)}`, { signal });
}

export function fetchLandlordContact(api: ApiClient, id: string): Promise<LandlordContact> {
  return api.get<LandlordContact>(`/dwellings/${encodeURIComponent(id)}/agent`);
}
