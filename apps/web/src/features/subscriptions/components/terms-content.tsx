import { useTranslation } from '../../../lib/use-translation';
import { ORDER, TERMS, VAT } from '@husly/domain';
import styles from './subscriptions.module.css';

/** The anchor that links to the terms' electronic-communication section (spec section 2: /info/terms#elektronisk-kommunikation). */
export const ELECTRONIC_COMMUNICATION_ANCHOR = 'elektronisk-kommunikation';

/**
 * The terms of use and of the subscription (spec section 9, updated 27 August 2019): prices incl.
 * 25 % VAT, the 14-day right of withdrawal and refund, objection to an unauthorized charge within
 * 8 weeks, 4-digit order numbers, age 18 (section 5), electronic communication. One component, so
 * the payment form's modal and the /info/terms page show the same text; the page's own <h1>
 * makes its sections <h2> (`headingLevel`).
 */
export function SubscriptionTermsContent({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  const H = headingLevel;
  const values = {
    vat: VAT.ratePercent,
    withdrawalDays: TERMS.withdrawalDays,
    refundDays: TERMS.refundDays,
    objectionWeeks: TERMS.unauthorizedChargeObjectionWeeks,
    digits: ORDER.orderNoDigits,
  };
  return (
    <div className={styles.terms} data-testid="subscription-terms">
      <p className={styles.termsUpdated}>
        <time dateTime={TERMS.updatedAt}>{t('subscriptions.terms.updated')}</time>
      </p>
      <p>{t('subscriptions.terms.intro')}</p>
      <H>{t('subscriptions.terms.serviceHeading')}</H>
      <p>{t('subscriptions.terms.service')}</p>
      <H>{t('subscriptions.terms.ageHeading')}</H>
      <p>{t('subscriptions.terms.age')}</p>
      <H>{t('subscriptions.terms.pricesHeading')}</H>
      <p>{t('subscriptions.terms.prices', values)}</p>
      <H>{t('subscriptions.terms.renewalHeading')}</H>
      <p>{t('subscriptions.terms.renewal')}</p>
      <H>{t('subscriptions.terms.cancelHeading')}</H>
      <p>{t('subscriptions.terms.cancel')}</p>
      <H>{t('subscriptions.terms.withdrawalHeading')}</H>
      <p>{t('subscriptions.terms.withdrawal', values)}</p>
      <H>{t('subscriptions.terms.objectionHeading')}</H>
      <p>{t('subscriptions.terms.objection', values)}</p>
      <H>{t('subscriptions.terms.orderHeading')}</H>
      <p>{t('subscriptions.terms.order', values)}</p>
      <H id={ELECTRONIC_COMMUNICATION_ANCHOR}>{t('subscriptions.terms.electronicHeading')}</H>
      <p>{t('subscriptions.terms.electronic')}</p>
    </div>
  );
}
