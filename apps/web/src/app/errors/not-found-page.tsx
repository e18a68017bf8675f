import { Link } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { usePageTitle } from '../../lib/document-head';
import styles from './not-found-page.module.css';

/** The catch-all page, and what an unknown city or a 404 from a loader shows. */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <section className={`page ${styles.notFound}`}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.heading')}</h1>
      <p>{t('notFound.intro')}</p>
      <ul className={styles.causes}>
        <li>{t('notFound.causeTypo')}</li>
        <li>{t('notFound.causeRented')}</li>
        <li>{t('notFound.causeMoved')}</li>
      </ul>
      <div className={styles.actions}>
        <Link to="/" className="button button-primary">
          {t('notFound.home')}
        </Link>
        <Link to="/search" className="button button-secondary">
          {t('notFound.search')}
        </Link>
      </div>
    </section>
  );
}
