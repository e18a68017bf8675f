import { useState } from 'react';
import { Link } from 'react-router';
import { busyButton, useBusyAction } from '../../../lib/use-busy-action';
import { useTranslation } from '../../../lib/use-translation';
import type { SubscriptionView } from '@husly/contracts';
import { day, kr } from '../format';
import { Dialog } from './dialog';
import styles from './subscriptions.module.css';

const STATUS_CLASS: Record<SubscriptionView['display'], string> = {
  renewing: '',
  'cancelled-running': styles.statusMuted ?? '',
  expired: styles.statusMuted ?? '',
  paused: styles.statusWarn ?? '',
  'pending-payment': styles.statusWarn ?? '',
};

/** The warning page "Vigtigt ved afmelding" of a subscription (features/unsubscribe). */
export const cancelPath = (s: SubscriptionView) => `/profile/subscription/cancel/${encodeURIComponent(s.id)}`;

/** Section 4 "Subscription display": one card per subscription, by its state. */
export function SubscriptionCard({ subscription: s }: { subscription: SubscriptionView }) {
  const { t } = useTranslation();
  const next = s.nextSubscription;
  // Danish consumer rules: cancelling is two clicks (this link, then "Ja, opsig" on the warning page,
  // which also offers the limited plan instead; section 4).
  const cancellable = s.display === 'renewing' || (next !== null && next.renew);

  return (
    <article className={styles.card} data-testid="subscription-card" data-display={s.display} aria-labelledby={`subscription-${s.id}`}>
      <div className={styles.cardTop}>
        <h3 id={`subscription-${s.id}`} className={styles.subHeading}>
          {s.product.label}
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
        <p className={styles.warning} role="status" data-testid="paused-notice">
          {t('subscriptions.cards.paused')}
        </p>
      )}
      {next && (
        <p className={styles.notice} role="status" data-testid="next-notice">
          {t('subscriptions.cards.nextNotice', { label: next.product.label, price: kr(next.product.price), date: day(next.startingAt) })}
        </p>
      )}
      {cancellable && (
        <div className={styles.actions}>
          <Link className="button button-secondary" to={cancelPath(s)} data-testid="cancel-link">
            {t('subscriptions.cards.cancel')}
          </Link>
        </div>
      )}
    </article>
  );
}

/** Section 4 "Reactivation": the button and its confirmation modal. */
export function ReactivateButton({ subscription, onReactivate }: { subscription: SubscriptionView; onReactivate(s: SubscriptionView): Promise<boolean> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { busy, run } = useBusyAction();
  const confirm = () =>
    void run(async () => {
      if (await onReactivate(subscription)) setOpen(false);
    });
  return (
    <>
      <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
        {t('subscriptions.reactivate.button')}
      </button>
      {open && (
        <Dialog heading={t('subscriptions.reactivate.heading')} onClose={() => setOpen(false)} testId="reactivate-dialog">
          <p>{t('subscriptions.reactivate.text', { label: subscription.product.label, price: kr(subscription.product.price) })}</p>
          <div className={styles.actions}>
            <button
              type="button"
              className="button button-primary"
              {...busyButton(busy)}
              onClick={confirm}
            >
              {busy ? t('common.sending') : t('subscriptions.reactivate.confirm')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
              {t('subscriptions.reactivate.abort')}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
