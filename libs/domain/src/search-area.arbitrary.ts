// Test support (not in the library's index): generated valid areas for the property tests of the
// domain and of the API's lists (docs/decisions/0064-area-search.md).
import fc from 'fast-check';
import { readSearchArea, searchAreaFromCorners, writeSearchArea, type SearchArea } from './search-area';

export interface AreaRegion {
  /** Where the centres fall: [min, max] degrees. */
  lat: readonly [number, number];
  lng: readonly [number, number];
  /** The corners' distance from the centre, degrees of latitude. */
  radius: readonly [number, number];
  /** Corners snapped to this step (degrees): a coarse step puts corners and edges on the same lines as generated dwellings. */
  steps: readonly number[];
}

/** Copenhagen and around: a city's size. */
export const CITY_REGION: AreaRegion = { lat: [55.6, 55.75], lng: [12.45, 12.65], radius: [0.01, 0.12], steps: [1e-5, 1e-3] };

const snap = (value: number, step: number) => Math.round(value / step) * step;

/**
 * Valid areas: star-shaped around a centre (corners at increasing angles, each at its own
 * distance), so they never cross themselves before rounding; a rounding that makes one invalid is
 * filtered out. 3 to 50 corners.
 */
export function searchAreaArbitrary(region: AreaRegion = CITY_REGION): fc.Arbitrary<SearchArea> {
  return fc
    .record({
      lat: fc.double({ min: region.lat[0], max: region.lat[1], noNaN: true }),
      lng: fc.double({ min: region.lng[0], max: region.lng[1], noNaN: true }),
      step: fc.constantFrom(...region.steps),
      corners: fc.uniqueArray(fc.integer({ min: 0, max: 359 }), { minLength: 3, maxLength: 50 }).chain((angles) =>
        fc.tuple(fc.constant([...angles].sort((a, b) => a - b)), fc.array(fc.double({ min: region.radius[0], max: region.radius[1], noNaN: true }), { minLength: angles.length, maxLength: angles.length })),
      ),
    })
    .map(({ lat, lng, step, corners: [angles, radii] }) =>
      searchAreaFromCorners(
        angles.map((angle, i) => {
          const a = (angle * Math.PI) / 180;
          // A degree of longitude is ~0.57 of one of latitude here: round areas on the map.
          return [snap(lat + radii[i] * Math.sin(a), step), snap(lng + (radii[i] * Math.cos(a)) / 0.57, step)] as const;
        }),
      ),
    )
    .filter((area) => readSearchArea(writeSearchArea(area)).value !== undefined);
}
