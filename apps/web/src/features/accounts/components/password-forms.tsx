import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { PASSWORD_RULE, validatePasswordChange, validatePasswordSet } from '@husly/domain';
import type { SessionUser } from '@husly/contracts';
import { useApi } from '../../../lib/api-context';
import { useSite } from '../../../lib/site-context';
import { useBusyAction } from '../../../lib/use-busy-action';
import { failureText, fieldErrors } from '../account-errors';
import { changePassword, setPassword } from '../accounts-api';
import { startSession } from '../session-store';
import { FormMessage } from '../../../components/ui/alerts';
import { SubmitButton, TextField, formStyles, type TextFieldProps } from '../../../components/ui/form-field';
import { useFormValues } from '../../../components/ui/use-form-values';
import styles from './accounts.module.css';

type Status = { kind: 'idle' | 'loading' } | { kind: 'success' } | { kind: 'error'; message: string };

/** A new password: the rule said under it beforehand, and no longer than the rule allows. */
export function NewPasswordField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'hint' | 'maxLength'>) {
  const { t } = useTranslation();
  return <TextField {...props} type="password" autoComplete="new-password" hint={t('accounts.passwordHint', { min: PASSWORD_RULE.minLength })} maxLength={PASSWORD_RULE.maxLength} />;
}

/** Whether the user has no password of their own (meta missingPw): then none is asked for. */
export const hasMissingPassword = (user: SessionUser) => user.meta.some((m) => m.identifier === 'missingPw' && m.value !== 'false');

/**
 * Change Password (section 5): new and repeat required ("Password is missing") and equal; the
 * current one unless missingPw. Success: "Sådan! Din adgangskode er nu ændret."
 */
export function ChangePasswordForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const { language } = useSite();
  const api = useApi();
  const missingPw = hasMissingPassword(user);
  const { values, setValues, errors, setErrors, update, showProblems } = useFormValues({ oldPassword: '', newPassword: '', repeat: '' });
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // Sent once however often pressed; the button comes back after success or error.
  const { run } = useBusyAction();

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(send);
  }

  async function send() {
    if (!showProblems(validatePasswordChange({ ...values, missingPw }, language))) return;
    setStatus({ kind: 'loading' });
    try {
      const session = missingPw
        ? await setPassword(api, { password: values.newPassword, repeat: values.repeat })
        : await changePassword(api, { oldPassword: values.oldPassword, newPassword: values.newPassword, repeat: values.repeat });
      // The old token stopped working with the old password: keep the fresh one.
      startSession(session);
      setValues({ oldPassword: '', newPassword: '', repeat: '' });
      setStatus({ kind: 'success' });
    } catch (error) {
      const server = fieldErrors(error);
      if (server.oldPassword) server.oldPassword = t('accounts.password.wrongOld');
      setErrors(server);
      // A field the server marked says it beside the field; the same text again above the form was noise.
      if (Object.values(server).some(Boolean)) setStatus({ kind: 'idle' });
      else setStatus({ kind: 'error', message: failureText(error, t, t('accounts.actionFailed')) });
    }
  }

  return (
    <form method="post" className={formStyles.form} onSubmit={submit} noValidate aria-label={t('accounts.password.heading')}>
      {status.kind === 'success' && <FormMessage kind="success">{t('accounts.password.success')}</FormMessage>}
      {status.kind === 'error' && <FormMessage kind="error">{status.message}</FormMessage>}
      {!missingPw && (
        <TextField label={t('accounts.fields.oldPassword')} type="password" name="oldPassword" autoComplete="current-password" value={values.oldPassword} onChange={update('oldPassword')} error={errors.oldPassword} />
      )}
      <NewPasswordField label={t('accounts.fields.newPassword')} name="newPassword" value={values.newPassword} onChange={update('newPassword')} error={errors.newPassword} />
      <TextField label={t('accounts.fields.repeatPassword')} type="password" name="repeat" autoComplete="new-password" value={values.repeat} onChange={update('repeat')} error={errors.repeat} />
      <SubmitButton busy={status.kind === 'loading'} busyText={t('common.loading')} className={styles.submit}>
        {t('accounts.password.submit')}
      </SubmitButton>
    </form>
  );
}

/** Set or reset screen: the one password rule, both equal ("Øv! Adgangskoderne matcher ikke..."). */
export function SetPasswordForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const { language } = useSite();
  const api = useApi();
  const { values, errors, setErrors, update, showProblems } = useFormValues({ password: '', repeat: '' });
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // Sent once however often pressed; the button comes back after success or error.
  const { run } = useBusyAction();

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(send);
  }

  async function send() {
    if (!showProblems(validatePasswordSet(values, language))) return;
    setStatus({ kind: 'loading' });
    try {
      startSession(await setPassword(api, values));
      onDone();
    } catch (error) {
      setErrors(fieldErrors(error));
      setStatus({ kind: 'error', message: failureText(error, t, t('accounts.actionFailed')) });
    }
  }

  return (
    <form method="post" className={formStyles.form} onSubmit={submit} noValidate aria-label={t('accounts.reset.setHeading')}>
      {status.kind === 'error' && <FormMessage kind="error">{status.message}</FormMessage>}
      <NewPasswordField label={t('accounts.fields.newPassword')} name="password" value={values.password} onChange={update('password')} error={errors.password} />
      <TextField label={t('accounts.fields.repeatPassword')} type="password" name="repeat" autoComplete="new-password" value={values.repeat} onChange={update('repeat')} error={errors.repeat} />
      <SubmitButton busy={status.kind === 'loading'} busyText={t('common.loading')} className={styles.submit}>
        {t('accounts.reset.setSubmit')}
      </SubmitButton>
    </form>
  );
}
