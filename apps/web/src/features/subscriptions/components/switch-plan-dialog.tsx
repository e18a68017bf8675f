import { LIMITED_PLAN } from '@husly/domain';
import type { Offer } from '@husly/contracts';
import { planLabel } from '../../../lib/plan-texts';
import { busyButton } from '../../../lib/use-busy-action';
import { useTranslation } from '../../../lib/use-translation';
import { day, kr } from '../format';
import { Dialog } from './dialog';
import styles from './subscriptions.module.css';

/**
 * The confirmation of a change of plan (issue 36: it was one click). It states what the seeker says
 * yes to: the new price and period, the first charge (when the running period ends), that it renews
 * until cancelled, and the limited plan's landlord limit. `busy` comes from the page's useBusyAction.
 */
export function SwitchPlanDialog({
  offer,
  firstChargeAt,
  busy,
  onConfirm,
  onClose,
}: {
  offer: Offer;
  /** The running period's end: the new plan starts and is first charged then. */
  firstChargeAt: string | null;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const { t, language } = useTranslation();
  const limit = offer.contactLimit ?? (offer.name === LIMITED_PLAN.id ? LIMITED_PLAN.maxLandlordContacts : null);
  const window = offer.contactWindowDays ?? LIMITED_PLAN.contactWindowDays;
  return (
    <Dialog heading={t('subscriptions.switch.heading', { label: planLabel(language, offer.name, offer.label) })} onClose={onClose} testId="switch-dialog">
      <ul>
        <li data-testid="switch-price">{t('subscriptions.switch.price', { price: kr(offer.price), days: offer.intervalDays })}</li>
        <li data-testid="switch-first-charge">{t('subscriptions.switch.firstCharge', { date: day(firstChargeAt), price: kr(offer.price) })}</li>
        {limit !== null && <li data-testid="switch-limit">{t('subscriptions.switch.limit', { limit, days: window })}</li>}
        <li>{t('subscriptions.switch.renewal')}</li>
      </ul>
      <p className={styles.muted}>{t('subscriptions.switch.untilThen')}</p>
      <div className={styles.actions}>
        <button type="button" className="button button-primary" {...busyButton(busy)} onClick={onConfirm}>
          {busy ? t('common.sending') : t('subscriptions.switch.confirm', { price: kr(offer.price) })}
        </button>
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('subscriptions.switch.abort')}
        </button>
      </div>
    </Dialog>
  );
}
