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
import { FormMessage, TextField } from './text-field';
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
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
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
  }, []);

  const update = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const problems = validateLogin(values, language);
    setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
    if (problems.length > 0) return;
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

  return (
    <form ref={form} method="post" className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label={t('accounts.login.heading')}>
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <TextField
        label={t('accounts.fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        onChange={update('email')}
        error={errors.email?.trim() || null}
        className={errors.email ? styles.invalid : undefined}
      />
      <TextField
        label={t('accounts.fields.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={values.password}
        onChange={update('password')}
        error={errors.password?.trim() || null}
        className={errors.password ? styles.invalid : undefined}
      />
      <button type="submit" className={`button button-primary ${styles.submit}`} disabled={loading} aria-busy={loading}>
        {loading ? t('common.loading') : t('accounts.login.submit')}
      </button>
      {!compact && (
        <div className={styles.links}>
          <Link to="/reset-password">{t('accounts.login.forgotPassword')}</Link>
        </div>
      )}
    </form>
  );
}
