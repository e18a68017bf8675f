import { useState } from 'react';
import type { AdminAuditEntry } from '@husly/contracts';
import { busyButton, useBusyAction } from '../../../lib/use-busy-action';
import { usePageTitle } from '../../../lib/document-head';
import { FormMessage } from '../../../components/ui/alerts';
import { problemOf, ProblemText, useAdminSession, useDeskData, type DeskProblem } from '../admin-session';
import { DESK } from '../admin-texts';
import { AuditTable } from '../components/audit-table';
import { Loaded } from '../components/desk-parts';
import styles from '../admin.module.css';

/** The API's page size: a shorter page is the last one. */
const PAGE = 100;

/** /admin/audit: what admins did, newest first; "Vis ældre" reads on from the oldest shown entry. */
export function AuditPage() {
  usePageTitle(DESK.audit.heading);
  const { admin, sessionLost } = useAdminSession();
  const { state, reload } = useDeskData((signal) => admin.audit({}, signal), []);
  const [older, setOlder] = useState<AdminAuditEntry[]>([]);
  const [end, setEnd] = useState(false);
  const [problem, setProblem] = useState<DeskProblem | null>(null);
  const { busy, run } = useBusyAction();

  const more = (shown: AdminAuditEntry[]) =>
    void run(async () => {
      setProblem(null);
      const before = shown[shown.length - 1]?.id;
      try {
        const { data } = await admin.audit({ before });
        setOlder((current) => [...current, ...data]);
        if (data.length < PAGE) setEnd(true);
      } catch (error) {
        if (!(await sessionLost(error))) setProblem(problemOf(error));
      }
    });

  return (
    <section className={styles.desk} aria-labelledby="audit-heading">
      <h1 id="audit-heading" className={styles.heading}>
        {DESK.audit.heading}
      </h1>
      <Loaded state={state} onRetry={reload}>
        {({ data }) => {
          // Read on from where the first page ended; a first page read again (a new session) may overlap.
          const seen = new Set(data.map((entry) => entry.id));
          const shown = [...data, ...older.filter((entry) => !seen.has(entry.id))];
          if (shown.length === 0) return <p className={styles.muted}>{DESK.audit.none}</p>;
          const last = end || data.length < PAGE;
          return (
            <>
              <AuditTable entries={shown} caption={DESK.audit.heading} userLinks />
              {problem && (
                <FormMessage kind="error">
                  <ProblemText problem={problem} />
                </FormMessage>
              )}
              {last ? (
                <p className={styles.muted}>{DESK.audit.end}</p>
              ) : (
                <div>
                  <button type="button" className="button button-secondary" {...busyButton(busy)} onClick={() => more(shown)}>
                    {busy ? DESK.loading : DESK.audit.older}
                  </button>
                </div>
              )}
            </>
          );
        }}
      </Loaded>
    </section>
  );
}
