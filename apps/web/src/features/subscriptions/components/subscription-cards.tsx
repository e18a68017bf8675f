import { useState } from 'react';
import { Link } from 'react-router';
import { busyButton, useBusyAction } from '../../../lib/use-busy-action';
import { planLabel } from '../../../lib/plan-texts';
import { useTranslation } from '../../../lib/use-translation';
import type { SubscriptionView } from '@husly/contracts';
import { FormMessage } from '../../../components/ui/alerts';
import { day, kr, krWhole } from '../format';
import { Dialog } from './dialog';
import styles from './subscriptions.module.css';
import { TermsCheckbox } from './terms-checkbox';
import { TermsModal } from './terms-modal';

const STATUS_CLASS: Record<SubscriptionView['display'], string> = {
  renewing: '',
  'cancelled-running': styles.statusMuted ?? '',
  switching: '',
  expired: styles.statusMuted ?? '',
  paused: styles.statusWarn ?? '',
  'pending-payment': styles.statusWarn ?? '',
};

/** The warning page "Vigtigt ved afmelding" of a subscription (features/unsubscribe). */
export const cancelPath = (s: SubscriptionView) => `/profile/subscription/cancel/${encodeURIComponent(s.id)}`;

/**
 * Section 4 "Subscription display": one card per subscription, by its state. `onWithdraw` offers the
 * 14-day right of withdrawal while the API says it still applies (canWithdraw); `refundableOre` is
 * what its receipts say was charged, the amount the dialog states.
 */
export function SubscriptionCard({
  subscription: s,
  refundableOre,
  onWithdraw,
}: {
  subscription: SubscriptionView;
  refundableOre?: number;
  onWithdraw?(s: SubscriptionView): Promise<boolean>;
}) {
  const { t, language } = useTranslation();
  const next = s.nextSubscription;
  // Danish consumer rules: cancelling is two clicks (this link, then "Ja, opsig" on the warning page,
  // which also offers the limited plan instead; section 4).
  const cancellable = s.display === 'renewing' || (next !== null && next.renew);

  return (
    <article className={styles.card} data-testid="subscription-card" data-display={s.display} aria-labelledby={`subscription-${s.id}`}>
      <div className={styles.cardTop}>
        <h3 id={`subscription-${s.id}`} className={styles.subHeading}>
          {planLabel(language, s.offer, s.product.label)}
        </h3>
        <span className={`${styles.status} ${STATUS_CLASS[s.display]}`}>{t(`subscriptions.cards.status.${s.display}`)}</span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('subscriptions.cards.price')}</dt>
          <dd>{kr(s.product.price)}</dd>
        </div>
        <div>
          <dt>{t('subscriptions.cards.started')}</dt>
          <dd>{day(s.startingAt)}</dd>
        </div>
        {s.display === 'renewing' && s.endingAt && (
          <div>
            <dt>{t('subscriptions.cards.nextRenewal')}</dt>
            <dd data-testid="next-renewal">{day(s.endingAt)}</dd>
          </div>
        )}
        {s.display === 'cancelled-running' && (
          <>
            {s.canceledAt && (
              <div>
                <dt>{t('subscriptions.cards.cancelledOn')}</dt>
                <dd>{day(s.canceledAt)}</dd>
              </div>
            )}
            <div>
              <dt>{t('subscriptions.cards.expires')}</dt>
              <dd data-testid="expires">{day(s.endingAt)}</dd>
            </div>
          </>
        )}
        {s.display === 'expired' && s.endingAt && (
          <div>
            <dt>{t('subscriptions.cards.ended')}</dt>
            <dd>{day(s.endingAt)}</dd>
          </div>
        )}
      </dl>
      {s.display === 'cancelled-running' && <p className={styles.notice}>{t('subscriptions.cards.accessUntil', { date: day(s.endingAt) })}</p>}
      {(s.paused || s.display === 'paused') && (
        <FormMessage kind="warning" data-testid="paused-notice">{t('subscriptions.cards.paused')}</FormMessage>
      )}
      {next && (
        <p className={styles.notice} role="status" data-testid="next-notice">
          {t('subscriptions.cards.nextNotice', { label: planLabel(language, next.offer, next.product.label), price: kr(next.product.price), date: day(next.startingAt) })}
        </p>
      )}
      {(cancellable || (s.canWithdraw && onWithdraw)) && (
        <div className={styles.actions}>
          {cancellable && (
            <Link className="button button-secondary" to={cancelPath(s)} data-testid="cancel-link">
              {t('subscriptions.cards.cancel')}
            </Link>
          )}
          {s.canWithdraw && onWithdraw && <WithdrawButton subscription={s} refundableOre={refundableOre} onWithdraw={onWithdraw} />}
        </div>
      )}
    </article>
  );
}

