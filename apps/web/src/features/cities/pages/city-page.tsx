import { Link, useLoaderData, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { searchPageTitle, writeSearchArea } from '@husly/domain';
import { BoligagentAreaSignup } from '../../boligagent/components/boligagent-area-signup';
import { BoligagentSignupModalSlot } from '../../boligagent/components/boligagent-signup-modal-slot';
import { ACUTE_HOUSING_URL, cityPageTexts } from '../city-content';
import { DwellingList } from '../../dwellings/components/dwelling-list';
import { Pagination, withStart } from '../../dwellings/components/pagination';
import { FilterPanel } from '../../search/components/filter-panel';
import { ViewSwitch } from '../../search/components/view-switch';
import { parseListFilters } from '../../search/search-params';
import { readSearchView, viewHidden } from '../../search/search-view';
import { SearchMapSlot } from '../../search-map/components/search-map-slot';
import { areaDwellingsRequest } from '../../dwellings/dwellings-api';
import { usePageDescription, usePageImage, usePageTitle, useSiteOrigin, useStructuredData } from '../../../lib/document-head';
import { useSite } from '../../../lib/site-context';
import type { CityData } from '../city-route';
import pageText from '../../../components/ui/page-text.module.css';
import styles from './city-page.module.css';

/** Section 2, city listing: headline, teaser, dwellings, FAQ, the acute-housing link, main text. */
export function CityPage() {
  const { t } = useTranslation();
  const { language } = useSite();
  const { pathname, search } = useLocation();
  const { city, list } = useLoaderData<CityData>();
  const view = readSearchView(new URLSearchParams(search));
  const filters = parseListFilters(new URLSearchParams(search));
  const texts = cityPageTexts(city.label, list.content, language, t);
  const title = searchPageTitle(city.label, language);
  usePageTitle(title);
  // The city's share image: its newest dwelling's first image (the list is newest first), else the site's.
  usePageImage(list.data.find((d) => d.image)?.image, city.label);
  const origin = useSiteOrigin();
  useStructuredData((ld) => [
    ld.breadcrumbJsonLd([
      { name: ld.SITE_NAME, url: `${origin}/` },
      { name: t('cities.breadcrumb'), url: `${origin}/byer` },
      { name: city.label, url: `${origin}/${city.slug}` },
    ]),
    // Only what links to a page: a rented dwelling is shown, not linked.
    ld.itemListJsonLd({
      name: title,
      urls: list.data.filter((d) => d.deletedAt === null).map((d) => `${origin}/vis/${d.dwellingId}`),
      offset: list.meta.start,
    }),
  ]);
  usePageDescription(t('cityPage.description', { city: city.label, total: list.meta.capped ? `${list.meta.total}+` : list.meta.total }));
  return (
    <section className="page">
      <h1>{texts.headline}</h1>
      <p className={pageText.lead}>{texts.teaser}</p>

      <h2 className={pageText.sectionHeading}>{t('cityPage.listHeading', { city: city.label })}</h2>
      <FilterPanel hidden={viewHidden(view)} />
      <ViewSwitch />
      {view === 'map' && <SearchMapSlot request={areaDwellingsRequest(city.slug, undefined, filters)} />}
      {/* As on /search: the drawn area (the agent watches it alone, not the city) with the page's sliders. */}
      {view === 'map' && filters.area !== undefined && (
        <BoligagentAreaSignup area={writeSearchArea(filters.area)} rent={filters.rent} rooms={filters.rooms} size={filters.size} />
      )}
      {list.data.length > 0 ? (
        <>
          <DwellingList dwellings={list.data} rest={list.rest} />
          <Pagination meta={list.meta} hrefFor={(start) => withStart(pathname, search, start)} />
        </>
      ) : (
        <div className={pageText.message} role="status">
          <p>{t('cityPage.none', { city: city.label })}</p>
        </div>
      )}

      <section className={styles.faq} aria-labelledby="city-faq">
        <h2 id="city-faq" className={pageText.sectionHeading}>
          {t('cityPage.faqHeading', { city: city.label })}
        </h2>
        {texts.faq.map((item) => (
          <details key={item.question}>
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </section>

      <aside className={styles.acute}>
        <h2>{t('cityPage.acuteHeading')}</h2>
        <p>
          {t('cityPage.acuteText')}{' '}
          <a href={ACUTE_HOUSING_URL} rel="noopener" target="_blank">
            {t('cityPage.acuteLink')}
          </a>
          .
        </p>
      </aside>

      <section className={styles.textBlock} aria-labelledby="city-main-text">
        <h2 id="city-main-text" className={pageText.sectionHeading}>
          {t('cityPage.mainTextHeading', { city: city.label })}
        </h2>
        {texts.mainText.split(/\n{2,}/).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <Link to="/byer">{t('city.allCities')}</Link>
      </section>

      {/* Landlords' way to the seekers' tenant ads (issue 14): nothing else linked their page. */}
      <p className={styles.landlordLink}>
        {t('cityPage.landlordText', { city: city.label })}{' '}
        <Link to={`/udlejer/${city.slug}`}>{t('cityPage.landlordLink', { city: city.label })}</Link>
      </p>

      <BoligagentSignupModalSlot area={city.slug} label={city.label} />
    </section>
  );
}
