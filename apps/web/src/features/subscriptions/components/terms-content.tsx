import { useTranslation } from 'react-i18next';
import { ORDER, TERMS, VAT } from '@husly/domain';
import styles from './subscriptions.module.css';

/**
 * The subscription and payment terms (spec section 9): prices incl. 25 % VAT, the 14-day right of
 * withdrawal and refund, objection to an unauthorized charge within 8 weeks, 4-digit order numbers.
 * One component, so the payment form's modal and the /info/terms page show the same text.
 */
export function SubscriptionTermsContent() {
  const { t } = useTranslation();
  const values = {
    vat: VAT.ratePercent,
    withdrawalDays: TERMS.withdrawalDays,
    refundDays: TERMS.refundDays,
    objectionWeeks: TERMS.unauthorizedChargeObjectionWeeks,
    digits: ORDER.orderNoDigits,
  };
  return (
    <div className={styles.terms} data-testid="subscription-terms">
      <p>{t('subscriptions.terms.intro')}</p>
      <h3>{t('subscriptions.terms.pricesHeading')}</h3>
      <p>{t('subscriptions.terms.prices', values)}</p>
      <h3>{t('subscriptions.terms.renewalHeading')}</h3>
      <p>{t('subscriptions.terms.renewal')}</p>
      <h3>{t('subscriptions.terms.cancelHeading')}</h3>
      <p>{t('subscriptions.terms.cancel')}</p>
      <h3>{t('subscriptions.terms.withdrawalHeading')}</h3>
      <p>{t('subscriptions.terms.withdrawal', values)}</p>
      <h3>{t('subscriptions.terms.objectionHeading')}</h3>
      <p>{t('subscriptions.terms.objection', values)}</p>
      <h3>{t('subscriptions.terms.orderHeading')}</h3>
      <p>{t('subscriptions.terms.order', values)}</p>
    </div>
  );
}
