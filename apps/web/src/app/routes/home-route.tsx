import { useTranslation } from 'react-i18next';
import { CityChips } from '../../features/cities/components/city-chips';
import { popularCities } from '../../features/cities/city-selectors';
import { useAreas } from '../../features/cities/use-areas';
import { HomeHero } from '../../features/home/components/home-hero';
import { SearchForm } from '../../features/search/components/search-form';
import { usePageTitle } from '../../lib/document-head';
import styles from './routes.module.css';

export function HomeRoute() {
  const { t } = useTranslation();
  const areas = useAreas();
  usePageTitle();
  return (
    <HomeHero search={<SearchForm variant="hero" />}>
      <h2 className={styles.smallHeading}>{t('home.popularHeading')}</h2>
      <CityChips
        cities={areas.status === 'success' ? popularCities(areas.data.data) : []}
        allHref="/byer"
        allLabel={t('home.allCities')}
      />
    </HomeHero>
  );
}
