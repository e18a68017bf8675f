import { data, Link, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { searchPageTitle } from '@husly/domain';
import type { City } from '@husly/contracts';
import type { AreasStore } from '../../features/cities/areas-store';
import { findCity } from '../../features/cities/city-selectors';
import { usePageTitle } from '../../lib/document-head';
import styles from './routes.module.css';

/** Spec section 2: the slug must be in the city list, otherwise 404. An alias or capitals redirect to the slug. */
export function cityLoader(areas: AreasStore) {
  return async ({ params, request }: LoaderFunctionArgs): Promise<{ city: City }> => {
    const slug = params.city ?? '';
    const city = findCity(await areas.load(), slug);
    if (!city) throw data(null, { status: 404 });
    if (city.slug !== slug) throw redirect(`/${city.slug}${new URL(request.url).search}`, 301);
    return { city };
  };
}

/** Placeholder: the city listing (dwellings, FAQ, boligagent) comes with the dwellings feature. */
export function CityRoute() {
  const { t } = useTranslation();
  const { city } = useLoaderData<{ city: City }>();
  usePageTitle(searchPageTitle(city.label));
  return (
    <section className="page">
      <h1>{t('city.heading', { city: city.label })}</h1>
      <p className={styles.lead}>{t('city.comingSoon', { city: city.label })}</p>
      <Link to="/byer">{t('city.allCities')}</Link>
    </section>
  );
}
