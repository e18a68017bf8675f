import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { AreasResponse } from '@husly/contracts';
import { createAppContext, type AppContext } from '../app/app-context';
import { AppProviders } from '../app/app-providers';
import { createRoutes } from '../app/routes';
import { createApiClient } from '../lib/api-client';
import type { Translations } from '../lib/i18n';
import type { PublicSettings } from '../lib/public-settings';
import da from '../../public/locales/da/translation.json';

export interface RenderAppOptions {
  /** Base URL of a test API server; without it nothing is fetched (pass `areas`). */
  apiBaseUrl?: string;
  areas?: AreasResponse;
  host?: string;
  translations?: Translations;
  /** The token the API client sends (the `token` cookie in the browser). */
  token?: string;
  routes?: (context: AppContext) => RouteObject[];
  /** What the server render embeds (site alerts, map tiles); the defaults otherwise. */
  settings?: PublicSettings;
}

/** The real providers and route table in a memory router, at `path`. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const context = createAppContext({
    host: options.host ?? 'localhost:3000',
    translations: options.translations ?? da,
    api: createApiClient({ baseUrl: options.apiBaseUrl ?? 'http://127.0.0.1:9/api', getToken: () => options.token }),
    areas: options.areas,
    settings: options.settings,
  });
  const routes = options.routes ? options.routes(context) : createRoutes({ areas: context.areas, api: context.api });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders context={context} onRetry={() => router.revalidate()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, context };
}
