import { data, matchPath, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { isHttpError, type ApiClient } from '../../lib/api-client';
import { AdminEntry } from './admin-entry';
import { DESK_PATHS } from './admin-paths';

const known = (rest: string) => Object.values(DESK_PATHS).some((pattern) => matchPath({ path: `/${pattern}`, end: true }, `/${rest}`) !== null);

/**
 * The support desk's gate (issue 33), in the route table so the server render answers it too:
 * whoever is not an admin gets the not-found page with status 404, as if /admin did not exist.
 * An admin (401: the second factor is due, which the server always hears, as the admin session's
 * cookie is only sent to /api/admin) gets the desk's shell; its data loads in the browser, never
 * into the server's HTML. Nothing about the admin is returned.
 */
export function adminGateLoader(api: ApiClient) {
  return async ({ request, params }: LoaderFunctionArgs): Promise<null> => {
    try {
      await api.get<unknown>('/admin/me', { signal: request.signal });
    } catch (error) {
      if (isHttpError(error, 404)) throw data(null, { status: 404 });
      if (!isHttpError(error, 401)) throw error;
    }
    if (!known(params['*'] ?? '')) throw data(null, { status: 404 });
    return null;
  };
}

/**
 * /admin and everything under it. Not a lazy page of the route table (lib/lazy-pages.ts): a matched
 * lazy route's chunk is named by the server's head and loaded by the browser before the loader's
 * answer counts, so a visitor's 404 would fetch the desk. The desk's one chunk is loaded by
 * AdminEntry, which renders only once the gate let the request through. The gate runs once: moving
 * between the desk's pages asks nothing again (an expired session shows in the pages' own calls).
 */
export function adminRoutes(api: ApiClient): RouteObject[] {
  return [{ path: 'admin/*', loader: adminGateLoader(api), shouldRevalidate: () => false, element: <AdminEntry /> }];
}
