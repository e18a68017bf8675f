import type { RouteObject } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { accountRoutes } from '../features/accounts/accounts-routes';
import { adminRoutes } from '../features/admin/admin-routes';
import { boligagentRoutes } from '../features/boligagent/boligagent-routes';
import type { AreasStore } from '../features/cities/areas-store';
import { citiesRoute } from '../features/cities/cities-route';
import { cityRoute } from '../features/cities/city-route';
import { dwellingRoute } from '../features/dwellings/dwelling-route';
import { homeRoute } from '../features/home/home-route';
import { infoRoutes } from '../features/info/info-routes';
import { searchRoute } from '../features/search/search-route';
import { unsubscribeRoutes } from '../features/unsubscribe/unsubscribe-routes';
import { tenantAdRoutes } from '../features/tenant-ad/tenant-ad-routes';
import type { ApiClient } from '../lib/api-client';
import { NotFoundPage } from './errors/not-found-page';
import { notFoundLoader } from './errors/not-found-route';
import { RethrowRouteError, RouteError } from './errors/route-error';
import { RootLayout } from './layout/root-layout';

export interface RouteDeps {
  areas: AreasStore;
  api: ApiClient;
  /** The server renderer: loaders wait for everything the HTML must contain. */
  server?: boolean;
}

/**
 * The route table (spec section 2), shared by the browser entry and the server renderer, assembled
 * from the routes each feature gives with its pages. Loaders get their data through `deps`, so each
 * request or session brings its own. The layout, the error pages and the loaders are in the main
 * chunk; every page component is loaded with `lazy` (lib/lazy-pages.ts,
 * docs/decisions/0022-route-code-splitting.md).
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
            homeRoute(api),
            citiesRoute(areas),
            searchRoute(api, server, areas),
            dwellingRoute(api),
            ...accountRoutes(),
            ...boligagentRoutes(),
            ...infoRoutes(),
            ...unsubscribeRoutes(),
            ...tenantAdRoutes(api),
            ...adminRoutes(api),
            cityRoute(areas, api),
            { path: '*', loader: notFoundLoader, element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}
