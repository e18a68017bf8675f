import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { SiteAlert } from '@husly/contracts';
import { parseAlertViewCounts, rotateSiteAlerts } from '@husly/domain';
import alertStyles from '../../components/ui/alerts.module.css';
import { usePublicSettings } from '../../lib/public-settings';
import { currentConsent, useConsent } from '../privacy/consent-store';
import styles from './site-alerts.module.css';

/** Where a visitor's remaining views per alert are kept (spec section 4: alerts are rotated). */
export const ALERT_COUNTS_KEY = 'husly.alertViews';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage blocked (private mode, a strict setting): then no alerts rather than every one on every page.
    return null;
  }
}

/**
 * The site alerts the server render brought with the page, rotated once per page load. They appear
 * after hydration (the counts live in this browser), in the flow under the header: docked at the
 * bottom of the screen they covered what was under them until dismissed ("Kontakt udlejer" on a
 * phone, issue 36). Arriving late they push the page down once; that is the price of hiding nothing,
 * paid only on the few loads an alert is shown.
 */
export function SiteAlerts() {
  const { alerts: published } = usePublicSettings();
  const { t } = useTranslation();
  const [alerts, setAlerts] = useState<SiteAlert[]>([]);
  // Once per page load: StrictMode runs effects twice in development, which would count two views.
  const rotated = useRef(false);
  // One notice at a time: they wait until the visitor has answered the cookie banner.
  const { asking } = useConsent();

  useEffect(() => {
    // Storage last: a first touch of localStorage loads it synchronously, wasted on a page without alerts.
    if (rotated.current || !published?.length || currentConsent() === null) return;
    const store = storage();
    if (!store) return;
    rotated.current = true;
    const { visible, counts } = rotateSiteAlerts(published, parseAlertViewCounts(store.getItem(ALERT_COUNTS_KEY)));
    store.setItem(ALERT_COUNTS_KEY, JSON.stringify(counts));
    setAlerts(visible);
  }, [published, asking]);

  const dismiss = (id: number) => {
    const store = storage();
    if (store) store.setItem(ALERT_COUNTS_KEY, JSON.stringify({ ...parseAlertViewCounts(store.getItem(ALERT_COUNTS_KEY)), [id]: 0 }));
    setAlerts((current) => current.filter((alert) => alert.id !== id));
  };

  if (asking || alerts.length === 0) return null;
  return (
    <aside className={styles.dock} aria-label={t('alerts.label')}>
      {alerts.map((alert) => (
        <div key={alert.id} className={`${alertStyles.alert} ${alertStyles[alert.style]} ${styles.alert}`} role="status">
          <div className={alertStyles.message}>
            <p className={`${styles.text} ${alert.multiline ? styles.multiline : styles.clamped}`}>
              <strong>{alert.headline}</strong> {alert.text}
            </p>
            {/* Outside the clamped text, so a long notice on a phone keeps its link. */}
            {alert.link && (
              <a className={styles.link} href={alert.link}>
                {t('alerts.readMore')}
              </a>
            )}
          </div>
          <button type="button" className={alertStyles.dismiss} onClick={() => dismiss(alert.id)} aria-label={t('alerts.dismiss')}>
            ×
          </button>
        </div>
      ))}
    </aside>
  );
}
