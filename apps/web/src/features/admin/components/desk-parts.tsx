import type { ReactNode } from 'react';
import type { AdminUserHit } from '@husly/contracts';
import { FormMessage } from '../../../components/ui/alerts';
import { PageLoading } from '../../../components/ui/page-loading';
import { ProblemText, type DeskData, type DeskOutcome } from '../admin-session';
import { DESK } from '../admin-texts';
import styles from '../admin.module.css';

/** What the last action did, announced (FormMessage: status for success, alert for failure). */
export function Outcome({ outcome }: { outcome: DeskOutcome }) {
  if (!outcome) return null;
  return outcome.kind === 'success' ? (
    <FormMessage kind="success">{outcome.message}</FormMessage>
  ) : (
    <FormMessage kind="error">
      <ProblemText problem={outcome.problem} />
    </FormMessage>
  );
}

/** A page's data: loading, its failure with a retry, or `children` with it (kept while it reloads). */
export function Loaded<T>({ state, onRetry, children }: { state: DeskData<T>; onRetry(): void; children(data: T): ReactNode }) {
  if (state.status === 'not-found') return null;
  const data = 'data' in state ? state.data : undefined;
  return (
    <>
      {state.status === 'error' && (
        <FormMessage kind="error" as="div">
          <ProblemText problem={state.problem} />{' '}
          <button type="button" className={`button button-secondary ${styles.small}`} onClick={onRetry}>
            {DESK.retry}
          </button>
        </FormMessage>
      )}
      {data !== undefined ? children(data) : state.status === 'loading' && <PageLoading />}
    </>
  );
}

/** A table in a frame that scrolls sideways on its own on a phone, never the page. */
export function TableFrame({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    // A scrolling region a keyboard can reach (axe: scrollable-region-focusable).
    <div className={styles.tableFrame} tabIndex={0} role="region" aria-label={caption}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function UserBadges({ user, extra }: { user: Pick<AdminUserHit, 'blockedAt' | 'deletedAt'>; extra?: ReactNode }) {
  if (!user.blockedAt && !user.deletedAt && !extra) return null;
  return (
    <span className={styles.badges}>
      {user.blockedAt && <span className={`${styles.badge} ${styles.badgeDanger}`}>{DESK.badges.blocked}</span>}
      {user.deletedAt && <span className={`${styles.badge} ${styles.badgeDanger}`}>{DESK.badges.deleted}</span>}
      {extra}
    </span>
  );
}
