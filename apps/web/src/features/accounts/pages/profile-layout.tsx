import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import type { SessionUser } from '@husly/contracts';
import { PageLoading } from '../../../components/ui/page-loading';
import { usePageTitle } from '../../../lib/document-head';
import { EmailWarnings } from '../components/email-warnings';
import { loginHref } from '../navigation';
import { useAccount } from '../use-account';
import styles from '../components/accounts.module.css';

/** Red badge on Edit profile: the email is missing or not verified (section 2). */
export const needsEmailAttention = (user: SessionUser) => !user.email || !user.status;

/**
 * /profile and its children (section 2). Without a session: to /login?next=<this page>. Tabs: Edit
 * profile, Change Password, BoligAgent, Saved dwellings, Tenant ad (the subscription page for non-subscribers) and
 * Subscription (subscribers).
 */
export function ProfileLayout() {
  const { t } = useTranslation();
  const session = useAccount();
  const location = useLocation();
  usePageTitle(t('accounts.titles.profile'));

  if (session.status === 'unknown') return <PageLoading />;
  if (session.status === 'guest') return <Navigate to={loginHref(`${location.pathname}${location.search}`)} replace />;
  const { user } = session;
  const tab = ({ isActive }: { isActive: boolean }) => `${styles.tab} ${isActive ? styles.tabActive : ''}`;

  return (
    <div className={styles.profile}>
      <h1 className={styles.heading}>{t('accounts.profile.heading')}</h1>
      <EmailWarnings user={user} />
      <nav className={styles.tabs} aria-label={t('accounts.profile.tabsLabel')}>
        <NavLink to="/profile" end className={tab}>
          {t('accounts.profile.tabs.edit')}
          {needsEmailAttention(user) && <span className={styles.badge} role="img" aria-label={t('accounts.profile.badge')} data-testid="profile-badge" />}
        </NavLink>
        <NavLink to="/profile/password" className={tab}>
          {t('accounts.profile.tabs.password')}
        </NavLink>
        <NavLink to="/profile/boligagent" className={tab}>
          {t('accounts.profile.tabs.boligagent')}
        </NavLink>
        <NavLink to="/profile/favourites" className={tab}>
          {t('accounts.profile.tabs.favourites')}
        </NavLink>
        <NavLink to={user.subscriber ? '/profile/tenant' : '/profile/subscription'} className={tab}>
          {t('accounts.profile.tabs.tenant')}
        </NavLink>
        {user.subscriber && (
          <NavLink to="/profile/subscription" className={tab}>
            {t('accounts.profile.tabs.subscription')}
          </NavLink>
        )}
      </nav>
      <Outlet />
    </div>
  );
}
