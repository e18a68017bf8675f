// Base styles first, so component modules can override them.
import '../../styles/global.css';
import type { MouseEvent } from 'react';
import { Outlet, ScrollRestoration, useLocation, useRevalidator } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { AlertsArea } from '../../components/ui/alerts';
import { RetryBoundary } from '../../components/ui/retry-boundary';
import { SiteAlertsSlot } from '../../features/alerts/site-alerts-slot';
import { BoligagentNotificationLogger } from '../../features/boligagent/components/boligagent-notification-logger';
import { LastViewedBannerSlot } from '../../features/dwellings/components/last-viewed-banner-slot';
import { CookieBanner } from '../../features/privacy/cookie-banner';
import { reopenConsent } from '../../features/privacy/consent-store';
import { useCanonicalLinks } from '../../lib/document-head';
import { useFollowLinks } from '../../lib/follow-links';
import { staticIsland } from '../../lib/islands';
import { useFocusOnNavigation } from './focus-on-navigation';
import { Header } from './header';
import { showsHeaderSearch } from './search-visibility';
import styles from './root-layout.module.css';
// The footer's styles, in the shell's stylesheet: its server HTML is shown without its code (the
// static island below), so the stylesheet its chunk would bring never loads.
import './footer.module.css';
import '../../components/ui/payment-card-icons.module.css';
// The form kit's styles too: the header's login menu (an island) and the boligagent blocks of the
// lists are forms painted from the server's HTML before their chunk, whose stylesheet would
// otherwise arrive with it and move what was drawn.
import '../../components/ui/form.module.css';

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
      {/* In the flow under the header: docked over the page, they covered "Kontakt udlejer" on a phone. */}
      <SiteAlertsSlot />
      <BoligagentNotificationLogger />
      <LastViewedBannerSlot />
      <main id="main" className={styles.main}>
        {/* Keeps header and footer when a page fails; a retry re-runs the loaders, then re-renders. */}
        <RetryBoundary resetKey={pathname} onRetry={() => revalidator.revalidate()}>
          <Outlet />
        </RetryBoundary>
      </main>
      <FooterIsland />
      <ScrollRestoration />
    </div>
  );
}

/**
 * The footer's hundred-odd links, its card icons and the cookie-settings button: the same for the
 * whole visit, so the browser keeps the server's HTML and loads none of its code (lib/islands.tsx).
 */
const footer = staticIsland(() => import('./footer').then((module) => module.Footer));

function FooterIsland() {
  const followLinks = useFollowLinks<HTMLDivElement>();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('[data-cookie-settings]')) reopenConsent();
    else followLinks(event);
  };
  return <footer.Island props={{}} onClick={onClick} />;
}
