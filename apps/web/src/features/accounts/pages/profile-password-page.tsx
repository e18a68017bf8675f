import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { FormMessage, useAlerts } from '../../../components/ui/alerts';
import { isHttpError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { usePageTitle } from '../../../lib/document-head';
import { busyButton, useBusyAction } from '../../../lib/use-busy-action';
import { failureText } from '../account-errors';
import { logout } from '../accounts-api';
import { ChangePasswordForm } from '../components/password-forms';
import { endSession, storedToken } from '../session-store';
import { useSessionUser } from '../use-account';
import styles from '../components/accounts.module.css';

/** /profile/password: the Change Password tab, and logging out on all devices. */
export function ProfilePasswordPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  usePageTitle(t('accounts.profile.tabs.password'));
  return (
    <>
      <section className={styles.section} aria-labelledby="change-password">
        <h2 id="change-password">{t('accounts.password.heading')}</h2>
        <div className={styles.narrowForm}>
          <ChangePasswordForm user={user} />
        </div>
      </section>
      <LogoutEverywhere />
    </>
  );
}

/**
 * "Log out on all devices" (POST /api/auth/logout-all, docs/decisions/0038). Unlike the menu's
 * logout, a failed call keeps the user logged in here and says so: the other devices are what the
 * user asked about, and they are still logged in.
 */
function LogoutEverywhere() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const { push } = useAlerts();
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useBusyAction();

  const logoutEverywhere = () =>
    run(async () => {
      setError(null);
      const token = storedToken();
      let done = t('accounts.everywhere.done');
      try {
        if (token) await logout(api, token, { everywhere: true });
      } catch (failure) {
        // 401: this token had ended already (elsewhere, or expired); it is logged out here at least.
        if (!isHttpError(failure, 401)) {
          setError(failureText(failure, t, t('accounts.actionFailed')));
          return;
        }
        done = t('accounts.menu.loggedOut');
      }
      // Leave /profile before the session ends, or the guard would send the page to /login.
      await navigate('/', { replace: true });
      endSession();
      push('success', done);
    });

  return (
    <section className={styles.section} aria-labelledby="logout-everywhere">
      <h2 id="logout-everywhere">{t('accounts.everywhere.heading')}</h2>
      <div className={styles.narrowForm}>
        <p>{t('accounts.everywhere.text')}</p>
        {error && (
          <FormMessage kind="error">{error}</FormMessage>
        )}
        <button type="button" className="button button-secondary" onClick={() => void logoutEverywhere()} {...busyButton(busy)}>
          {t('accounts.everywhere.button')}
        </button>
      </div>
    </section>
  );
}
