import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { LandlordContactRequest } from '@husly/contracts';
import { isHttpError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { busyButton, useBusyAction } from '../../../lib/use-busy-action';
import { fieldErrorsFromApi, tenantAdApi } from '../tenant-ad-api';
import styles from '../tenant-ad.module.css';

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/**
 * "Contact the seeker": the landlord's message goes to the seeker by mail, with the landlord's address
 * as Reply-To. The seeker's address is never shown: the landlord gets it only if the seeker answers.
 */
export function ContactSeekerForm({ adId, firstName }: { adId: number; firstName: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const id = useId();
  const [form, setForm] = useState<Required<LandlordContactRequest>>({ name: '', email: '', phone: '', message: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<State>({ kind: 'idle' });
  // One mail to the seeker however often pressed (issue 29).
  const { run } = useBusyAction();

  if (state.kind === 'sent') {
    return (
      <p className={`${styles.message} ${styles.success}`} role="status">
        {t('tenantAd.landlord.sent', { name: firstName })}
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(send);
  };

  const send = async () => {
    setState({ kind: 'sending' });
    setErrors({});
    try {
      await tenantAdApi(api).contact(adId, form);
      setState({ kind: 'sent' });
    } catch (error) {
      if (isHttpError(error, 400)) {
        setErrors(fieldErrorsFromApi(error.body));
        setState({ kind: 'failed', message: t('tenantAd.landlord.fixFields') });
      } else if (isHttpError(error, 429)) {
        setState({ kind: 'failed', message: (error.body as { message?: string } | undefined)?.message ?? t('tenantAd.messages.failed') });
      } else if (isHttpError(error, 409)) {
        // The seeker's address waits for its verification link: nothing was sent (issue 29).
        setState({ kind: 'failed', message: t('tenantAd.landlord.unverified') });
      } else if (isHttpError(error, 404)) {
        setState({ kind: 'failed', message: t('tenantAd.landlord.gone') });
      } else {
        setState({ kind: 'failed', message: t('tenantAd.messages.failed') });
      }
    }
  };

  const field = (name: keyof LandlordContactRequest, label: string, input: { type?: string; autoComplete?: string; multiline?: boolean }) => {
    const error = errors[name];
    const common = {
      id: `${id}-${name}`,
      name,
      className: `${styles.input} ${error ? styles.invalid : ''}`,
      value: form[name],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-${name}-error` : undefined,
    };
    return (
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-${name}`}>
          {label}
        </label>
        {input.multiline ? (
          <textarea {...common} rows={5} maxLength={3000} onChange={(e) => setForm({ ...form, [name]: e.target.value })} />
        ) : (
          <input {...common} type={input.type ?? 'text'} autoComplete={input.autoComplete} onChange={(e) => setForm({ ...form, [name]: e.target.value })} />
        )}
        {error && (
          <p id={`${id}-${name}-error`} className={styles.fieldError}>
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form method="post" className={styles.contactForm} onSubmit={submit} noValidate aria-label={t('tenantAd.landlord.contactHeading', { name: firstName })}>
      <p className={styles.hint}>{t('tenantAd.landlord.contactIntro', { name: firstName })}</p>
      {field('name', t('tenantAd.landlord.name'), { autoComplete: 'name' })}
      {field('email', t('tenantAd.landlord.email'), { type: 'email', autoComplete: 'email' })}
      {field('phone', t('tenantAd.landlord.phone'), { type: 'tel', autoComplete: 'tel' })}
      {field('message', t('tenantAd.landlord.message'), { multiline: true })}
      {state.kind === 'failed' && (
        <p className={`${styles.message} ${styles.error}`} role="alert">
          {state.message}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" {...busyButton(state.kind === 'sending')}>
          {t('tenantAd.landlord.send')}
        </button>
      </div>
    </form>
  );
}
