// Base styles first, so component modules can override them.
import '../../styles/global.css';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation, useRevalidator } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { AlertsArea } from '../../components/ui/alerts';
import { RetryBoundary } from '../../components/ui/retry-boundary';
import { SiteAlerts } from '../../features/alerts/site-alerts';
import { BoligagentNotificationLogger } from '../../features/boligagent/components/boligagent-notification-logger';
import { LastViewedBanner } from '../../features/dwellings/components/last-viewed-banner';
import { CookieBanner } from '../../features/privacy/cookie-banner';
import { useCanonicalLinks } from '../../lib/document-head';
import { useFocusOnNavigation } from './focus-on-navigation';
import { Footer } from './footer';
import { Header } from './header';
import { showsHeaderSearch } from './search-visibility';
import styles from './root-layout.module.css';

export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  useCanonicalLinks();
  useFocusOnNavigation();
  return (
    <div className={styles.shell}>
      {/* First, as GOV.UK places its cookie banner: a keyboard or screen reader user meets the
          question before the page, and the browser paints it (fixed at the bottom) as soon as it
          has parsed the top of a long list page, not after its 150 cards. It shows once what
          follows it, the skip link, is parsed (privacy.module.css). */}
      <CookieBanner />
      <a className={styles.skip} href="#main">
        {t('common.skipToContent')}
      </a>
      <Header showSearch={showsHeaderSearch(pathname)} />
      <AlertsArea />
      <BoligagentNotificationLogger />
      <LastViewedBanner />
      <main id="main" className={styles.main}>
        {/* Keeps header and footer when a page fails; a retry re-runs the loaders, then re-renders. */}
        <RetryBoundary resetKey={pathname} onRetry={() => revalidator.revalidate()}>
          <Outlet />
        </RetryBoundary>
      </main>
      {/* Its own boundary: its hundred-odd links hydrate after the page, in slices, not in its first long task. */}
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <SiteAlerts />
      <ScrollRestoration />
    </div>
  );
}
