import type { RouteObject } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { accountRoutes } from '../features/accounts/accounts-routes';
import { BoligagentTokenPage, BoligagentUnsubscribePage, BoligagentVerifyPage } from '../features/boligagent/BoligagentPages';
import type { AreasStore } from '../features/cities/areas-store';
import { infoRoutes } from '../features/info/info-routes';
import { unsubscribeRoutes } from '../features/unsubscribe/unsubscribe-routes';
import { tenantAdRoutes } from '../features/tenant-ad/tenant-ad-routes';
import type { ApiClient } from '../lib/api-client';
import { NotFoundPage } from './errors/not-found-page';
import { RethrowRouteError, RouteError } from './errors/route-error';
import { RootLayout } from './layout/root-layout';
import { CitiesRoute } from './routes/cities-route';
import { cityLoader, CityRoute } from './routes/city-route';
import { dwellingLoader, DwellingRoute } from './routes/dwelling-route';
import { homeLoader, HomeRoute } from './routes/home-route';
import { notFoundLoader } from './routes/not-found-route';
import { searchLoader, SearchRoute } from './routes/search-route';

export interface RouteDeps {
  areas: AreasStore;
  api: ApiClient;
  /** The server renderer: loaders wait for everything the HTML must contain. */
  server?: boolean;
}

/**
 * The route table (spec section 2), shared by the browser entry and the server renderer.
 * Loaders get their data through `deps`, so each request or session brings its own.
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
            { index: true, loader: homeLoader(api), element: <HomeRoute /> },
            // The list comes from the areas store; the loader makes the server render wait for it.
            { path: 'byer', loader: () => areas.load().then(() => null), element: <CitiesRoute /> },
            { path: 'search', loader: searchLoader(api, server, areas), element: <SearchRoute /> },
            { path: 'vis/:id', loader: dwellingLoader(api), element: <DwellingRoute /> },
            ...accountRoutes(),
            { path: 'boligagent/verify', element: <BoligagentVerifyPage /> },
            { path: 'boligagent/afmeld/:token', element: <BoligagentUnsubscribePage /> },
            { path: 'boligagent/:token', element: <BoligagentTokenPage /> },
            ...infoRoutes(),
            ...unsubscribeRoutes(),
            ...tenantAdRoutes(api),
            { path: ':city', loader: cityLoader(areas, api), element: <CityRoute /> },
            { path: '*', loader: notFoundLoader, element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}
