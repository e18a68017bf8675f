import type { RouteObject } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { accountRoutes } from '../features/accounts/accounts-routes';
import type { AreasStore } from '../features/cities/areas-store';
import { infoRoutes } from '../features/info/info-routes';
import { unsubscribeRoutes } from '../features/unsubscribe/unsubscribe-routes';
import { tenantAdRoutes } from '../features/tenant-ad/tenant-ad-routes';
import type { ApiClient } from '../lib/api-client';
import { lazyPage } from '../lib/lazy-pages';
import { NotFoundPage } from './errors/not-found-page';
import { RethrowRouteError, RouteError } from './errors/route-error';
import { RootLayout } from './layout/root-layout';
import { cityLoader } from './routes/city-route';
import { dwellingLoader } from './routes/dwelling-route';
import { homeLoader } from './routes/home-route';
import { notFoundLoader } from './routes/not-found-route';
import { searchLoader } from './routes/search-route';

const BOLIGAGENT_PAGES = 'src/features/boligagent/pages/boligagent-pages.tsx';

export interface RouteDeps {
  areas: AreasStore;
  api: ApiClient;
  /** The server renderer: loaders wait for everything the HTML must contain. */
  server?: boolean;
}

/**
 * The route table (spec section 2), shared by the browser entry and the server renderer.
 * Loaders get their data through `deps`, so each request or session brings its own. The layout, the
 * error pages and the loaders are in the main chunk; every page component is loaded with `lazy`
 * (lib/lazy-pages.ts, docs/decisions/0022-route-code-splitting.md).
 */
export function createRoutes({ areas, api, server = false }: RouteDeps): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RethrowRouteError />,
      children: [
        {
          errorElement: <RouteError />,
          hydrateFallbackElement: <PageLoading />,
          children: [
            { index: true, loader: homeLoader(api), ...lazyPage('src/app/routes/home-page.tsx', 'HomePage') },
            // The list comes from the areas store; the loader makes the server render wait for it.
            { path: 'byer', loader: () => areas.load().then(() => null), ...lazyPage('src/app/routes/cities-page.tsx', 'CitiesPage') },
            { path: 'search', loader: searchLoader(api, server, areas), ...lazyPage('src/app/routes/search-page.tsx', 'SearchPage') },
            { path: 'vis/:id', loader: dwellingLoader(api), ...lazyPage('src/app/routes/dwelling-page.tsx', 'DwellingPage') },
            ...accountRoutes(),
            { path: 'boligagent/verify', ...lazyPage(BOLIGAGENT_PAGES, 'BoligagentVerifyPage') },
            { path: 'boligagent/afmeld/:token', ...lazyPage(BOLIGAGENT_PAGES, 'BoligagentUnsubscribePage') },
            { path: 'boligagent/:token', ...lazyPage(BOLIGAGENT_PAGES, 'BoligagentTokenPage') },
            ...infoRoutes(),
            ...unsubscribeRoutes(),
            ...tenantAdRoutes(api),
            { path: ':city', loader: cityLoader(areas, api), ...lazyPage('src/app/routes/city-page.tsx', 'CityPage') },
            { path: '*', loader: notFoundLoader, element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}
