import { useEffect } from 'react';
import { islandOnDemand } from '../../lib/islands';
import { usePublicSettings } from '../../lib/public-settings';

/** The site alerts' code loads only when the page brought some (most pages have none). */
const siteAlerts = islandOnDemand(() => import('./site-alerts').then((module) => module.SiteAlerts));
const NO_PROPS = {};

export function SiteAlertsSlot() {
  const { alerts } = usePublicSettings();
  const any = (alerts?.length ?? 0) > 0;
  useEffect(() => {
    if (any) siteAlerts.start();
  }, [any]);
  return any ? <siteAlerts.Island props={NO_PROPS} /> : null;
}
