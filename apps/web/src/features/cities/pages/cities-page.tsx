import { useTranslation } from '../../../lib/use-translation';
import { ErrorFallback } from '../../../components/ui/error-fallback';
import { PageLoading } from '../../../components/ui/page-loading';
import { CityColumns } from '../components/city-columns';
import { activeCities } from '../city-selectors';
import { useAreas } from '../use-areas';
import { usePageDescription, usePageTitle } from '../../../lib/document-head';
import pageText from '../../../components/ui/page-text.module.css';

export function CitiesPage() {
  const { t } = useTranslation();
  const areas = useAreas();
  usePageTitle(t('cities.title'));
  usePageDescription(t('cities.description'));
  return (
    <section className="page">
      <h1>{t('cities.heading')}</h1>
      <p className={pageText.lead}>{t('cities.intro')}</p>
      {areas.status === 'success' && <CityColumns cities={activeCities(areas.data.data)} />}
      {(areas.status === 'idle' || areas.status === 'loading') && <PageLoading />}
      {areas.status === 'error' && <ErrorFallback detail={t('cities.loadError')} onRetry={areas.reload} />}
    </section>
  );
}
