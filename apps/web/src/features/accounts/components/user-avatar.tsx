import type { SessionUser } from '@husly/contracts';
import styles from './accounts.module.css';

const initial = (name: string) => (name.trim()[0] ?? '?').toUpperCase();

/** The avatar on the header menu's toggle (the menu itself loads with it open: user-menu.tsx). */
export function UserAvatar({ user }: { user: SessionUser }) {
  return (
    <span className={styles.avatar} aria-hidden="true">
      {initial(user.name)}
    </span>
  );
}
