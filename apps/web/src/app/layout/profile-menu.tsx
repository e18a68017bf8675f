import { Link } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { Dropdown } from '../../components/ui/dropdown';
import { UserAvatar } from '../../features/accounts/components/user-avatar';
import { userMenuIsland } from '../../features/accounts/components/user-menu-island';
import { useAccount } from '../../features/accounts/use-account';
import { islandOnDemand } from '../../lib/islands';
import styles from './header.module.css';

function PersonIcon() {
  return (
    <svg className={styles.person} viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="8.5" r="3.8" fill="none" stroke="currentColor" strokeWidth="1.7" />
      <path d="M4.5 20c1.2-3.6 4-5.4 7.5-5.4s6.3 1.8 7.5 5.4" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" />
    </svg>
  );
}

// The menus' contents are hidden until the toggle is used: the server's HTML of the guest's stays
// until then, and the user's (rendered in the browser once the session is known) loads at once, so
// neither is part of every page's script (lib/islands.tsx). The user's island is the accounts feature's.
const guestMenu = islandOnDemand(() => import('./guest-menu').then((module) => module.GuestMenu));
const NO_PROPS = {};

/**
 * The header's profile dropdown (section 2). Guests: the login form, Forgot password and Create
 * profile. Users: their menu. It also restores the session on page load, being on every page.
 * Keyed by the session state, so logging in or out closes it.
 */
export function ProfileMenu() {
  const { t } = useTranslation();
  const session = useAccount();
  if (session.status === 'user') {
    return (
      <Dropdown key="user" className={styles.profileSlot} toggleClassName={styles.slotToggle} ariaLabel={`${t('accounts.menu.label')}: ${session.user.name}`} label={<UserAvatar user={session.user} />} onIntent={userMenuIsland.start}>
        <userMenuIsland.Island props={{ user: session.user, itemClassName: styles.menuItem }} />
      </Dropdown>
    );
  }

  return (
    <Dropdown key="guest" className={styles.profileSlot} toggleClassName={styles.slotToggle} ariaLabel={t('header.profileMenu')} label={<PersonIcon />} onIntent={guestMenu.start}>
      <guestMenu.Island props={NO_PROPS} />
    </Dropdown>
  );
}

/** The header's "Create profile" button, for guests only. */
export function CreateProfileButton({ className }: { className: string }) {
  const { t } = useTranslation();
  const session = useAccount();
  if (session.status === 'user') return null;
  return (
    <Link to="/signup" className={`button button-primary ${className}`}>
      {t('header.createProfile')}
    </Link>
  );
}
