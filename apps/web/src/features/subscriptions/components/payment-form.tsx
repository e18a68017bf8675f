import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { planLabel } from '../../../lib/plan-texts';
import { useTranslation } from '../../../lib/use-translation';
import { useMutation } from '@apollo/client/react';
import { dkkToOre, isValidEmail } from '@husly/domain';
import type { Offer, SessionUser } from '@husly/contracts';
import { FormMessage } from '../../../components/ui/alerts';
import { SubmitButton, TextField } from '../../../components/ui/form-field';
import { useSite } from '../../../lib/site-context';
import { useBusyAction } from '../../../lib/use-busy-action';
import { scrollBehavior } from '../../../lib/scroll-behavior';
import { kr } from '../format';
import { graphErrorCode } from '../graphql/graph-errors';
import { CREATE_SUBSCRIPTION, type PaymentProvider } from '../graphql/operations';
import type { PaymentGateway, PaymentProblem } from './payment-gateway';
import { TermsCheckbox } from './terms-checkbox';
import { TermsModal } from './terms-modal';
import { TestCardFields } from './test-card-fields';
import styles from './subscriptions.module.css';

const StripePayment = lazy(() => import('./stripe-payment'));

type Billing = { name: string; email: string; address: string; zipcode: string; city: string; phone: string };
type FieldErrors = Partial<Record<keyof Billing | 'terms', string>>;

/** Section 8 refusals of createSubscription, by the API's error code. */
const CREATE_ERRORS: Record<string, string> = {
  'intro-used': 'subscriptions.purchase.errors.introUsed',
  'intro-card-used': 'subscriptions.purchase.errors.introUsed',
  'already-subscribed': 'subscriptions.purchase.errors.alreadySubscribed',
  'provider-unavailable': 'subscriptions.paymentErrors.providerUnavailable',
  'terms-required': 'subscriptions.paymentErrors.termsRequired',
};

/**
 * Section 2/5: the payment form. Your details (country hidden, always Danmark; numeric zipcode),
 * product and price, payment details, the required terms checkbox with the terms modal; no browser
 * validation (noValidate), every message ours. Submitting creates the subscription (GraphQL; the
 * answer carries the client secret) and confirms the payment through the running gateway.
 */
