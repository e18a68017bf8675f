import { Link } from 'react-router';
import { INFO_PAGES, infoPath } from '@husly/domain';
import { useTranslation } from '../../lib/use-translation';
import { PaymentCardIcons } from '../../components/ui/payment-card-icons';
import { furtherCities, popularCities } from '../../features/cities/city-selectors';
import { useAreas } from '../../features/cities/use-areas';
import { usePublicSettings } from '../../lib/public-settings';
import { CookieSettingsButton } from '../../features/privacy/cookie-settings-button';
import styles from './footer.module.css';

export function Footer() {
  const { t } = useTranslation();
  const areas = useAreas();
  const { company } = usePublicSettings();
  const cities = areas.status === 'success' ? areas.data.data : [];
  const further = furtherCities(cities);

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <p className={styles.logo}>Husly</p>
          <p className={styles.tagline}>{t('footer.tagline')}</p>
        </div>

        <nav className={styles.section} aria-labelledby="footer-info">
          <h2 id="footer-info" className={styles.heading}>
            {t('footer.infoHeading')}
          </h2>
          <ul className={styles.links}>
            {INFO_PAGES.map((page) => (
              <li key={page.slug}>
                <Link to={infoPath(page)}>{t(`footer.${page.key}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav className={styles.section} aria-labelledby="footer-popular">
          <h2 id="footer-popular" className={styles.heading}>
            {t('footer.popularHeading')}
          </h2>
          <ul className={styles.links}>
            {popularCities(cities).map((city) => (
              <li key={city.slug}>
                <Link to={`/${city.slug}`}>{city.label}</Link>
              </li>
            ))}
            <li>
              <Link to="/byer" className={styles.all}>
                {t('footer.showAllCities')}
              </Link>
            </li>
          </ul>
        </nav>

        {further.length > 0 && (
          <nav className={`${styles.section} ${styles.wide}`} aria-labelledby="footer-more">
            <h2 id="footer-more" className={styles.heading}>
              {t('footer.moreCitiesHeading')}
            </h2>
            <ul className={`${styles.links} ${styles.twoColumns}`}>
              {further.map((city) => (
                <li key={city.slug}>
                  <Link to={`/${city.slug}`}>{city.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>

      <div className={styles.bottom}>
        <div className={styles.bottomInner}>
          <div className={styles.payment}>
            <span className={styles.paymentLabel}>{t('footer.paymentHeading')}</span>
            <PaymentCardIcons label={t('footer.paymentHeading')} />
          </div>
          <CookieSettingsButton className={styles.cookieSettings} />
          <p className={styles.company}>{t('footer.company', { name: company.name, address: `${company.address}, ${company.zip} ${company.city}`, cvr: company.cvr })}</p>
        </div>
      </div>
    </footer>
  );
}