/** The 14-day right of withdrawal: a clearly labelled button, a confirmation step, then one request. */
export function WithdrawButton({ subscription, refundableOre, onWithdraw }: { subscription: SubscriptionView; refundableOre?: number; onWithdraw(s: SubscriptionView): Promise<boolean> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { busy, run } = useBusyAction();
  const confirm = () =>
    void run(async () => {
      if (await onWithdraw(subscription)) setOpen(false);
    });
  return (
    <>
      <button type="button" className="button button-secondary" onClick={() => setOpen(true)} data-testid="withdraw-button">
        {t('subscriptions.withdraw.button')}
      </button>
      {open && (
        <Dialog heading={t('subscriptions.withdraw.heading')} onClose={() => setOpen(false)} testId="withdraw-dialog">
          <p>{t('subscriptions.withdraw.intro')}</p>
          <ul>
            <li>
              {refundableOre !== undefined && refundableOre > 0
                ? t('subscriptions.withdraw.refund', { amount: krWhole(refundableOre) })
                : t('subscriptions.withdraw.refundAll')}
            </li>
            <li>{t('subscriptions.withdraw.accessEnds')}</li>
            <li>{t('subscriptions.withdraw.noRenewal')}</li>
          </ul>
          <div className={styles.actions}>
            <button type="button" className="button button-primary" {...busyButton(busy)} onClick={confirm}>
              {busy ? t('common.sending') : t('subscriptions.withdraw.confirm')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
              {t('subscriptions.withdraw.abort')}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}

/** What reactivating an ended subscription charges now and every period after (it renews until cancelled). */
export interface ReactivationPlan {
  /** The plan id (offer name): the dialog words the plan by it in the page's language. */
  name: string;
  label: string;
  price: number;
  intervalDays: number;
}

/**
 * Section 4 "Reactivation": the button and its confirmation modal. An ended subscription is charged
 * now (the saved card), so then the modal states price, period and renewal and asks for the terms,
 * as the payment form does (issue 36); a cancelled one still running only renews again.
 */
export function ReactivateButton({
  subscription,
  plan,
  onReactivate,
}: {
  subscription: SubscriptionView;
  /** The plan an ended subscription starts again on; unused for one still running. */
  plan?: ReactivationPlan;
  onReactivate(s: SubscriptionView, terms: boolean): Promise<boolean>;
}) {
  const { t, language } = useTranslation();
  const [open, setOpen] = useState(false);
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState<string | undefined>();
  const [showTerms, setShowTerms] = useState(false);
  const { busy, run } = useBusyAction();
  // Still running: it renews again at its end, nothing is charged now. Ended: charged now.
  const chargesNow = subscription.display === 'expired';
  const charged = plan ?? { name: subscription.offer, label: subscription.product.label, price: subscription.product.price, intervalDays: 0 };
  const chargedLabel = planLabel(language, charged.name, charged.label);
  const close = () => {
    setOpen(false);
    setTermsError(undefined);
  };
  const confirm = () => {
    if (chargesNow && !terms) {
      setTermsError(t('subscriptions.paymentErrors.termsRequired'));
      return;
    }
    void run(async () => {
      if (await onReactivate(subscription, chargesNow && terms)) close();
    });
  };
  return (
    <>
      <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
        {t('subscriptions.reactivate.button')}
      </button>
      {open && !showTerms && (
        <Dialog heading={t('subscriptions.reactivate.heading')} onClose={close} testId="reactivate-dialog">
          {chargesNow ? (
            <>
              <p data-testid="reactivate-terms">
                {charged.intervalDays > 0
                  ? t('subscriptions.reactivate.chargeText', { label: chargedLabel, price: kr(charged.price), days: charged.intervalDays })
                  : t('subscriptions.reactivate.chargeTextNoPeriod', { label: chargedLabel, price: kr(charged.price) })}
              </p>
              <p className={styles.muted}>{t('subscriptions.reactivate.chargeRenewal')}</p>
              <TermsCheckbox
                checked={terms}
                onChange={(checked) => {
                  setTerms(checked);
                  if (checked) setTermsError(undefined);
                }}
                error={termsError}
                onShowTerms={() => setShowTerms(true)}
              />
            </>
          ) : (
            <p>{t('subscriptions.reactivate.text', { label: planLabel(language, subscription.offer, subscription.product.label), price: kr(subscription.product.price) })}</p>
          )}
          <div className={styles.actions}>
            <button
              type="button"
              className="button button-primary"
              {...busyButton(busy)}
              onClick={confirm}
            >
              {busy ? t('common.sending') : chargesNow ? t('subscriptions.reactivate.confirmCharge', { price: kr(charged.price) }) : t('subscriptions.reactivate.confirm')}
            </button>
            <button type="button" className="button button-secondary" onClick={close}>
              {t('subscriptions.reactivate.abort')}
            </button>
          </div>
        </Dialog>
      )}
      {open && showTerms && <TermsModal onClose={() => setShowTerms(false)} />}
    </>
  );
}
