import type { RouteObject } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import type { AreasStore } from '../features/cities/areas-store';
import { NotFoundPage } from './errors/not-found-page';
import { RethrowRouteError, RouteError } from './errors/route-error';
import { RootLayout } from './layout/root-layout';
import { CitiesRoute } from './routes/cities-route';
import { cityLoader, CityRoute } from './routes/city-route';
import { HomeRoute } from './routes/home-route';
import { notFoundLoader } from './routes/not-found-route';
import { SearchRoute } from './routes/search-route';

export interface RouteDeps {
  areas: AreasStore;
}

/**
 * The route table (spec section 2), shared by the browser entry and the server renderer.
 * Loaders get their data through `deps`, so each request or session brings its own.
 */
export function createRoutes({ areas }: RouteDeps): RouteObject[] {
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
            { index: true, element: <HomeRoute /> },
            { path: 'byer', element: <CitiesRoute /> },
            { path: 'search', element: <SearchRoute /> },
            { path: ':city', loader: cityLoader(areas), element: <CityRoute /> },
            { path: '*', loader: notFoundLoader, element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}
