import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dropdown } from '../../components/ui/dropdown';
import styles from './header.module.css';

/** The guest's profile menu. The login form and the logged-in menu come with the accounts feature. */
export function ProfileMenu() {
  const { t } = useTranslation();
  return (
    <Dropdown
      ariaLabel={t('header.profileMenu')}
      label={
        <svg className={styles.person} viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="8.5" r="3.8" fill="none" stroke="currentColor" strokeWidth="1.7" />
          <path d="M4.5 20c1.2-3.6 4-5.4 7.5-5.4s6.3 1.8 7.5 5.4" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" />
        </svg>
      }
    >
      <div className={styles.guest}>
        <p className={styles.guestIntro}>{t('header.guestIntro')}</p>
        <Link to="/login" className="button button-primary">
          {t('header.login')}
        </Link>
        <Link to="/reset-password" className={styles.forgot}>
          {t('header.forgotPassword')}
        </Link>
        <hr className={styles.rule} />
        <p className={styles.guestIntro}>{t('header.newHere')}</p>
        <Link to="/signup" className="button button-secondary">
          {t('header.createProfile')}
        </Link>
      </div>
    </Dropdown>
  );
}
