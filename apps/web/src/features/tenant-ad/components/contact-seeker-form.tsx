import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { LandlordContactRequest } from '@husly/contracts';
import { FormMessage } from '../../../components/ui/alerts';
import { SubmitButton, TextAreaField, TextField, formStyles } from '../../../components/ui/form-field';
import { isHttpError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useBusyAction } from '../../../lib/use-busy-action';
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
  const [form, setForm] = useState<Required<LandlordContactRequest>>({ name: '', email: '', phone: '', message: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<State>({ kind: 'idle' });
  // One mail to the seeker however often pressed (issue 29).
  const { run } = useBusyAction();

  if (state.kind === 'sent') {
    return (
      <FormMessage kind="success">{t('tenantAd.landlord.sent', { name: firstName })}</FormMessage>
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

  const fieldProps = (name: keyof LandlordContactRequest) => ({
    name,
    value: form[name],
    error: errors[name],
    onChange: (value: string) => setForm({ ...form, [name]: value }),
  });

  return (
    <form method="post" className={styles.contactForm} onSubmit={submit} noValidate aria-label={t('tenantAd.landlord.contactHeading', { name: firstName })}>
      <p className={styles.hint}>{t('tenantAd.landlord.contactIntro', { name: firstName })}</p>
      <TextField label={t('tenantAd.landlord.name')} autoComplete="name" {...fieldProps('name')} />
      <TextField label={t('tenantAd.landlord.email')} type="email" autoComplete="email" {...fieldProps('email')} />
      <TextField label={t('tenantAd.landlord.phone')} type="tel" autoComplete="tel" {...fieldProps('phone')} />
      <TextAreaField label={t('tenantAd.landlord.message')} rows={5} maxLength={3000} {...fieldProps('message')} />
      {state.kind === 'failed' && <FormMessage kind="error">{state.message}</FormMessage>}
      <div className={formStyles.actions}>
        <SubmitButton busy={state.kind === 'sending'}>
          {t('tenantAd.landlord.send')}
        </SubmitButton>
      </div>
    </form>
  );
}
