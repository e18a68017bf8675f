import { createContext, useCallback, useContext, useEffect, useRef, useState, type DependencyList, type ReactNode } from 'react';
import type { AdminMe } from '@husly/contracts';
import { isApiError } from '@husly/contracts/browser';
import { errorReference, isHttpError } from '../../lib/api-client';
import { useBusyAction } from '../../lib/use-busy-action';
import type { AdminApi } from './admin-api';
import { DESK } from './admin-texts';

export interface AdminSession {
  admin: AdminApi;
  me: AdminMe;
  /**
   * An admin call answered that the second factor is due (the session expired): the layout shows
   * the code form over the page, which stays as it was.
   */
  expired(): void;
  /**
   * Whether a failed desk call failed because the desk session is gone, which it then handles (the
   * code form over the page, or the not-found page for a login that is no admin any more). The API
   * answers a desk call without a session as a path that does not exist (404), like any 404; /me
   * tells them apart. A 401 second-factor-required is taken at its word.
   */
  sessionLost(error: unknown): Promise<boolean>;
  /** The session expired and the code form is shown over the page: a dialog of the page stays closed meanwhile. */
  paused: boolean;
  /** Counts the sessions opened on this page: data loaded under an expired one is loaded again. */
  generation: number;
}

const AdminSessionContext = createContext<AdminSession | null>(null);
export const AdminSessionProvider = AdminSessionContext.Provider;

export function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext);
  if (!session) throw new Error('useAdminSession needs the admin layout');
  return session;
}

/** What went wrong, in words for support, with the API's message and request id when it gave them. */
export interface DeskProblem {
  message: string;
  reference?: string;
}

export function problemOf(error: unknown): DeskProblem {
  const detail = isHttpError(error) && isApiError(error.body) ? error.body.message : undefined;
  return { message: detail ? `${DESK.failed} ${detail}` : DESK.failed, reference: errorReference(error) };
}

export type DeskData<T> =
  | { status: 'loading'; data?: T }
  | { status: 'ready'; data: T }
  | { status: 'not-found' }
  | { status: 'error'; problem: DeskProblem; data?: T };

/**
 * Data of a desk page, loaded in the browser (none of it is in the server's HTML). A load that
 * meets an expired session hands it to the layout and keeps what was shown; it runs again once a
 * new session is open. `reload` loads it again after an action.
 */
export function useDeskData<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList) {
  const { sessionLost, generation } = useAdminSession();
  const [state, setState] = useState<DeskData<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const latest = useRef(load);
  latest.current = load;

  useEffect(() => {
    const abort = new AbortController();
    setState((previous) => ({ status: 'loading', data: 'data' in previous ? previous.data : undefined }));
    latest.current(abort.signal).then(
      (data) => !abort.signal.aborted && setState({ status: 'ready', data }),
      async (error: unknown) => {
        if (abort.signal.aborted || (await sessionLost(error)) || abort.signal.aborted) return;
        if (isHttpError(error, 404)) return setState({ status: 'not-found' });
        setState((previous) => ({ status: 'error', problem: problemOf(error), data: 'data' in previous ? previous.data : undefined }));
      },
    );
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps say when `load` means new data
  }, [...deps, generation, round, sessionLost]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { state, reload };
}

/** The outcome of the last action, shown beside the page's heading. */
export type DeskOutcome = { kind: 'success'; message: string } | { kind: 'error'; problem: DeskProblem } | null;

/**
 * One action at a time (useBusyAction), its outcome in words, and a lost session handed to the
 * layout (the person sends it again once the code is in; nothing was changed).
 */
export function useDeskAction<Name extends string = string>() {
  const { sessionLost } = useAdminSession();
  const { busy, running, run } = useBusyAction<Name>();
  const [outcome, setOutcome] = useState<DeskOutcome>(null);

  const act = useCallback(
    (action: () => Promise<unknown>, done: string, name?: Name): Promise<boolean> =>
      run(async () => {
        setOutcome(null);
        try {
          await action();
          setOutcome({ kind: 'success', message: done });
          return true;
        } catch (error) {
          if (!(await sessionLost(error))) setOutcome({ kind: 'error', problem: problemOf(error) });
          return false;
        }
      }, name).then((ok) => ok === true),
    [run, sessionLost],
  );

  return { busy, running, act, outcome, setOutcome };
}

export function ProblemText({ problem }: { problem: DeskProblem }): ReactNode {
  return (
    <>
      {problem.message}
      {problem.reference && (
        <>
          {' '}
          {DESK.reference} <code translate="no">{problem.reference}</code>
        </>
      )}
    </>
  );
}
