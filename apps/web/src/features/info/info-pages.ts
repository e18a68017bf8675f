/**
 * The information pages (spec section 2), in the footer's order: the one list that the routes
 * (info-routes.tsx), the footer and the tests read. A page's component is `component` of
 * `pages/<slug>-page.tsx`; `key` names its texts (`info.<key>`, `footer.<key>`).
 */
export const INFO_PAGES = [
  { slug: 'contact', key: 'contact', component: 'ContactPage' },
  { slug: 'about', key: 'about', component: 'AboutPage' },
  { slug: 'faq', key: 'faq', component: 'FaqPage' },
  { slug: 'partners', key: 'partners', component: 'PartnersPage' },
  { slug: 'terms', key: 'terms', component: 'TermsPage' },
  { slug: 'afmelding', key: 'afmelding', component: 'AfmeldingPage' },
  { slug: 'klagemulighed', key: 'klagemulighed', component: 'KlagemulighedPage' },
  { slug: 'raad-om-boligsoegning', key: 'advice', component: 'RaadOmBoligsoegningPage' },
] as const;

export type InfoPage = (typeof INFO_PAGES)[number];
export type InfoPageKey = InfoPage['key'];

/** The page's address, `/info/<slug>`. */
export function infoPath(page: Pick<InfoPage, 'slug'>): string {
  return `/info/${page.slug}`;
}
