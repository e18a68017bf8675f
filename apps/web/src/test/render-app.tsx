import { expect } from 'vitest';
import { render, waitFor } from '@testing-library/react';
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
  // The real fetch, with the requests still unanswered counted: a count of what the server got is
  // final only once every request the page started has its answer (requestsAnswered).
  const unanswered = new Set<Promise<Response>>();
  const trackedFetch: typeof fetch = (input, init) => {
    const answer = globalThis.fetch(input, init);
    unanswered.add(answer);
    answer.then(
      () => unanswered.delete(answer),
      () => unanswered.delete(answer),
    );
    return answer;
  };
  const context = createAppContext({
    host: options.host ?? 'localhost:3000',
    translations: options.translations ?? da,
    api: createApiClient({ baseUrl: options.apiBaseUrl ?? 'http://127.0.0.1:9/api', getToken: () => options.token, fetch: trackedFetch }),
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
  /** Resolves when every request the page has started so far has been answered. */
  const requestsAnswered = () => waitFor(() => expect(unanswered.size).toBe(0));
  return { ...result, router, context, requestsAnswered };
}
