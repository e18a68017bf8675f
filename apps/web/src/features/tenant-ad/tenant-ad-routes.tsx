import type { RouteObject } from 'react-router';
import type { ApiClient } from '../../lib/api-client';
import { lazyPage } from '../../lib/lazy-pages';
import { landlordAdsLoader } from './landlord-ads-loader';

/**
 * The tenant ad's public page: /udlejer/{city} for landlords (the same path on the en. host, in
 * English, as every route). The editor is the profile's Tenant ad tab (profile-tenant-tab.tsx).
 */
export function tenantAdRoutes(api: ApiClient): RouteObject[] {
  return [{ path: 'udlejer/:city', loader: landlordAdsLoader(api), ...lazyPage('src/features/tenant-ad/pages/landlord-ads-page.tsx', 'LandlordAdsPage') }];
}
