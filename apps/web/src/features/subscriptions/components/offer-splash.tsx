import { planBenefits, planLabel } from '../../../lib/plan-texts';
import { useTranslation } from '../../../lib/use-translation';
import type { Offer } from '@husly/contracts';
import { kr } from '../format';
import styles from './subscriptions.module.css';

/** Section 2: the offer splash for a user without a subscription; its button opens the payment form. */
export function OfferSplash({ offer, onStart }: { offer: Offer; onStart(): void }) {
  const { t, language } = useTranslation();
  const intro = offer.intro && offer.trialDays > 0;
  return (
    <section className={`${styles.card} ${styles.splash}`} aria-labelledby="offer-heading" data-testid="offer-splash">
      <div>
        <h2 id="offer-heading" className={styles.heading}>
          {t('subscriptions.splash.heading')}
        </h2>
        <p className={styles.muted}>{t('subscriptions.splash.lead')}</p>
        <ul className={styles.benefits} aria-label={t('subscriptions.splash.benefitsLabel')}>
          {(offer.labels.length > 0 ? planBenefits(language, offer.name, offer.labels) : (t('subscriptions.splash.benefits', { returnObjects: true }) as string[])).map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      </div>
      <div className={styles.priceBox}>
        {intro ? (
          <>
            <span className={styles.muted}>{t('subscriptions.splash.introFor', { days: offer.trialDays })}</span>
            <span className={styles.bigPrice} data-testid="intro-price">
              {kr(offer.amount)}
            </span>
            <span>{t('subscriptions.splash.thereafter', { price: kr(offer.price), days: offer.intervalDays })}</span>
          </>
        ) : (
          <>
            <span className={styles.muted}>{planLabel(language, offer.name, offer.label)}</span>
            <span className={styles.bigPrice}>{kr(offer.price)}</span>
            <span>{t('subscriptions.splash.every', { days: offer.intervalDays })}</span>
          </>
        )}
        <span className={`${styles.muted} ${styles.small}`}>{t('subscriptions.splash.vatAndCancel')}</span>
        <button type="button" className="button button-primary" onClick={onStart} style={{ marginTop: 10 }}>
          {t('subscriptions.splash.cta')}
        </button>
      </div>
    </section>
  );
}
