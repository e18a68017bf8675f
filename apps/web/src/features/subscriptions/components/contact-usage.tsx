import { useState } from 'react';
import type { Offer, SubscriptionView } from '@husly/contracts';
import { busyButton, useBusyAction } from '../../../lib/use-busy-action';
import { useTranslation } from '../../../lib/use-translation';
import { day } from '../format';
import styles from './subscriptions.module.css';
import { SwitchPlanDialog } from './switch-plan-dialog';

/** The plan a limited subscriber can move up to: the cheapest recurring one without a landlord limit. */
export function unlimitedPlan(offers: Offer[]): Offer | undefined {
  return offers.filter((o) => !o.intro && o.contactLimit === null).sort((a, b) => a.price - b.price)[0];
}

/**
 * The limited plan's count (issue 36): "3 af 10 udlejere brugt, nulstilles 12/12/2026", and while it
 * renews, the way up to unlimited access. That is the ordinary change of plan (it takes over when the
 * running period ends, the same day the count resets) confirmed in the same dialog as the way down.
 */
export function ContactUsageLine({
  subscription: s,
  upgradeTo,
  onUpgrade,
}: {
  subscription: SubscriptionView;
  upgradeTo: Offer | undefined;
  onUpgrade(s: SubscriptionView, plan: Offer): Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useBusyAction();
  const usage = s.contactUsage;
  if (!usage) return null;
  // A cancelled one ends on that date: nothing resets into, so the line says the period ends.
  const key = s.display === 'cancelled-running' ? 'subscriptions.usage.lineEnding' : 'subscriptions.usage.line';
  const offerUpgrade = upgradeTo !== undefined && s.display === 'renewing' && s.nextSubscription === null;
  const confirm = (plan: Offer) =>
    void run(async () => {
      if (await onUpgrade(s, plan)) setConfirming(false);
    });
  return (
    <div className={`${styles.notice} ${styles.actions}`} data-testid="contact-usage">
      <p>{t(key, { used: usage.used, limit: usage.limit, date: day(usage.resetsAt) })}</p>
      {offerUpgrade && (
        <>
          <button type="button" className="button button-secondary" {...busyButton(busy)} onClick={() => setConfirming(true)} data-testid="upgrade-button">
            {t('subscriptions.usage.upgrade')}
          </button>
          {confirming && <SwitchPlanDialog offer={upgradeTo} firstChargeAt={s.endingAt} busy={busy} onConfirm={() => confirm(upgradeTo)} onClose={() => setConfirming(false)} />}
        </>
      )}
    </div>
  );
}
