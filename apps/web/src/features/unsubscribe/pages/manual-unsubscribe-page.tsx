import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { formatDate } from '@husly/domain';
import type { ManualUnsubscribeRequest, UnsubscribeReasonBody, UnsubscriptionView } from '@husly/contracts';
import { MANUAL_UNSUBSCRIBE_LIMITS, checkManualUnsubscribeRequest } from '@husly/contracts/browser';
import { FormMessage } from '../../../components/ui/alerts';
import { SubmitButton, TextAreaField, TextField, formStyles } from '../../../components/ui/form-field';
import { useFormValues } from '../../../components/ui/use-form-values';
import { isHttpError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { usePageDescription, usePageTitle } from '../../../lib/document-head';
import { useBusyAction } from '../../../lib/use-busy-action';
import { useAccount } from '../../accounts/use-account';
import { UnsubscribeSurvey } from '../components/unsubscribe-survey';
import { unsubscribeApi } from '../unsubscribe-api';
import styles from '../unsubscribe.module.css';

type Field = 'email' | 'name' | 'phone' | 'orderno' | 'message';
const FIELDS: Field[] = ['email', 'name', 'phone', 'orderno', 'message'];
const EMPTY = { email: '', name: '', phone: '', orderno: '', message: '' };
const isField = (value: unknown): value is Field => typeof value === 'string' && (FIELDS as string[]).includes(value);

/**
 * /afmelding, section 4 "Manual unsubscription": a logged-in subscriber is sent to the subscription
 * page; anyone else fills in the form (email, name, phone; order number and message optional). Once
 * sent the fields are disabled, an optional survey follows, then the receipt. The receipt reads the
 * same whether or not the details matched a profile: only the profile's own inbox can confirm.
 */
export function ManualUnsubscribePage() {
  const { t } = useTranslation();
  const api = useApi();
  const id = useId();
  const session = useAccount();
  usePageTitle(t('unsubscribe.manual.title'));
  usePageDescription(t('unsubscribe.manual.description'));
  const { values, errors, setErrors, update } = useFormValues(EMPTY);
  const [record, setRecord] = useState<UnsubscriptionView | null>(null);
  const [step, setStep] = useState<'form' | 'survey' | 'receipt'>('form');
  // One request however often pressed; the button comes back after an error.
  const { busy, run } = useBusyAction();
  const [failure, setFailure] = useState<string | null>(null);

  if (session.status === 'user' && session.user.subscriptions.some((s) => s.renew && s.active)) {
    return (
      <div className={`page ${styles.publicPage}`}>
        <section className={styles.card}>
          <h1 className={styles.heading}>{t('unsubscribe.manual.heading')}</h1>
          <p>{t('unsubscribe.manual.subscriber')}</p>
          <p>
            <Link className="button button-primary" to="/profile/subscription">
              {t('unsubscribe.manual.toSubscription')}
            </Link>
          </p>
        </section>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!record) void run(send);
  };

  const send = async () => {
    setFailure(null);
    const body: ManualUnsubscribeRequest = {
      email: values.email,
      name: values.name,
      phone: values.phone,
      ...(values.orderno.trim() ? { orderno: values.orderno } : {}),
      ...(values.message.trim() ? { message: values.message } : {}),
    };
    const parsed = checkManualUnsubscribeRequest(body);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.issues) {
        const field = issue.path;
        if (isField(field) && !found[field]) found[field] = values[field].trim() === '' ? 'required' : field === 'email' ? 'email' : 'field';
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const answer = await unsubscribeApi(api).manual(parsed.data);
      setRecord(answer.unsubscription);
      setStep('survey');
    } catch (error) {
      const field = isHttpError(error, 400) ? (error.body as { field?: unknown } | undefined)?.field : undefined;
      if (isField(field)) setErrors({ [field]: 'field' });
      else setFailure(t(isHttpError(error, 429) ? 'unsubscribe.errors.throttled' : 'unsubscribe.errors.generic'));
    }
  };

  const answer = async (reason: UnsubscribeReasonBody) => {
    if (!record) return false;
    try {
      const result = await unsubscribeApi(api).answer(record.uuid, reason);
      setRecord(result.unsubscription);
    } catch {
      // The survey is optional: a lost answer does not stop the receipt.
    }
    setStep('receipt');
    return true;
  };

  const fieldProps = (field: Field, maxLength: number) => ({
    label: t(`unsubscribe.manual.fields.${field}`),
    name: field,
    value: values[field],
    disabled: record !== null,
    error: errors[field] ? t(`unsubscribe.manual.errors.${errors[field]}`) : null,
    maxLength,
    onChange: update(field),
  });
  const optional = t('unsubscribe.manual.optional');

  return (
    <div className={`page ${styles.publicPage}`}>
      <section className={styles.card}>
        <h1 className={styles.heading}>{t('unsubscribe.manual.heading')}</h1>
        <p>{t('unsubscribe.manual.intro')}</p>
        <p className={styles.muted}>
          {t('unsubscribe.manual.login')} <Link to="/login?next=/profile/subscription">{t('unsubscribe.manual.loginLink')}</Link>
        </p>
        {failure && <FormMessage kind="error">{failure}</FormMessage>}
        <form method="post" className={formStyles.form} onSubmit={submit} noValidate data-testid="manual-unsubscribe-form">
          <TextField type="email" autoComplete="email" {...fieldProps('email', MANUAL_UNSUBSCRIBE_LIMITS.email)} />
          <div className={styles.row}>
            <TextField autoComplete="name" {...fieldProps('name', MANUAL_UNSUBSCRIBE_LIMITS.name)} />
            <TextField type="tel" autoComplete="tel" {...fieldProps('phone', MANUAL_UNSUBSCRIBE_LIMITS.phone)} />
          </div>
          <TextField labelNote={optional} {...fieldProps('orderno', MANUAL_UNSUBSCRIBE_LIMITS.orderno)} />
          <TextAreaField labelNote={optional} rows={4} {...fieldProps('message', MANUAL_UNSUBSCRIBE_LIMITS.message)} />
          {!record && (
            <div className={styles.actions}>
              <SubmitButton busy={busy} busyText={t('common.sending')}>
                {t('unsubscribe.manual.submit')}
              </SubmitButton>
            </div>
          )}
        </form>
      </section>
      {record && step === 'survey' && <UnsubscribeSurvey onAnswer={answer} onSkip={() => setStep('receipt')} />}
      {record && step === 'receipt' && (
        <section className={styles.card} data-testid="manual-unsubscribe-receipt" aria-labelledby={`${id}-receipt`}>
          <h2 id={`${id}-receipt`} className={styles.subHeading}>
            {t('unsubscribe.receipt.heading')}
          </h2>
          <FormMessage kind="success">{t('unsubscribe.receipt.received')}</FormMessage>
          <p>{t('unsubscribe.receipt.confirmation')}</p>
          <p>{t('unsubscribe.receipt.otherwise')}</p>
          <dl className={styles.receipt}>
            <div>
              <dt>{t('unsubscribe.receipt.reference')}</dt>
              <dd>{record.uuid.slice(0, 8).toUpperCase()}</dd>
            </div>
            <div>
              <dt>{t('unsubscribe.receipt.time')}</dt>
              <dd>{formatDate(record.timestamp)}</dd>
            </div>
            <div>
              <dt>{t('unsubscribe.manual.fields.email')}</dt>
              <dd>{record.email}</dd>
            </div>
            <div>
              <dt>{t('unsubscribe.manual.fields.name')}</dt>
              <dd>{record.name}</dd>
            </div>
            <div>
              <dt>{t('unsubscribe.manual.fields.phone')}</dt>
              <dd>{record.phone}</dd>
            </div>
            {record.orderno && (
              <div>
                <dt>{t('unsubscribe.manual.fields.orderno')}</dt>
                <dd>{record.orderno}</dd>
              </div>
            )}
          </dl>
        </section>
      )}
    </div>
  );
}
