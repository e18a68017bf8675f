import { lazy, Suspense } from 'react';
import { PageLoading } from '../../components/ui/page-loading';
import { useNoIndex } from '../../lib/document-head';
import { useIsHydrating } from '../../lib/islands';

const AdminDesk = lazy(() => import('./admin-desk').then((module) => ({ default: module.AdminDesk })));

/**
 * Where the desk's chunk starts loading: only here, after the gate (admin-routes.tsx) let the
 * request through. The server and the hydration draw the loading state the desk itself starts
 * with (it asks /api/admin/me in the browser first), so nothing of the desk is in the server's HTML.
 */
export function AdminEntry() {
  // Never in a search engine: the server's meta and X-Robots-Tag, and the browser's meta.
  useNoIndex();
  const hydrating = useIsHydrating();
  if (hydrating) return <PageLoading />;
  return (
    <Suspense fallback={<PageLoading />}>
      <AdminDesk />
    </Suspense>
  );
}
