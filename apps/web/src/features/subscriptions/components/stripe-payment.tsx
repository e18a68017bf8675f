import { useEffect, useImperativeHandle, useState, type Ref } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementLocale } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { FormMessage } from '../../../components/ui/alerts';
import { paymentFailureKey } from '../payment-errors';
import type { PaymentGateway, PaymentProblem } from './payment-gateway';
import styles from './subscriptions.module.css';

/**
 * Stripe's Payment Element (this module is its own chunk, loaded only when the provider query says
 * "stripe"). Stripe.js comes from Stripe's servers; when it cannot load (blocked, offline, this test
 * machine) the page says so in section 8's words instead of breaking.
 */
export default function StripePayment({
  publicKey,
  amountOre,
  language,
  gatewayRef,
}: {
  publicKey: string;
  amountOre: number;
  language: string;
  gatewayRef: Ref<PaymentGateway>;
}) {
  const { t } = useTranslation();
  const [stripe, setStripe] = useState<Stripe | 'failed' | null>(null);

  useEffect(() => {
    let live = true;
    loadStripe(publicKey).then(
      (loaded) => live && setStripe(loaded ?? 'failed'),
      () => live && setStripe('failed'),
    );
    return () => {
      live = false;
    };
  }, [publicKey]);

  if (stripe === 'failed') {
    return (
      <FormMessage kind="error">{t('subscriptions.paymentErrors.providerUnavailable')}</FormMessage>
    );
  }
  if (!stripe) return <p className={styles.muted}>{t('subscriptions.card.connecting')}</p>;
  return (
    // Deferred intent: the element shows before the subscription exists; the form creates it on submit.
    <Elements stripe={stripe} options={{ mode: 'subscription', amount: amountOre, currency: 'dkk', locale: language as StripeElementLocale }}>
      <StripeGateway gatewayRef={gatewayRef} />
    </Elements>
  );
}

function StripeGateway({ gatewayRef }: { gatewayRef: Ref<PaymentGateway> }) {
  const stripe = useStripe();
  const elements = useElements();

  useImperativeHandle(
    gatewayRef,
    (): PaymentGateway => ({
      async check(): Promise<PaymentProblem | null> {
        if (!stripe || !elements) return { key: 'providerUnavailable' };
        const { error } = await elements.submit();
        if (!error) return null;
        return { key: paymentFailureKey({ code: error.code, message: error.message }) ?? 'generic' };
      },
      async confirm(clientSecret, billing): Promise<PaymentProblem | null> {
        if (!stripe || !elements) return { key: 'providerUnavailable' };
        const { error } = await stripe.confirmPayment({
          elements,
          clientSecret,
          confirmParams: {
            return_url: `${window.location.origin}/profile`,
            payment_method_data: { billing_details: { name: billing.name, email: billing.email } },
          },
          redirect: 'if_required',
        });
        if (!error) return null;
        // Section 8: payment confirmation errors show the provider's own message.
        if (error.message && (error.type === 'card_error' || error.type === 'validation_error')) return { text: error.message };
        const key = paymentFailureKey({ code: error.code, declineCode: error.decline_code, message: error.message });
        return key ? { key } : null;
      },
    }),
    [stripe, elements],
  );

  return <PaymentElement options={{ layout: 'tabs' }} />;
}
