import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import type { LandlordTenantAd, LandlordTenantAdsResponse } from '@husly/contracts';
import { formatDkk } from '@husly/domain';
import { useNoIndex, usePageDescription, usePageTitle } from '../../../lib/document-head';
import { ContactSeekerForm } from '../components/contact-seeker-form';
import styles from '../tenant-ad.module.css';

/**
 * For landlords (spec section 1: "lets the user publish a tenant ad that landlords can see"): every
 * published ad of a city whose seeker has an active subscription, with the seeker's first name only.
 * Public but not indexed (noindex meta and X-Robots-Tag): seekers are people, not search results.
 */
export function LandlordAdsPage() {
  const { t } = useTranslation();
  const { city, data: ads } = useLoaderData<LandlordTenantAdsResponse>();
  usePageTitle(t('tenantAd.landlord.title', { city: city.label }));
  usePageDescription(t('tenantAd.landlord.description', { city: city.label }));
  useNoIndex();
  return (
    <section className={`page ${styles.landlordPage}`} data-testid="landlord-ads">
      <h1>{t('tenantAd.landlord.heading', { city: city.label })}</h1>
      <p className={styles.lead}>{t('tenantAd.landlord.intro', { city: city.label })}</p>
      {ads.length === 0 ? (
        <p className={styles.empty} role="status">
          {t('tenantAd.landlord.none', { city: city.label })}
        </p>
      ) : (
        <ul className={styles.adList}>
          {ads.map((ad) => (
            <li key={ad.id}>
              <AdCard ad={ad} />
            </li>
          ))}
        </ul>
      )}
      <p className={styles.hint}>
        <Link to={`/${city.slug}`}>{t('tenantAd.landlord.cityLink', { city: city.label })}</Link>
      </p>
    </section>
  );
}

function AdCard({ ad }: { ad: LandlordTenantAd }) {
  const { t } = useTranslation();
  const [contactOpen, setContactOpen] = useState(false);
  const who = [ad.firstName, ad.age !== null ? t('tenantAd.landlord.age', { count: ad.age }) : null, ad.profession].filter(Boolean).join(', ');
  const facts: Array<[string, string]> = [
    [t('tenantAd.landlord.facts.area'), ad.area.label],
    [t('tenantAd.landlord.facts.rent'), t('tenantAd.landlord.upTo', { value: formatDkk(ad.rent) })],
    // The seeker's minimums, as the editor's sliders set them.
    [t('tenantAd.landlord.facts.rooms'), t('tenantAd.landlord.atLeast', { value: t('tenantAd.values.rooms', { count: ad.rooms }) })],
    [t('tenantAd.landlord.facts.size'), t('tenantAd.landlord.atLeast', { value: t('tenantAd.values.size', { count: ad.size }) })],
    [t('tenantAd.landlord.facts.available'), ad.availableFrom ? t('tenantAd.landlord.from', { date: ad.availableFrom }) : t('tenantAd.landlord.now')],
  ];
  if (ad.dwelling.length > 0) facts.push([t('tenantAd.landlord.facts.dwelling'), ad.dwelling.map((d) => t(`tenantAd.dwelling.${d}`)).join(', ')]);
  if (ad.timeframe.length > 0) facts.push([t('tenantAd.landlord.facts.timeframe'), ad.timeframe.map((f) => t(`tenantAd.timeframe.${f}`)).join(', ')]);
  return (
    <article className={styles.adCard} aria-labelledby={`tenant-ad-${ad.id}`} data-testid="landlord-ad">
      <h2 id={`tenant-ad-${ad.id}`} className={styles.adSubject}>
        {ad.subject}
      </h2>
      <p className={styles.who}>{who}</p>
      <dl className={styles.facts}>
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {ad.rki && <p className={styles.rki}>{t('tenantAd.landlord.rki')}</p>}
      <div className={styles.adText}>
        {ad.text.split(/\n{2,}/).map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
      {contactOpen ? (
        <ContactSeekerForm adId={ad.id} firstName={ad.firstName} />
      ) : (
        <button type="button" className="button button-secondary" onClick={() => setContactOpen(true)}>
          {t('tenantAd.landlord.contact', { name: ad.firstName })}
        </button>
      )}
    </article>
  );
}
