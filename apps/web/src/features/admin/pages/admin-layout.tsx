import { useCallback, useEffect, useMemo, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import type { AdminMe } from '@husly/contracts';
import { ErrorFallback } from '../../../components/ui/error-fallback';
import { PageLoading } from '../../../components/ui/page-loading';
import { NotFoundPage } from '../../../app/errors/not-found-page';
import { errorReference, isHttpError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { usePageTitle } from '../../../lib/document-head';
import { useBusyAction } from '../../../lib/use-busy-action';
import { adminApi, BULL_BOARD_PATH, isSecondFactorRequired } from '../admin-api';
import { AdminSessionProvider, type AdminSession } from '../admin-session';
import { DESK, time } from '../admin-texts';
import { SecondFactorForm } from '../components/second-factor-form';
import styles from '../admin.module.css';

type Gate =
  | { status: 'checking' }
  /** No session: the code form instead of the page. */
  | { status: 'code-due' }
  /** `expired`: the session ran out under an open page, which stays (hidden) under the code form. */
  | { status: 'open'; me: AdminMe; expired: boolean }
  | { status: 'not-found' }
  | { status: 'error'; reference?: string };

/**
 * /admin and its pages (issue 33). The route's loader already answered 404 to whoever is not an
 * admin, and AdminEntry keeps the desk out of search engines; here the browser asks /api/admin/me again, with the admin session's cookie (which the
 * server render never sees): the code form when the second factor is due, else the desk.
 */
export function AdminLayout() {
  const api = useApi();
  const admin = useMemo(() => adminApi(api), [api]);
  const [gate, setGate] = useState<Gate>({ status: 'checking' });
  const [generation, setGeneration] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const logout = useBusyAction();

  useEffect(() => {
    const abort = new AbortController();
    admin.me(abort.signal).then(
      (me) => setGate({ status: 'open', me, expired: false }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        if (isSecondFactorRequired(error)) setGate({ status: 'code-due' });
        else if (isHttpError(error, 404)) setGate({ status: 'not-found' });
        else setGate({ status: 'error', reference: errorReference(error) });
      },
    );
    return () => abort.abort();
  }, [admin, attempt]);

  const expired = useCallback(() => setGate((gate) => (gate.status === 'open' ? { ...gate, expired: true } : { status: 'code-due' })), []);
  const opened = useCallback((me: AdminMe) => {
    setGate({ status: 'open', me, expired: false });
    setGeneration((n) => n + 1);
  }, []);

  const sessionLost = useCallback(
    async (error: unknown): Promise<boolean> => {
      if (isSecondFactorRequired(error)) {
        expired();
        return true;
      }
      if (!isHttpError(error, 404)) return false;
      try {
        await admin.me();
        return false; // the session is fine: the 404 is the thing asked for
      } catch (check) {
        if (isSecondFactorRequired(check)) expired();
        else if (isHttpError(check, 404)) setGate({ status: 'not-found' });
        else return false;
        return true;
      }
    },
    [admin, expired],
  );

  const session = useMemo<AdminSession | null>(
    () => (gate.status === 'open' ? { admin, me: gate.me, expired, sessionLost, paused: gate.expired, generation } : null),
    [admin, gate, expired, sessionLost, generation],
  );

  if (gate.status === 'checking') return <DeskTitled title={DESK.title} />;
  if (gate.status === 'not-found') return <NotFoundPage />;
  if (gate.status === 'error') return <ErrorFallback reference={gate.reference} onRetry={() => setAttempt((n) => n + 1)} />;
  if (gate.status === 'code-due' || !session)
    return (
      <div className="page">
        <CodePage admin={admin} onOpened={opened} />
      </div>
    );

  const { me } = gate;
  const leave = () =>
    void logout.run(async () => {
      // Gone either way: a failed call leaves a session that ends by itself within 30 minutes.
      await admin.closeSession().catch(() => undefined);
      setGate({ status: 'code-due' });
    });

  return (
    <AdminSessionProvider value={session}>
      <div className={`page ${styles.desk}`}>
        {gate.expired && <CodePage admin={admin} expired onOpened={opened} />}
        {/* Kept mounted while the code is asked for again: the search, the open form and the scroll stay. */}
        <div className={styles.desk} hidden={gate.expired}>
          <div className={styles.bar}>
            <nav className={styles.nav} aria-label={DESK.nav.label}>
              <NavLink to="/admin" end>
                {DESK.nav.desk}
              </NavLink>
              <NavLink to="/admin/alerts">{DESK.nav.alerts}</NavLink>
              <NavLink to="/admin/runs">{DESK.nav.runs}</NavLink>
              <NavLink to="/admin/audit">{DESK.nav.audit}</NavLink>
              {/* Its own UI, served by the API: a full page load, not a route of ours. */}
              <a href={BULL_BOARD_PATH}>
                {DESK.nav.queues}
              </a>
            </nav>
            <div className={styles.who}>
              <span>
                {DESK.loggedInAs(me.name)} · {DESK.sessionEnds(time(me.sessionExpiresAt))}
              </span>
              <button type="button" className={`button button-secondary ${styles.small}`} onClick={leave} disabled={logout.busy} aria-busy={logout.busy || undefined}>
                {DESK.logout}
              </button>
            </div>
          </div>
          <Outlet />
        </div>
      </div>
    </AdminSessionProvider>
  );
}

function CodePage(props: Parameters<typeof SecondFactorForm>[0]) {
  usePageTitle(DESK.code.heading);
  return <SecondFactorForm {...props} />;
}

function DeskTitled({ title }: { title: string }) {
  usePageTitle(title);
  return <PageLoading />;
}
