import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, type DataRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { COOKIES, readCookie } from '@husly/domain';
import { createAppContext } from './app/app-context';
import { AppProviders } from './app/app-providers';
import { installHydrationData, readEmbeddedState } from './app/embedded-state';
import { createRoutes } from './app/routes';
import { currentConsent } from './features/privacy/consent-store';
import { rememberLanding } from './features/privacy/visitor-cookies';
import { fetchListAt, fillDeferredCards } from './features/dwellings/card-data';
import { preloadLastViewedBanner } from './features/dwellings/components/last-viewed-banner-slot';
import { lastViewedBannerState } from './features/dwellings/last-viewed';
import { createApiClient } from './lib/api-client';
import { applyDefaultHead } from './lib/document-head';
import { installErrorBeacon } from './lib/error-beacon';
import { languageFromHost, loadTranslations } from './lib/i18n';
import { loadMatchedRoutes, prefetchRoutes } from './lib/lazy-pages';
import { registerServiceWorker } from './lib/service-worker';

/**
 * The browser's start (entry-client.tsx): reads what the server's page carries, loads the matched
 * page modules, and hydrates the server's HTML with React Router's browser router, the same router
 * and route table the server rendered with (docs/decisions/0055-one-router.md). Without server HTML
 * (the SPA fallback in development) it renders instead. Apart from the entry, so that the unit
 * tests can run it on a server render's HTML (browser-app.spec.tsx).
 */
export async function startBrowserApp(): Promise<StartedApp> {
  // First, so an error while hydrating is reported too (spec section 7: GET /i.gif?error=…).
  const reportError = installErrorBeacon(window);
  // The campaign a visitor came from is in the landing URL only: kept now, written once allowed.
  rememberLanding(window.location.search);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');

  // A server-rendered page carries its host, city names and settings, and names its texts (fetched
  // here, preloaded by the page); the SPA fallback (dev) fetches the texts and uses the browser's
  // own host (links to where the browser already is).
  const embedded = readEmbeddedState(document);
  const host = embedded.host ?? window.location.host;
  const serverRendered = container.firstElementChild !== null;
  // A list page's cards past the first screenful are in its HTML, not in its hydration data: fetched
  // again (preloaded by the page for a visitor) before hydrating (docs/decisions/0023-lean-hydration.md),
  // at the same time as the texts, not after them.
  const hydrationData = installHydrationData(document, window);
  const cardsFilled =
    serverRendered && hydrationData
      ? fillDeferredCards(hydrationData.loaderData, (url) => fetchListAt(url, readCookie(document.cookie, COOKIES.token.name)))
      : undefined;
  const translations =
    embedded.translations ??
    (await loadTranslations(languageFromHost(host), { url: embedded.translationsUrl }).catch((error: unknown) => {
      // Still usable without texts (keys show); better than a blank page.
      console.error(error);
      return {};
    }));
  await cardsFilled;
  // The cookie choice and the last-viewed dwelling as the page was requested with them, as the server rendered the banners.
  const context = createAppContext({
    host,
    translations,
    api: createApiClient(),
    cities: embedded.cities,
    settings: embedded.settings,
    consent: currentConsent(),
    lastViewed: lastViewedBannerState(document.cookie),
  });
  if (!serverRendered) applyDefaultHead(document, context.i18n);

  // createBrowserRouter picks up the server's loader data (installHydrationData), so
  // hydration runs no loader again; this page's lazy routes are loaded first (the server preloaded
  // their chunks), so the first render is the page, as in the server's HTML, not a fallback.
  const routes = createRoutes({ areas: context.areas, api: context.api });
  await Promise.all([
    loadMatchedRoutes(routes, `${window.location.pathname}${window.location.search}`),
    // Shown by the server render: hydrated in place, so loaded first (its chunk is small, and rare).
    preloadLastViewedBanner(context.lastViewed, window.location.pathname),
  ]);
  const router = createBrowserRouter(routes);
  const stopPrefetching = prefetchOnIntent(routes);
  const app = (
    <StrictMode>
      <AppProviders context={context} onRetry={() => router.revalidate()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );

  // An error the error boundary catches ("Øv! Noget gik galt.") never reaches window's error event.
  const onCaughtError = (error: unknown) => {
    reportError(error);
    console.error(error);
  };
  let root!: Root;
  if (serverRendered) {
    // In a transition, as React Router's own client entry does: React hydrates in slices of a few
    // milliseconds that yield to the browser (the hydration lane of a transition is time-sliced, the
    // default one is rendered in one task), so the page's start, the router's tree with it, is no
    // longer one long task on a phone. A click meanwhile hydrates its part first and is replayed.
    startTransition(() => {
      root = hydrateRoot(container, app, { onCaughtError });
    });
  } else {
    root = createRoot(container, { onCaughtError });
    root.render(app);
  }
  registerServiceWorker();
  return {
    router,
    stop() {
      root.unmount();
      router.dispose();
      stopPrefetching();
    },
  };
}

export interface StartedApp {
  router: DataRouter;
  /** Unmounts the app and ends the router (a test's clean-up; a page never stops). */
  stop(): void;
}

/**
 * A link the visitor points at, touches or focuses starts fetching its page's chunks, so the click
 * rarely waits for code (the data is fetched on the click, with the chunk if still needed).
 */
function prefetchOnIntent(routes: RouteObject[]): () => void {
  const seen = new Set<string>();
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin || seen.has(link.pathname)) return;
    seen.add(link.pathname);
    prefetchRoutes(routes, link.pathname);
  };
  const types = ['mouseover', 'touchstart', 'focusin'];
  for (const type of types) document.addEventListener(type, onIntent, { passive: true });
  return () => {
    for (const type of types) document.removeEventListener(type, onIntent);
  };
}

