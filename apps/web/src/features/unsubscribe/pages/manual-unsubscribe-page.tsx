import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { formatDate } from '@husly/domain';
import type { ManualUnsubscribeRequest, UnsubscribeReasonBody, UnsubscriptionView } from '@husly/contracts';
import { MANUAL_UNSUBSCRIBE_LIMITS, checkManualUnsubscribeRequest } from '@husly/contracts/browser';
import { isHttpError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { usePageDescription, usePageTitle } from '../../../lib/document-head';
import { busyButton, useBusyAction } from '../../../lib/use-busy-action';
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
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
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

  const input = (field: Field, props: { type?: string; autoComplete?: string; maxLength: number; optional?: boolean }) => {
    const inputId = `${id}-${field}`;
    const error = errors[field] ? t(`unsubscribe.manual.errors.${errors[field]}`) : null;
    const common = {
      id: inputId,
      name: field,
      value: values[field],
      disabled: record !== null,
      className: `${styles.input} ${error ? styles.invalid : ''}`,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${inputId}-error` : undefined,
      maxLength: props.maxLength,
      onChange: (event: { target: { value: string } }) => {
        setValues((v) => ({ ...v, [field]: event.target.value }));
        // A corrected field is no longer marked; the next submit checks it again.
        if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
      },
    };
    return (
      <div className={styles.field}>
        <label className={styles.label} htmlFor={inputId}>
          {t(`unsubscribe.manual.fields.${field}`)}
          {props.optional && <span className={styles.muted}> {t('unsubscribe.manual.optional')}</span>}
        </label>
        {field === 'message' ? <textarea {...common} rows={4} /> : <input {...common} type={props.type ?? 'text'} autoComplete={props.autoComplete} />}
        {error && (
          <p id={`${inputId}-error`} className={styles.fieldError}>
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <div className={`page ${styles.publicPage}`}>
      <section className={styles.card}>
        <h1 className={styles.heading}>{t('unsubscribe.manual.heading')}</h1>
        <p>{t('unsubscribe.manual.intro')}</p>
        <p className={styles.muted}>
          {t('unsubscribe.manual.login')} <Link to="/login?next=/profile/subscription">{t('unsubscribe.manual.loginLink')}</Link>
        </p>
        {failure && (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        )}
        <form method="post" className={styles.form} onSubmit={submit} noValidate data-testid="manual-unsubscribe-form">
          {input('email', { type: 'email', autoComplete: 'email', maxLength: MANUAL_UNSUBSCRIBE_LIMITS.email })}
          <div className={styles.row}>
            {input('name', { autoComplete: 'name', maxLength: MANUAL_UNSUBSCRIBE_LIMITS.name })}
            {input('phone', { type: 'tel', autoComplete: 'tel', maxLength: MANUAL_UNSUBSCRIBE_LIMITS.phone })}
          </div>
          {input('orderno', { maxLength: MANUAL_UNSUBSCRIBE_LIMITS.orderno, optional: true })}
          {input('message', { maxLength: MANUAL_UNSUBSCRIBE_LIMITS.message, optional: true })}
          {!record && (
            <div className={styles.actions}>
              <button type="submit" className="button button-primary" {...busyButton(busy)}>
                {busy ? t('common.sending') : t('unsubscribe.manual.submit')}
              </button>
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
          <p className={styles.success} role="status">
            {t('unsubscribe.receipt.received')}
          </p>
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
