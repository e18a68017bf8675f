import { useRef } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import type { SessionUser } from '@husly/contracts';
import { PageLoading } from '../../../components/ui/page-loading';
import { useScrollStrip } from '../../../components/ui/scroll-strip';
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
 *
 * No tab title here: each tab names itself (usePageTitle). A layout's effect runs after its page's,
 * so a title set here won over every tab's, and all of them read "Min profil".
 */
export function ProfileLayout() {
  const { t } = useTranslation();
  const session = useAccount();
  const location = useLocation();
  const tabsRef = useRef<HTMLElement>(null);
  useScrollStrip(tabsRef, '[aria-current="page"]', `${session.status} ${location.pathname}`);

  if (session.status === 'unknown') return <ProfileLoading />;
  if (session.status === 'guest') return <Navigate to={loginHref(`${location.pathname}${location.search}`)} replace />;
  const { user } = session;
  const tab = ({ isActive }: { isActive: boolean }) => `${styles.tab} ${isActive ? styles.tabActive : ''}`;

  return (
    <div className={styles.profile}>
      <h1 className={styles.heading}>{t('accounts.profile.heading')}</h1>
      <EmailWarnings user={user} />
      {/* One row that scrolls sideways on a phone (it wrapped into four rows above every tab); the
          frame fades the edge where more tabs are hidden. */}
      <div className={styles.tabsFrame}>
        <nav ref={tabsRef} className={styles.tabs} aria-label={t('accounts.profile.tabsLabel')}>
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
      </div>
      <Outlet />
    </div>
  );
}

/** While the session is read: no tab is shown yet, so the profile's own title. */
function ProfileLoading() {
  const { t } = useTranslation();
  usePageTitle(t('accounts.titles.profile'));
  return <PageLoading />;
}
