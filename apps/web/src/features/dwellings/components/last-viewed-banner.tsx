import { useContext, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { InitialLastViewed, lastViewedBannerState, lastViewedCookie, lastViewedPrompt } from '../last-viewed';
// Not from contact-panel: that would put the dwelling page's contact flow and styles in every page's shell.
import { SUBSCRIPTION_PATH } from '../../accounts/navigation';
import styles from './last-viewed-banner.module.css';

/**
 * Section 2: the last-viewed dwelling banner for a non-subscriber, prompting signup, login or
 * subscription. The server renders it from the request's cookie bn.last and the browser starts from
 * the same (InitialLastViewed), so it is in the page from the first paint: shown only after
 * hydration, it pushed a returning visitor's page down 129 px (CLS 0.13). Read again on every
 * client navigation. Not on a dwelling's page: the page is what the visitor is looking at, and it
 * becomes the one remembered (DwellingPage writes bn.last as it mounts).
 */
export function LastViewedBanner() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [state, setState] = useState(useContext(InitialLastViewed));

  useEffect(() => {
    setState(lastViewedBannerState(document.cookie));
  }, [pathname]);

  if (!state || pathname.startsWith('/vis/')) return null;
  const { dwelling, loggedIn } = state;
  const next = encodeURIComponent(`/vis/${dwelling.dwellingId}`);
  const dismiss = () => {
    document.cookie = lastViewedCookie(null);
    setState(null);
  };

  return (
    <aside className={styles.banner} aria-label={t('lastViewed.label')}>
      <div className={styles.inner}>
        {dwelling.image && <img className={styles.image} src={dwelling.image} alt="" width={64} height={48} />}
        <div className={styles.text}>
          <p className={styles.heading}>
            {t('lastViewed.heading')} <Link to={`/vis/${dwelling.dwellingId}`}>{dwelling.headline}</Link>
          </p>
          {lastViewedPrompt(loggedIn) === 'signup' ? (
            <p className={styles.prompt}>
              {t('lastViewed.signupText')} <Link to={`/signup?next=${next}`}>{t('dwelling.signup')}</Link> ·{' '}
              {t('lastViewed.loginText')} <Link to={`/login?next=${next}`}>{t('dwelling.login')}</Link>
            </p>
          ) : (
            <p className={styles.prompt}>
              {t('lastViewed.subscribeText')} <Link to={`${SUBSCRIPTION_PATH}?next=${next}`}>{t('lastViewed.subscribe')}</Link>
            </p>
          )}
        </div>
        <button type="button" className={styles.dismiss} onClick={dismiss} aria-label={t('lastViewed.dismiss')}>
          ×
        </button>
      </div>
    </aside>
  );
}
