import type { RouteObject } from 'react-router';
import { AboutPage } from './pages/about-page';
import { AfmeldingPage } from './pages/afmelding-page';
import { ContactPage } from './pages/contact-page';
import { FaqPage } from './pages/faq-page';
import { KlagemulighedPage } from './pages/klagemulighed-page';
import { PartnersPage } from './pages/partners-page';
import { RaadOmBoligsoegningPage } from './pages/raad-om-boligsoegning-page';
import { TermsPage } from './pages/terms-page';

/** The static information pages (spec section 2). Any other /info/… falls through to the 404 page. */
export function infoRoutes(): RouteObject[] {
  return [
    { path: 'info/contact', element: <ContactPage /> },
    { path: 'info/about', element: <AboutPage /> },
    { path: 'info/faq', element: <FaqPage /> },
    { path: 'info/partners', element: <PartnersPage /> },
    { path: 'info/terms', element: <TermsPage /> },
    { path: 'info/afmelding', element: <AfmeldingPage /> },
    { path: 'info/klagemulighed', element: <KlagemulighedPage /> },
    { path: 'info/raad-om-boligsoegning', element: <RaadOmBoligsoegningPage /> },
  ];
}
