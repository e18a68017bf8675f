import { Link } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { LoginForm } from '../../features/accounts/components/login-form';
import styles from './header.module.css';

/**
 * The guest's menu (section 2): the login form, Forgot password and Create profile. A chunk of its
 * own, rendered in place of the server's HTML when the menu's toggle is first touched (profile-menu.tsx).
 */
export function GuestMenu() {
  const { t } = useTranslation();
  return (
    <div className={styles.guest}>
      <p className={styles.guestIntro}>{t('header.guestIntro')}</p>
      <LoginForm compact />
      <Link to="/reset-password" className={styles.forgot}>
        {t('header.forgotPassword')}
      </Link>
      <hr className={styles.rule} />
      <p className={styles.guestIntro}>{t('header.newHere')}</p>
      <Link to="/signup" className="button button-secondary">
        {t('header.createProfile')}
      </Link>
    </div>
  );
}
