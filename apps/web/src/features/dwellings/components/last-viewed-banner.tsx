import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { COOKIES, readCookie } from '@husly/domain';
import { lastViewedCookie, lastViewedPrompt, readLastViewed, type LastViewedDwelling } from '../last-viewed';
// Not from contact-panel: that would put the dwelling page's contact flow and styles in every page's shell.
import { SUBSCRIPTION_PATH } from '../../accounts/navigation';
import styles from './last-viewed-banner.module.css';

/**
 * Section 2: the last-viewed dwelling banner for a non-subscriber, prompting signup, login or
 * subscription. Read from the cookie after mount (it is the visitor's own state, not page content),
 * so server and browser render the same first HTML. Not shown on that dwelling's own page.
 */
export function LastViewedBanner() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [state, setState] = useState<{ dwelling: LastViewedDwelling; loggedIn: boolean } | null>(null);

  useEffect(() => {
    const dwelling = readLastViewed(document.cookie);
    setState(dwelling && !dwelling.subscribed ? { dwelling, loggedIn: Boolean(readCookie(document.cookie, COOKIES.token.name)) } : null);
  }, [pathname]);

  if (!state || pathname === `/vis/${state.dwelling.dwellingId}`) return null;
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