export function PaymentForm({
  offer,
  provider,
  user,
  onPaid,
  onIntroRefused,
}: {
  offer: Offer;
  provider: PaymentProvider | 'unavailable';
  user: SessionUser;
  onPaid(): void;
  onIntroRefused(): void;
}) {
  const { t } = useTranslation();
  const { language } = useSite();
  const [billing, setBilling] = useState<Billing>({ name: user.name ?? '', email: user.email ?? '', address: '', zipcode: '', city: '', phone: user.cellphone ?? '' });
  const [terms, setTerms] = useState(false);
  const [showTerms, setShowTerms] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<{ message: string; field?: string } | null>(null);
  // One purchase at a time: a second press while this one runs sends nothing (the server holds too).
  const { busy, run } = useBusyAction();
  // A created subscription waiting for its payment: a retry confirms again instead of buying twice.
  const pending = useRef<{ planId: string; clientSecret: string } | null>(null);
  const gateway = useRef<PaymentGateway>(null);
  const [createSubscription] = useMutation(CREATE_SUBSCRIPTION);
  const formRef = useRef<HTMLFormElement>(null);

  // The splash's button opens the form below it: bring it into view (jsdom has no scrolling).
  useEffect(() => {
    formRef.current?.scrollIntoView?.({ behavior: scrollBehavior(), block: 'start' });
  }, []);

  const firstCharge = offer.intro ? offer.amount : offer.price;
  const testMode = provider !== 'unavailable' && provider.provider !== 'stripe';
  const set = (key: keyof Billing) => (value: string) => setBilling((b) => ({ ...b, [key]: value }));
  const problemText = (p: PaymentProblem) =>
    'text' in p ? p.text : 'introUsed' in p ? t('subscriptions.purchase.errors.introUsed') : t(`subscriptions.paymentErrors.${p.key}`);

  function validate(): FieldErrors {
    const found: FieldErrors = {};
    if (!billing.name.trim()) found.name = t('subscriptions.form.errors.nameRequired');
    if (!billing.email.trim()) found.email = t('subscriptions.form.errors.emailRequired');
    else if (!isValidEmail(billing.email.trim())) found.email = t('subscriptions.form.errors.emailInvalid');
    if (billing.zipcode.trim() && !/^\d{4}$/.test(billing.zipcode.trim())) found.zipcode = t('subscriptions.form.errors.zipcode');
    if (!terms) found.terms = t('subscriptions.paymentErrors.termsRequired');
    return found;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // A gateway that throws (Stripe.js gone mid-payment) is a failed try, not a stuck form.
    void run(pay).catch(() => setProblem({ message: t('subscriptions.paymentErrors.generic') }));
  }

  async function pay() {
    setProblem(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (provider === 'unavailable' || !gateway.current) {
      setProblem({ message: t('subscriptions.paymentErrors.providerUnavailable') });
      return;
    }
    const current = gateway.current;
    const checked = await current.check();
    if (checked) {
      setProblem({ message: problemText(checked), field: 'field' in checked ? checked.field : undefined });
      return;
    }
    if (pending.current?.planId !== offer.name) {
      let clientSecret: string | null | undefined;
      try {
        const { data } = await createSubscription({
          variables: {
            input: {
              providerId: provider.id,
              planId: offer.name,
              meta: {
                firstName: billing.name.trim(),
                email: billing.email.trim(),
                address: billing.address.trim(),
                zipcode: billing.zipcode.trim(),
                city: billing.city.trim(),
                phone: billing.phone.trim(),
                country: 'Danmark',
                terms,
              },
            },
          },
        });
        clientSecret = data?.createSubscription.meta.paymentInfo;
      } catch (error) {
        const code = graphErrorCode(error);
        if (code === 'intro-used' || code === 'intro-card-used') onIntroRefused();
        setProblem({ message: t(code && CREATE_ERRORS[code] ? CREATE_ERRORS[code] : 'subscriptions.paymentErrors.generic') });
        return;
      }
      if (!clientSecret) {
        setProblem({ message: t('subscriptions.paymentErrors.providerUnavailable') });
        return;
      }
      pending.current = { planId: offer.name, clientSecret };
    }
    const failed = await current.confirm(pending.current.clientSecret, { name: billing.name.trim(), email: billing.email.trim() });
    if (failed) {
      if ('introUsed' in failed) {
        // That subscription is over (refunded); the next attempt buys the regular plan afresh.
        pending.current = null;
        onIntroRefused();
      }
      setProblem({ message: problemText(failed), field: 'field' in failed ? failed.field : undefined });
      return;
    }
    onPaid();
  }

  const field = (key: keyof Billing, label: string, props: Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'> = {}) => (
    <TextField {...props} label={label} name={key} value={billing[key]} onChange={set(key)} error={errors[key]} />
  );

  return (
    <form method="post" ref={formRef} className={`${styles.card} ${styles.form}`} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="payment-heading" data-testid="payment-form">
      <h2 id="payment-heading" className={styles.heading}>
        {t('subscriptions.form.heading')}
      </h2>
      <div className={styles.formColumns}>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('subscriptions.form.details')}</legend>
          {field('name', t('subscriptions.form.name'), { autoComplete: 'name' })}
          {field('email', t('subscriptions.form.email'), { type: 'email', autoComplete: 'email' })}
          {field('address', t('subscriptions.form.address'), { autoComplete: 'street-address' })}
          <div className={`${styles.row} ${styles.rowZip}`}>
            {field('zipcode', t('subscriptions.form.zipcode'), { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 4, autoComplete: 'postal-code' })}
            {field('city', t('subscriptions.form.city'), { autoComplete: 'address-level2' })}
          </div>
          {field('phone', t('subscriptions.form.phone'), { type: 'tel', autoComplete: 'tel' })}
          {/* Section 3: the country is not asked; it is always Danmark. */}
          <input type="hidden" name="country" value="Danmark" />
        </fieldset>

        <div className={styles.fieldset}>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('subscriptions.form.product')}</legend>
            <div className={styles.product} data-testid="product">
              <div className={styles.productLine}>
                <strong>{planLabel(language, offer.name, offer.label)}</strong>
                <strong>{kr(firstCharge)}</strong>
              </div>
              <span className={`${styles.muted} ${styles.small}`}>
                {offer.intro && offer.trialDays > 0
                  ? t('subscriptions.form.introLine', { days: offer.trialDays, price: kr(offer.price), interval: offer.intervalDays })
                  : t('subscriptions.form.recurringLine', { price: kr(offer.price), interval: offer.intervalDays })}
              </span>
              <span className={`${styles.muted} ${styles.small}`}>{t('subscriptions.form.vatIncluded')}</span>
            </div>
          </fieldset>

          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('subscriptions.form.payment')}</legend>
            {provider === 'unavailable' ? (
              <FormMessage kind="error">{t('subscriptions.paymentErrors.providerUnavailable')}</FormMessage>
            ) : testMode ? (
              <TestCardFields gatewayRef={gateway} fieldError={problem?.field} />
            ) : (
              <Suspense fallback={<p className={styles.muted}>{t('subscriptions.card.connecting')}</p>}>
                <StripePayment publicKey={provider.publicKey} amountOre={dkkToOre(firstCharge)} language={language} gatewayRef={gateway} />
              </Suspense>
            )}
          </fieldset>
        </div>
      </div>

      <TermsCheckbox checked={terms} onChange={setTerms} error={errors.terms} onShowTerms={() => setShowTerms(true)} />

      {problem && (
        <FormMessage kind="error" data-testid="payment-error">
          {problem.message}
        </FormMessage>
      )}

      <div className={styles.actions}>
        <SubmitButton busy={busy} busyText={t('subscriptions.form.paying')} className={styles.submit}>
          {t('subscriptions.form.pay', { price: kr(firstCharge) })}
        </SubmitButton>
      </div>
      {showTerms && <TermsModal onClose={() => setShowTerms(false)} />}
    </form>
  );
}
