import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import type { SessionUser } from '@husly/contracts';
import { useAlerts } from '../../../components/ui/alerts';
import { useApi } from '../../../lib/api-context';
import { endServerSession, endSession } from '../session-store';
import styles from './accounts.module.css';

/**
 * The logged-in user's dropdown (section 2): name, Edit profile, BoligAgent, Tenant ad,
 * Subscription (subscribers only), Log out. Logout ends the session on the server, then clears the
 * token and the user.
 */
export function UserMenuItems({ user, itemClassName }: { user: SessionUser; itemClassName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { push } = useAlerts();
  const api = useApi();
  // The server ends the session first (on both language hosts), with the token read now; the
  // browser forgets it whether or not that call succeeds (offline). Leave before forgetting: a
  // guest on a /profile page would otherwise be sent to /login.
  const logout = async () => {
    const ended = endServerSession(api);
    await navigate('/');
    endSession();
    push('info', t('accounts.menu.loggedOut'));
    await ended;
  };
  return (
    <>
      <p className={styles.menuName}>{user.name}</p>
      <ul className={styles.menuList}>
        <li>
          <Link className={itemClassName} to="/profile">
            {t('accounts.menu.editProfile')}
          </Link>
        </li>
        <li>
          <Link className={itemClassName} to="/profile/boligagent">
            {t('accounts.menu.boligagent')}
          </Link>
        </li>
        <li>
          <Link className={itemClassName} to="/profile/favourites">
            {t('accounts.menu.favourites')}
          </Link>
        </li>
        <li>
          <Link className={itemClassName} to={user.subscriber ? '/profile/tenant' : '/profile/subscription'}>
            {t('accounts.menu.tenant')}
          </Link>
        </li>
        {user.subscriber && (
          <li>
            <Link className={itemClassName} to="/profile/subscription">
              {t('accounts.menu.subscription')}
            </Link>
          </li>
        )}
        <li>
          <button type="button" className={`${itemClassName} ${styles.menuButton}`} onClick={() => void logout()}>
            {t('accounts.menu.logout')}
          </button>
        </li>
      </ul>
    </>
  );
}
