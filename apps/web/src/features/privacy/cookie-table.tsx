import { useTranslation } from '../../lib/use-translation';
import { COOKIE_CATALOGUE } from '@husly/domain';
import { useSite } from '../../lib/site-context';
import { CookieSettingsButton } from './cookie-settings-button';
import styles from './privacy.module.css';

/** The terms page's cookie section (#cookies), from the same catalogue the code writes by. */
export function CookieSection() {
  const { t } = useTranslation();
  const { language } = useSite();
  const lifetime = (seconds: number | null) => {
    if (seconds === null) return t('privacy.table.session');
    if (seconds >= 365 * 24 * 3600) return t('privacy.table.years', { count: Math.round(seconds / (365 * 24 * 3600)) });
    if (seconds >= 24 * 3600) return t('privacy.table.days', { count: Math.round(seconds / (24 * 3600)) });
    return t('privacy.table.hours', { count: Math.round(seconds / 3600) });
  };
  return (
    <section aria-labelledby="cookies">
      <h2 id="cookies">{t('privacy.table.heading')}</h2>
      <p>{t('privacy.table.intro')}</p>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('privacy.table.name')}</th>
              <th scope="col">{t('privacy.table.purpose')}</th>
              <th scope="col">{t('privacy.table.lifetime')}</th>
              <th scope="col">{t('privacy.table.why')}</th>
            </tr>
          </thead>
          <tbody>
            {COOKIE_CATALOGUE.map((cookie) => (
              <tr key={cookie.name}>
                <td data-label={t('privacy.table.name')}>
                  <code>{cookie.name}</code>
                </td>
                <td data-label={t('privacy.table.purpose')}>{t(`privacy.purpose.${cookie.purpose}`)}</td>
                <td data-label={t('privacy.table.lifetime')}>{lifetime(cookie.maxAgeSeconds)}</td>
                <td data-label={t('privacy.table.why')}>{cookie.why[language]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <CookieSettingsButton className="button button-secondary" />
      </p>
    </section>
  );
}
