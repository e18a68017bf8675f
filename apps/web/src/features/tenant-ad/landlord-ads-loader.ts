import { data, type LoaderFunctionArgs } from 'react-router';
import type { LandlordTenantAdsResponse } from '@husly/contracts';
import { isCitySlug } from '@husly/domain';
import { isHttpError, type ApiClient } from '../../lib/api-client';
import { tenantAdApi } from './tenant-ad-api';

/** /udlejer/{city}: the city's published tenant ads; an unknown city is the 404 page. */
export function landlordAdsLoader(api: ApiClient) {
  return async ({ params, request }: LoaderFunctionArgs): Promise<LandlordTenantAdsResponse> => {
    const city = params.city ?? '';
    if (!isCitySlug(city)) throw data(null, { status: 404 });
    try {
      return await tenantAdApi(api).forLandlords(city, request.signal);
    } catch (error) {
      if (isHttpError(error, 404)) throw data(null, { status: 404 });
      throw error;
    }
  };
}
