import { useEffect } from 'react';
import { useLoaderData } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { formatRent, formatRooms, formatSize, isContactable } from '@husly/domain';
import { ContactPanel, useContactFlow } from '../components/contact-panel';
import { DwellingFacts } from '../components/dwelling-facts';
import { DwellingCosts } from '../components/dwelling-costs';
import { DwellingMap } from '../components/dwelling-map';
import { ImageCarousel } from '../components/image-carousel';
import { FavouriteButton } from '../../favourites/favourite-button';
import { lastViewedCookie, lastViewedFrom, readLastViewed } from '../last-viewed';
import styles from '../components/dwelling-detail.module.css';
import { usePageDescription, usePageImage, usePageTitle, useSiteOrigin, useStructuredData } from '../../../lib/document-head';
import { useSite } from '../../../lib/site-context';
import type { DwellingData } from '../dwelling-route';

/** Section 2, /vis/{id}. */
export function DwellingPage() {
  const { t } = useTranslation();
  const { language } = useSite();
  const { dwelling } = useLoaderData<DwellingData>();
  const contactable = isContactable(dwelling);
  const { state, request } = useContactFlow(dwelling.dwellingId, contactable);
  const rent = formatRent(dwelling.rent, language);
  usePageTitle(dwelling.headline);
  usePageDescription(
    t('dwelling.descriptionMeta', {
      headline: dwelling.headline,
      rent,
      rooms: formatRooms(dwelling.rooms, language),
      size: formatSize(dwelling.size, language),
      city: dwelling.location.city,
    }),
  );

  // The images the page shows: blurred for a visitor (and so for every crawler), never a full one.
  usePageImage(dwelling.images[0], dwelling.headline);
  const origin = useSiteOrigin();
  const url = `${origin}/vis/${dwelling.dwellingId}`;
  useStructuredData((ld) => [
    ld.breadcrumbJsonLd([
      { name: ld.SITE_NAME, url: `${origin}/` },
      { name: dwelling.location.city, url: `${origin}/${dwelling.location.citySlug}` },
      { name: dwelling.headline, url },
    ]),
    ld.dwellingListingJsonLd({
      url,
      headline: dwelling.headline,
      description: dwelling.description ?? dwelling.teaser,
      images: dwelling.images.map((image) => ld.absoluteUrl(origin, image)),
      rent: dwelling.rent,
      rooms: dwelling.rooms,
      size: dwelling.size,
      street: dwelling.location.street,
      city: dwelling.location.city,
      zip: dwelling.location.zip,
      geo: dwelling.geolocation,
      dwellingTypes: dwelling.facts.dwelling_types,
      available: contactable,
      language,
    }),
  ]);

  // Section 4, last viewed: remembered for a non-subscriber; once they subscribe, the contact of the
  // remembered dwelling is fetched by itself and the memory is cleared.
  useEffect(() => {
    const remembered = readLastViewed(document.cookie);
    if (!dwelling.subscribed) {
      document.cookie = lastViewedCookie(lastViewedFrom(dwelling));
    } else if (remembered) {
      document.cookie = lastViewedCookie(null);
      if (remembered.dwellingId === dwelling.dwellingId && contactable) request();
    }
    // Once per dwelling shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dwelling.dwellingId]);

  const panel = (
    <ContactPanel
      dwellingId={dwelling.dwellingId}
      city={dwelling.location.city}
      citySlug={dwelling.location.citySlug}
      state={state}
      onRequest={request}
    />
  );

  return (
    <article className={`page ${styles.detail}`}>
      <header className={styles.top}>
        <h1 className={styles.headline}>{dwelling.headline}</h1>
        <p className={styles.keyline}>
          <strong>{rent}</strong> · {formatRooms(dwelling.rooms, language)} · {formatSize(dwelling.size, language)} ·{' '}
          {dwelling.location.city}
        </p>
        <FavouriteButton dwellingId={dwelling.dwellingId} variant="detail" />
      </header>

      <div className={styles.layout}>
        <div className={styles.mainColumn}>
          <div className={styles.carouselArea}>
            <ImageCarousel images={dwelling.images} headline={dwelling.headline} />
            {!dwelling.subscribed && <p className={styles.note}>{t('dwelling.blurredNote')}</p>}
          </div>

          <section className={styles.section} aria-labelledby="dwelling-description">
            <h2 id="dwelling-description" className={styles.boxHeading}>
              {t('dwelling.description')}
            </h2>
            {(dwelling.description ?? dwelling.teaser).split(/\n{2,}/).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
            {dwelling.description === null && <p className={styles.note}>{t('dwelling.withheldNote')}</p>}
          </section>

          {dwelling.remarks && (
            <section className={styles.section} aria-labelledby="dwelling-remarks">
              <h2 id="dwelling-remarks" className={styles.boxHeading}>
                {t('dwelling.remarks')}
              </h2>
              <p>{dwelling.remarks}</p>
            </section>
          )}

          {dwelling.geolocation && (
            <section className={styles.section} aria-labelledby="dwelling-map">
              <h2 id="dwelling-map" className={styles.boxHeading}>
                {t('dwelling.mapHeading')}
              </h2>
              <DwellingMap lat={dwelling.geolocation.lat} lng={dwelling.geolocation.lng} />
            </section>
          )}
        </div>

        <aside className={styles.side}>
          <div className={styles.contactBox} data-testid="contact-top">
            {panel}
          </div>
          <div className={styles.factsArea}>
            <DwellingCosts dwelling={dwelling} />
            <DwellingFacts dwelling={dwelling} />
          </div>
        </aside>
      </div>

      <div className={styles.contactBottom} data-testid="contact-bottom">
        {panel}
      </div>

      <section className={styles.disclaimers} aria-labelledby="dwelling-disclaimers">
        <h2 id="dwelling-disclaimers" className={styles.subHeading}>
          {t('dwelling.disclaimerHeading')}
        </h2>
        <p>{t('dwelling.disclaimer1')}</p>
        <p>{t('dwelling.disclaimer2')}</p>
      </section>
    </article>
  );
}
