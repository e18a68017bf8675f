import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../app/errors/not-found-page';
import { DESK_PATHS } from './admin-paths';
import { AdminLayout } from './pages/admin-layout';
import { AlertsPage } from './pages/alerts-page';
import { AuditPage } from './pages/audit-page';
import { DeskPage } from './pages/desk-page';
import { RunsPage } from './pages/runs-page';
import { UserPage } from './pages/user-page';

/** The desk's pages under /admin, in one chunk that only an admin's browser loads (admin-entry.tsx). */
export function AdminDesk() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<DeskPage />} />
        <Route path={DESK_PATHS.user} element={<UserPage />} />
        <Route path={DESK_PATHS.alerts} element={<AlertsPage />} />
        <Route path={DESK_PATHS.runs} element={<RunsPage />} />
        <Route path={DESK_PATHS.audit} element={<AuditPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
