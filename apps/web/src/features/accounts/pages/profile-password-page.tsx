import { useTranslation } from '../../../lib/use-translation';
import { ChangePasswordForm } from '../components/password-forms';
import { useSessionUser } from '../use-account';
import styles from '../components/accounts.module.css';

/** /profile/password: the Change Password tab. */
export function ProfilePasswordPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <section className={styles.section} aria-labelledby="change-password">
      <h2 id="change-password">{t('accounts.password.heading')}</h2>
      <div className={styles.narrowForm}>
        <ChangePasswordForm user={user} />
      </div>
    </section>
  );
}
