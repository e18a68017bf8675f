import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageLoading } from '../../components/ui/page-loading';
import { isHttpError } from '../../lib/api-client';
import { isChunkLoadError, mayReloadForNewBuild, reloadForNewBuild } from '../../lib/lazy-pages';
import { NotFoundPage } from './not-found-page';

export function isNotFound(error: unknown): boolean {
  return (isRouteErrorResponse(error) && error.status === 404) || isHttpError(error, 404);
}

/**
 * errorElement of the pages: a 404 shows the not-found page; anything else goes on to the
 * nearest RetryBoundary ("Øv! Noget gik galt."), which owns the retry rule.
 */
export function RouteError() {
  const error = useRouteError();
  if (isNotFound(error)) return <NotFoundPage />;
  // A page chunk an earlier deploy replaced: the page is loaded anew (lib/lazy-pages.ts).
  if (isChunkLoadError(error) && typeof window !== 'undefined' && mayReloadForNewBuild(window.location.href)) return <ReloadPage />;
  throw error;
}

function ReloadPage() {
  useEffect(() => reloadForNewBuild(window.location), []);
  return <PageLoading />;
}

/** errorElement of the root route: the layout itself failed, so the app-wide RetryBoundary takes it. */
export function RethrowRouteError(): never {
  throw useRouteError();
}
