import { useImperativeHandle, useState, type Ref } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useApi } from '../../../lib/api-context';
import { TextField } from '../../../components/ui/form-field';
import { isHttpError } from '../../../lib/api-client';
import { paymentFailureFromBody, paymentFailureKey } from '../payment-errors';
import { confirmTestPayment } from '../subscriptions-api';
import type { PaymentGateway, PaymentProblem } from './payment-gateway';
import styles from './subscriptions.module.css';

type Card = { cardNumber: string; expiry: string; cvc: string; name: string };

/** Formats a typed expiry as MM/YY while typing. */
const expiryInput = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/**
 * The built-in test provider's card form (no Stripe keys: development, CI, a fresh machine). Clearly
 * marked as test payments; it posts to the test provider's confirm route, which answers the
 * documented test card numbers with success or one of section 8's failures.
 */
export function TestCardFields({ gatewayRef, fieldError }: { gatewayRef: Ref<PaymentGateway>; fieldError: string | undefined }) {
  const { t } = useTranslation();
  const api = useApi();
  const [card, setCard] = useState<Card>({ cardNumber: '', expiry: '', cvc: '', name: '' });
  const set = (key: keyof Card) => (value: string) => setCard((c) => ({ ...c, [key]: key === 'expiry' ? expiryInput(value) : value }));

  useImperativeHandle(
    gatewayRef,
    (): PaymentGateway => ({
      // Only what a person can see is wrong before sending; the provider judges the rest.
      async check(): Promise<PaymentProblem | null> {
        if (!card.name.trim()) return { key: 'cardholderNameRequired', field: 'name' };
        if (!/^\d{12,19}$/.test(card.cardNumber.replace(/[\s-]/g, ''))) return { key: 'invalidCardNumber', field: 'cardNumber' };
        if (!/^\d{2}\/\d{2}$/.test(card.expiry)) return { key: 'invalidExpiry', field: 'expiry' };
        if (!/^\d{3,4}$/.test(card.cvc.trim())) return { key: 'invalidCvc', field: 'cvc' };
        return null;
      },
      async confirm(clientSecret: string): Promise<PaymentProblem | null> {
        try {
          await confirmTestPayment(api, clientSecret, { ...card, cardNumber: card.cardNumber.replace(/[\s-]/g, '') });
          return null;
        } catch (error) {
          if (isHttpError(error, 409) && (error.body as { code?: unknown } | undefined)?.code === 'intro-card-used') return { introUsed: true };
          // Too many tries on this payment or from this user: say so, not "card declined".
          if (isHttpError(error, 429)) return { text: t('accounts.throttled') };
          const failure = isHttpError(error) ? paymentFailureFromBody(error.body) : null;
          if (!failure) return { key: isHttpError(error) && error.statusCode >= 500 ? 'providerUnavailable' : 'generic' };
          const key = paymentFailureKey(failure);
          const field = (error as { body?: { field?: unknown } }).body?.field;
          return key ? { key, field: typeof field === 'string' ? field : undefined } : null;
        }
      },
    }),
    [api, card, t],
  );

  // No message per field: the form's payment message says what is wrong, and the field is marked.
  const input = (key: keyof Card, label: string, props: Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>) => (
    <TextField {...props} label={label} value={card[key]} onChange={set(key)} invalid={fieldError === key} />
  );

  return (
    <div className={styles.fieldset} data-testid="test-card-form">
      <p className={styles.testNotice} role="note">
        <span className={styles.testBadge}>{t('subscriptions.testPayments.badge')}</span>
        {t('subscriptions.testPayments.notice')}
      </p>
      {input('name', t('subscriptions.card.name'), { autoComplete: 'cc-name' })}
      {input('cardNumber', t('subscriptions.card.number'), { inputMode: 'numeric', autoComplete: 'cc-number', placeholder: '4242 4242 4242 4242' })}
      <div className={styles.row}>
        {input('expiry', t('subscriptions.card.expiry'), { inputMode: 'numeric', autoComplete: 'cc-exp', placeholder: t('subscriptions.card.expiryPlaceholder') })}
        {input('cvc', t('subscriptions.card.cvc'), { inputMode: 'numeric', autoComplete: 'cc-csc', placeholder: '123' })}
      </div>
    </div>
  );
}
