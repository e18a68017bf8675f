import type { RouteObject } from 'react-router';
import { INFO_PAGES, type InfoPageKey } from '@husly/domain';
import { lazyPage } from '../../lib/lazy-pages';

/** Each page's component, exported by `pages/<slug>-page.tsx`: a page added to INFO_PAGES without one does not compile. */
const COMPONENTS: Record<InfoPageKey, string> = {
  contact: 'ContactPage',
  about: 'AboutPage',
  faq: 'FaqPage',
  partners: 'PartnersPage',
  terms: 'TermsPage',
  afmelding: 'AfmeldingPage',
  klagemulighed: 'KlagemulighedPage',
  advice: 'RaadOmBoligsoegningPage',
};

/** The static information pages (spec section 2), each its own chunk. Any other /info/… falls through to the 404 page. */
export function infoRoutes(): RouteObject[] {
  return INFO_PAGES.map(({ slug, key }) => ({ path: `info/${slug}`, ...lazyPage(`src/features/info/pages/${slug}-page.tsx`, COMPONENTS[key]) }));
}
