import { Link } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { choose, useConsent } from './consent-store';
import styles from './privacy.module.css';

/**
 * Asks once which cookies the visitor allows. Both answers are equally easy (the Danish Data
 * Protection Agency's guidance): two buttons of the same kind, side by side. Not a modal: the page
 * stays usable, and nothing optional is written until the visitor says yes.
 */
export function CookieBanner() {
  const { t } = useTranslation();
  const { asking } = useConsent();
  if (!asking) return null;
  return (
    <section className={styles.banner} aria-labelledby="cookie-banner-heading">
      <h2 id="cookie-banner-heading" className={styles.heading}>
        {t('privacy.banner.heading')}
      </h2>
      <p className={styles.text}>
        {t('privacy.banner.text')}{' '}
        <Link to="/info/terms#cookies">{t('privacy.banner.readMore')}</Link>
      </p>
      <div className={styles.actions}>
        <button type="button" className="button button-secondary" onClick={() => choose('necessary')}>
          {t('privacy.banner.necessary')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => choose('all')}>
          {t('privacy.banner.all')}
        </button>
      </div>
    </section>
  );
}
