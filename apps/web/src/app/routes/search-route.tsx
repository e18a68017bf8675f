import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { searchPageTitle, validateSearchQuery } from '@husly/domain';
import { SearchForm } from '../../features/search/components/search-form';
import { usePageTitle } from '../../lib/document-head';
import styles from './routes.module.css';

/** Placeholder until the search feature: shows what was searched for. */
export function SearchRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const search = validateSearchQuery(params.get('q'));
  const query = search.ok ? search.q : null;
  usePageTitle(query === null ? t('search.pageHeading') : searchPageTitle(query));
  return (
    <section className="page">
      <h1>{query === null ? t('search.pageHeading') : t('search.heading', { query })}</h1>
      {query === null ? (
        <div className={styles.narrow}>
          <SearchForm key="empty" variant="hero" />
        </div>
      ) : (
        <>
          <p className={styles.lead}>{t('search.comingSoon')}</p>
          <Link to="/byer">{t('search.allCities')}</Link>
        </>
      )}
    </section>
  );
}
