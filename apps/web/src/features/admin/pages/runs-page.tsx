import { usePageTitle } from '../../../lib/document-head';
import { useAdminSession, useDeskData } from '../admin-session';
import { DESK, dayTime } from '../admin-texts';
import { Loaded, TableFrame } from '../components/desk-parts';
import styles from '../admin.module.css';

/** /admin/runs: the newest feed imports and boligagent runs, with their errors. */
export function RunsPage() {
  usePageTitle(DESK.runs.heading);
  const { admin } = useAdminSession();
  const imports = useDeskData((signal) => admin.feedImports(signal), []);
  const agents = useDeskData((signal) => admin.boligagentRuns(signal), []);
  const outcome = (error: string | null, finishedAt: string | null) =>
    error ? <span className={styles.error}>{error}</span> : finishedAt ? DESK.runs.ok : DESK.runs.running;

  return (
    <section className={styles.desk} aria-labelledby="runs-heading">
      <h1 id="runs-heading" className={styles.heading}>
        {DESK.runs.heading}
      </h1>
      <div className={styles.section}>
        <h2 className={styles.subHeading}>{DESK.runs.imports}</h2>
        <Loaded state={imports.state} onRetry={imports.reload}>
          {({ data }) =>
            data.length === 0 ? (
              <p className={styles.muted}>{DESK.runs.none}</p>
            ) : (
              <TableFrame caption={DESK.runs.imports}>
                <thead>
                  <tr>
                    <th scope="col">{DESK.runs.source}</th>
                    <th scope="col">{DESK.runs.started}</th>
                    <th scope="col">{DESK.runs.finished}</th>
                    <th scope="col">{DESK.runs.counts}</th>
                    <th scope="col">{DESK.runs.error}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((run) => (
                    <tr key={run.id}>
                      <td>{run.source}</td>
                      <td>{dayTime(run.startedAt)}</td>
                      <td>{dayTime(run.finishedAt)}</td>
                      <td className={styles.wrap}>
                        {Object.entries(run.counts)
                          .map(([name, count]) => `${name}: ${count}`)
                          .join(', ')}
                      </td>
                      <td className={styles.wrap}>{outcome(run.error, run.finishedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </TableFrame>
            )
          }
        </Loaded>
      </div>
      <div className={styles.section}>
        <h2 className={styles.subHeading}>{DESK.runs.agents}</h2>
        <Loaded state={agents.state} onRetry={agents.reload}>
          {({ data }) =>
            data.length === 0 ? (
              <p className={styles.muted}>{DESK.runs.none}</p>
            ) : (
              <TableFrame caption={DESK.runs.agents}>
                <thead>
                  <tr>
                    <th scope="col">{DESK.runs.started}</th>
                    <th scope="col">{DESK.runs.finished}</th>
                    <th scope="col" className={styles.num}>
                      {DESK.runs.mails}
                    </th>
                    <th scope="col">{DESK.runs.error}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((run) => (
                    <tr key={run.id}>
                      <td>{dayTime(run.startedAt)}</td>
                      <td>{dayTime(run.finishedAt)}</td>
                      <td className={styles.num}>{run.mails}</td>
                      <td className={styles.wrap}>{outcome(run.error, run.finishedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </TableFrame>
            )
          }
        </Loaded>
      </div>
    </section>
  );
}
