import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { lastViewedPrompt, type LastViewedBannerState } from '../last-viewed';
// Not from contact-panel: that would put the dwelling page's contact flow and styles in every page's shell.
import { SUBSCRIPTION_PATH } from '../../accounts/navigation';
import styles from './last-viewed-banner.module.css';

/** The banner itself (last-viewed-banner-slot.tsx decides when it shows), in a chunk of its own. */
export function LastViewedBanner({ state, onDismiss }: { state: LastViewedBannerState; onDismiss(): void }) {
  const { t } = useTranslation();
  const { dwelling, loggedIn } = state;
  const next = encodeURIComponent(`/vis/${dwelling.dwellingId}`);
  return (
    <aside className={styles.banner} aria-label={t('lastViewed.label')}>
      <div className={styles.inner}>
        {dwelling.image && <img className={styles.image} src={dwelling.image} alt="" width={64} height={48} />}
        <div className={styles.text}>
          <p className={styles.heading}>
            {t('lastViewed.heading')} <Link to={`/vis/${dwelling.dwellingId}`}>{dwelling.headline}</Link>
          </p>
          {lastViewedPrompt(loggedIn) === 'signup' ? (
            <p className={styles.prompt}>
              {t('lastViewed.signupText')} <Link to={`/signup?next=${next}`}>{t('dwelling.signup')}</Link> ·{' '}
              {t('lastViewed.loginText')} <Link to={`/login?next=${next}`}>{t('dwelling.login')}</Link>
            </p>
          ) : (
            <p className={styles.prompt}>
              {t('lastViewed.subscribeText')} <Link to={`${SUBSCRIPTION_PATH}?next=${next}`}>{t('lastViewed.subscribe')}</Link>
            </p>
          )}
        </div>
        <button type="button" className={styles.dismiss} onClick={onDismiss} aria-label={t('lastViewed.dismiss')}>
          ×
        </button>
      </div>
    </aside>
  );
}
