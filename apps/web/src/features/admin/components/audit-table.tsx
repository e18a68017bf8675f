import { Link } from 'react-router';
import type { AdminAuditEntry } from '@husly/contracts';
import { DESK, dayTime } from '../admin-texts';
import { TableFrame } from './desk-parts';
import styles from '../admin.module.css';

/** A value of the log's before/after, short: JSON as stored. */
const shown = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The audit log's entries, newest first; `userLinks` links each entry's user (the log page, not a user's own page). */
export function AuditTable({ entries, caption, userLinks = false }: { entries: AdminAuditEntry[]; caption: string; userLinks?: boolean }) {
  return (
    <TableFrame caption={caption}>
      <thead>
        <tr>
          <th scope="col">{DESK.audit.at}</th>
          <th scope="col">{DESK.audit.actor}</th>
          <th scope="col">{DESK.audit.action}</th>
          <th scope="col">{DESK.audit.target}</th>
          <th scope="col">{DESK.audit.change}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id} data-testid="audit-entry">
            <td>{dayTime(entry.at)}</td>
            <td className={styles.wrap}>{entry.actor}</td>
            <td>{entry.action}</td>
            <td className={styles.wrap}>
              {userLinks && entry.targetUserId !== null ? <Link to={`/admin/users/${entry.targetUserId}`}>{entry.target ?? `#${entry.targetUserId}`}</Link> : entry.target}
            </td>
            <td className={styles.wrap}>
              {(entry.before !== null || entry.after !== null) && (
                <code className={styles.code}>
                  {shown(entry.before)} → {shown(entry.after)}
                </code>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
