import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-pages';
import type { AreasStore } from './areas-store';

/** /byer: the list comes from the areas store; the loader makes the server render wait for it. */
export function citiesRoute(areas: AreasStore): RouteObject {
  return { path: 'byer', loader: () => areas.load().then(() => null), ...lazyPage('src/features/cities/pages/cities-page.tsx', 'CitiesPage') };
}
