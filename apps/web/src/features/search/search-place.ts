import { areaPlaceIndex, findPlace } from '@husly/domain';
import type { AreasResponse, CityName } from '@husly/contracts';

/**
 * The city a search's q names in the whole areas list, by the same rule as the API (libs/domain's
 * findPlace). Loaded by the search loader when it runs, not with every page: place matching and its
 * index of every name are a search's alone (issue 16, docs/decisions/0022).
 */
export function searchPlace(places: AreasResponse, q: string): Pick<CityName, 'slug' | 'label'> | null {
  const city = findPlace(q, areaPlaceIndex(places.data, places.aliases))?.city;
  return city ? { slug: city.slug, label: city.label } : null;
}
