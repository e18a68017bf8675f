import { useLoaderData } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { frontPageTotal } from '@husly/domain';
import { CityChips } from '../../cities/components/city-chips';
import { popularCities } from '../../cities/city-selectors';
import { useAreas } from '../../cities/use-areas';
import { DwellingList } from '../../dwellings/components/dwelling-list';
import { HomeHero } from '../components/home-hero';
import { HeroSearch } from '../../search/components/hero-search';
import { LOGO_PATH, usePageDescription, usePageTitle, useSiteOrigin, useStructuredData } from '../../../lib/document-head';
import { usePublicSettings } from '../../../lib/public-settings';
import { useSite } from '../../../lib/site-context';
import type { HomeData } from '../home-route';
import pageText from '../../../components/ui/page-text.module.css';
import styles from './home-page.module.css';

/** Section 2, home: hero search, latest dwellings (15) with the total or "ca. 3000", city picker. */
export function HomePage() {
  const { t } = useTranslation();
  const { latest } = useLoaderData<HomeData>();
  const areas = useAreas();
  usePageTitle();
  usePageDescription();
  const origin = useSiteOrigin();
  const { language } = useSite();
  const { company } = usePublicSettings();
  useStructuredData((ld) => [
    ld.organizationJsonLd({ origin, logoUrl: `${origin}${LOGO_PATH}`, legalName: company.name }),
    ld.webSiteJsonLd({ origin, language, description: t('meta.description') }),
  ]);
  const { total, approximate } = frontPageTotal(latest?.meta.total);
  const totalText = total.toLocaleString('da-DK');
  return (
    <>
      <HomeHero search={<HeroSearch />}>
        <p className={styles.total}>{approximate ? t('frontPage.totalApprox', { total: totalText }) : t('frontPage.total', { total: totalText })}</p>
        <h2 className={styles.smallHeading}>{t('home.popularHeading')}</h2>
        <CityChips cities={areas.status === 'success' ? popularCities(areas.data.data) : []} allHref="/byer" allLabel={t('home.allCities')} />
      </HomeHero>
      <section className="page" aria-labelledby="latest-heading">
        <h2 id="latest-heading" className={pageText.sectionHeading}>
          {t('frontPage.latestHeading')}
        </h2>
        {latest ? <DwellingList dwellings={latest.data} /> : <p className={pageText.lead}>{t('frontPage.latestError')}</p>}
      </section>
    </>
  );
}
