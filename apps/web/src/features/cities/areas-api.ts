import type { ApiClient } from '../../lib/api-client';
import type { AreasResponse } from '@husly/contracts';

export function fetchAreas(api: ApiClient): Promise<AreasResponse> {
  return api.get<AreasResponse>('/dwellings/areas');
}
