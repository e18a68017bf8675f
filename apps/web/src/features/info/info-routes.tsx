import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-pages';

const page = (file: string, exportName: string) => lazyPage(`src/features/info/pages/${file}`, exportName);

/** The static information pages (spec section 2), each its own chunk. Any other /info/… falls through to the 404 page. */
export function infoRoutes(): RouteObject[] {
  return [
    { path: 'info/contact', ...page('contact-page.tsx', 'ContactPage') },
    { path: 'info/about', ...page('about-page.tsx', 'AboutPage') },
    { path: 'info/faq', ...page('faq-page.tsx', 'FaqPage') },
    { path: 'info/partners', ...page('partners-page.tsx', 'PartnersPage') },
    { path: 'info/terms', ...page('terms-page.tsx', 'TermsPage') },
    { path: 'info/afmelding', ...page('afmelding-page.tsx', 'AfmeldingPage') },
    { path: 'info/klagemulighed', ...page('klagemulighed-page.tsx', 'KlagemulighedPage') },
    { path: 'info/raad-om-boligsoegning', ...page('raad-om-boligsoegning-page.tsx', 'RaadOmBoligsoegningPage') },
  ];
}
