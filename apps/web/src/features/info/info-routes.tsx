import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-pages';
import { INFO_PAGES } from './info-pages';

/** The static information pages (spec section 2), each its own chunk. Any other /info/… falls through to the 404 page. */
export function infoRoutes(): RouteObject[] {
  return INFO_PAGES.map(({ slug, component }) => ({ path: `info/${slug}`, ...lazyPage(`src/features/info/pages/${slug}-page.tsx`, component) }));
}
