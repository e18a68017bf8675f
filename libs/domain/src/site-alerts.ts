/**
 * Site alerts (spec sections 2, 3 and 4): notices under the header, each shown to a visitor a number
 * of times (`views`) and then dropped. The count left is the visitor's own, kept in the browser.
 */
export interface RotatedAlert {
  id: number;
  /** How many page loads a visitor sees it; 0 = not (any more). */
  views: number;
}

/** Remaining views per alert id, as stored in the browser. */
export type AlertViewCounts = Record<string, number>;

/**
 * One page load: the alerts to show and the counts to store. An alert starts at its `views`, loses
 * one each time it is shown, and is dropped at 0; a dismissed one is set to 0. Counts of alerts
 * that are no longer published are forgotten, so the stored object cannot grow.
 */
export function rotateSiteAlerts<A extends RotatedAlert>(alerts: readonly A[], stored: AlertViewCounts): { visible: A[]; counts: AlertViewCounts } {
  const visible: A[] = [];
  const counts: AlertViewCounts = {};
  for (const alert of alerts) {
    const previous = stored[String(alert.id)];
    const left = typeof previous === 'number' && Number.isFinite(previous) ? Math.min(previous, alert.views) : alert.views;
    if (left > 0) visible.push(alert);
    counts[String(alert.id)] = Math.max(0, left - 1);
  }
  return { visible, counts };
}

/** The stored counts, or none when the value is not what we wrote (another script, an old version). */
export function parseAlertViewCounts(raw: string | null): AlertViewCounts {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter(([, n]) => typeof n === 'number' && Number.isFinite(n))) as AlertViewCounts;
  } catch {
    return {};
  }
}

/** An alert's link is followed only to our own paths or an https address; anything else is not a link. */
export function safeAlertLink(link: string | null | undefined): string | null {
  if (!link) return null;
  if (/^\/(?!\/)/.test(link)) return link;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
