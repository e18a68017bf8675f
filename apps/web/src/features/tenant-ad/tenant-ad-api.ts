import type { LandlordContactRequest, LandlordTenantAdsResponse, OkResponse, TenantAdRequest, TenantAdResponse, TenantAdSaveResponse } from '@husly/contracts';
import type { ApiClient } from '../../lib/api-client';

/** The tenant ad's calls (spec section 7: GET/POST /api/users/me/tenant) and the landlord page's. */
export function tenantAdApi(api: ApiClient) {
  return {
    mine: () => api.get<TenantAdResponse>('/users/me/tenant'),
    save: (body: TenantAdRequest) => api.post<TenantAdSaveResponse>('/users/me/tenant', body),
    /** The link that proves the ad's address (issue 29): mailed again, and followed (the mail's ?verify=). */
    sendVerification: () => api.post<OkResponse>('/users/me/tenant/verification-mail', {}),
    verifyEmail: (token: string) => api.post<TenantAdResponse>('/users/me/tenant/verify-email', { token }),
    forLandlords: (city: string, signal?: AbortSignal) => api.get<LandlordTenantAdsResponse>(`/tenant-ads/${encodeURIComponent(city)}`, { signal }),
    contact: (id: number, body: LandlordContactRequest) => api.post<void>(`/tenant-ads/${id}/contact`, body),
  };
}

/** The API's error paths (housing.available) as the form's flattened field names (housing-available, section 3). */
export function fieldErrorsFromApi(body: unknown): Record<string, string> {
  const errors = (body as { errors?: Array<{ path?: unknown; message?: unknown }> } | undefined)?.errors;
  const out: Record<string, string> = {};
  for (const e of Array.isArray(errors) ? errors : []) {
    if (typeof e.path !== 'string' || typeof e.message !== 'string' || e.path === '') continue;
    const field = e.path.split('.').slice(0, 2).join('-');
    out[field] ??= e.message;
  }
  return out;
}
