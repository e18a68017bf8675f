import type { FavouriteIdsResponse, FavouriteSettings, FavouritesResponse } from '@husly/contracts';
import type { ApiClient } from '../../lib/api-client';

/** The favourites' calls (docs/decisions/0016-favourites.md); all need the logged-in user's token. */
export function favouritesApi(api: ApiClient) {
  return {
    ids: () => api.get<FavouriteIdsResponse>('/users/me/favourites/ids'),
    list: (signal?: AbortSignal) => api.get<FavouritesResponse>('/users/me/favourites', { signal }),
    save: (dwellingId: string) => api.put<void>(`/users/me/favourites/${encodeURIComponent(dwellingId)}`),
    remove: (dwellingId: string) => api.delete<void>(`/users/me/favourites/${encodeURIComponent(dwellingId)}`),
    /** The favourites' mail setting (ADR 0062). */
    settings: (signal?: AbortSignal) => api.get<FavouriteSettings>('/users/me/favourites/settings', { signal }),
    setSettings: (settings: FavouriteSettings) => api.post<FavouriteSettings>('/users/me/favourites/settings', settings),
  };
}
