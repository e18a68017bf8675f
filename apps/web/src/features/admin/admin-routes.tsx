import { data, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { isHttpError, type ApiClient } from '../../lib/api-client';
import { lazyPage } from '../../lib/lazy-pages';

const PAGES = 'src/features/admin/pages';

/**
 * The support desk's gate (issue 33), in the route table so the server render answers it too:
 * whoever is not an admin gets the not-found page with status 404, as if /admin did not exist.
 * An admin (401: the second factor is due, which the server always hears, as the admin session's
 * cookie is only sent to /api/admin) gets the desk's shell; its data loads in the browser, never
 * into the server's HTML. Nothing about the admin is returned.
 */
export function adminGateLoader(api: ApiClient) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    try {
      await api.get<unknown>('/admin/me', { signal: request.signal });
    } catch (error) {
      if (isHttpError(error, 404)) throw data(null, { status: 404 });
      if (!isHttpError(error, 401)) throw error;
    }
    return null;
  };
}

/**
 * /admin and its pages. The gate runs once, for the layout: moving between the desk's pages asks
 * nothing again (an expired session shows in the pages' own calls). The pages are chunks of their
 * own, so no public page carries the desk's code or its Danish texts.
 */
export function adminRoutes(api: ApiClient): RouteObject[] {
  return [
    {
      path: 'admin',
      loader: adminGateLoader(api),
      shouldRevalidate: () => false,
      ...lazyPage(`${PAGES}/admin-layout.tsx`, 'AdminLayout'),
      children: [
        { index: true, ...lazyPage(`${PAGES}/desk-page.tsx`, 'DeskPage') },
        { path: 'users/:id', ...lazyPage(`${PAGES}/user-page.tsx`, 'UserPage') },
        { path: 'alerts', ...lazyPage(`${PAGES}/alerts-page.tsx`, 'AlertsPage') },
        { path: 'runs', ...lazyPage(`${PAGES}/runs-page.tsx`, 'RunsPage') },
        { path: 'audit', ...lazyPage(`${PAGES}/audit-page.tsx`, 'AuditPage') },
      ],
    },
  ];
}
