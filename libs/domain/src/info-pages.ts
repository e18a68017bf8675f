/**
 * The information pages (spec section 2), in the footer's order: the one list that the web's routes
 * and footer, the API's sitemap and the tests read. `key` names a page's texts (`info.<key>`,
 * `footer.<key>` in the web's translations); the web maps it to the page's component.
 */
export const INFO_PAGES = [
  { slug: 'contact', key: 'contact' },
  { slug: 'about', key: 'about' },
  { slug: 'faq', key: 'faq' },
  { slug: 'partners', key: 'partners' },
  { slug: 'terms', key: 'terms' },
  { slug: 'afmelding', key: 'afmelding' },
  { slug: 'klagemulighed', key: 'klagemulighed' },
  { slug: 'raad-om-boligsoegning', key: 'advice' },
] as const;

export type InfoPage = (typeof INFO_PAGES)[number];
export type InfoPageKey = InfoPage['key'];

/** The page's address, `/info/<slug>`, the same on both language hosts. */
export function infoPath(page: Pick<InfoPage, 'slug'>): string {
  return `/info/${page.slug}`;
}
