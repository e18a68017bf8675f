import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { loginErrorField, validateLogin } from '@husly/domain';
import type { SessionResponse } from '@husly/contracts';
import { isHttpError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useSite } from '../../../lib/site-context';
import { failureText, serverMessage } from '../account-errors';
import { login } from '../accounts-api';
import { startSession } from '../session-store';
import { FormMessage } from '../../../components/ui/alerts';
import { SubmitButton, TextField, formStyles } from '../../../components/ui/form-field';
import { useFormValues } from '../../../components/ui/use-form-values';
import styles from './accounts.module.css';

type Field = 'email' | 'password';

/**
 * Login (section 5): both fields required and highlighted when missing; a 401 marks the field the
 * server names and shows "Adgangskode eller email-adresse er ikke korrekt...". Used on /login and
 * in the header's guest menu.
 */
export function LoginForm({ onLoggedIn, compact = false }: { onLoggedIn?(session: SessionResponse): void; compact?: boolean }) {
  const { t } = useTranslation();
  const { language } = useSite();
  const api = useApi();
  const { values, setValues, errors, setErrors, update, showProblems } = useFormValues({ email: '', password: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  // What was typed or autofilled before the form hydrated (the header's form hydrates when its menu
  // is first used): React keeps it in the fields but not in state, so it is taken over here.
  useEffect(() => {
    const field = (name: Field) => {
      const element = form.current?.elements.namedItem(name);
      return element instanceof HTMLInputElement ? element.value : '';
    };
    const typed = { email: field('email'), password: field('password') };
    if (typed.email || typed.password) setValues((v) => ({ email: typed.email || v.email, password: typed.password || v.password }));
    // setValues is useState's setter (useFormValues): the same function every render, so this runs once.
  }, [setValues]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!showProblems(validateLogin(values, language))) return;
    setLoading(true);
    try {
      const session = await login(api, values);
      startSession(session);
      onLoggedIn?.(session);
    } catch (error) {
      const field = isHttpError(error) ? loginErrorField(error.statusCode, serverMessage(error)) : null;
      if (field) setErrors({ [field]: ' ' });
      setFailure(field ? t('accounts.login.failed') : failureText(error, t, t('accounts.signup.failed')));
    } finally {
      setLoading(false);
    }
  }

  const fieldProps = (name: Field) => ({
    name,
    value: values[name],
    onChange: update(name),
    // ' ': the field the server's 401 names, marked without a text of its own (the form's message says it).
    error: errors[name]?.trim() || null,
    invalid: Boolean(errors[name]),
  });

  return (
    <form ref={form} method="post" className={formStyles.form} onSubmit={(e) => void submit(e)} noValidate aria-label={t('accounts.login.heading')}>
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <TextField label={t('accounts.fields.email')} type="email" autoComplete="email" inputMode="email" {...fieldProps('email')} />
      <TextField label={t('accounts.fields.password')} type="password" autoComplete="current-password" {...fieldProps('password')} />
      <SubmitButton busy={loading} busyText={t('common.loading')} className={styles.submit}>
        {t('accounts.login.submit')}
      </SubmitButton>
      {!compact && (
        <div className={styles.links}>
          <Link to="/reset-password">{t('accounts.login.forgotPassword')}</Link>
        </div>
      )}
    </form>
  );
}
