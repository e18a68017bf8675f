import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { COOKIES, EXAMPLE_EMAIL, readCookie, SIGNUP_MESSAGES, signupFailure, validateSignup, type SignupField } from '@husly/domain';
import type { SessionResponse, Utm } from '@husly/contracts';
import { checkUtm, isApiError, parseSessionPrefsCookie } from '@husly/contracts/browser';
import { isHttpError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useBusyAction } from '../../../lib/use-busy-action';
import { useSite } from '../../../lib/site-context';
import { failureText } from '../account-errors';
import { signup } from '../accounts-api';
import { NewPasswordField } from './password-forms';
import { startSession } from '../session-store';
import { FormMessage } from '../../../components/ui/alerts';
import { CheckboxField, SubmitButton, TextField, formStyles } from '../../../components/ui/form-field';
import { useFormValues } from '../../../components/ui/use-form-values';
import styles from './accounts.module.css';

type SignupValues = { email: string; name: string; password: string; repeatPassword: string; terms: boolean; consent: boolean };

/** UTM values stored from the landing URL (cookie bn.utm, JSON), sent with the signup. */
function storedUtm(): Utm | undefined {
  const raw = typeof document === 'undefined' ? undefined : readCookie(document.cookie, COOKIES.utm.name);
  if (!raw) return undefined;
  try {
    const parsed = checkUtm(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Whether bn.prf holds a search of a city, which the server would turn into a boligagent at signup. */
function hasRememberedSearches(): boolean {
  const prefs = parseSessionPrefsCookie(readCookie(document.cookie, COOKIES.sessionPrefs.name));
  return prefs.some((p) => typeof p.area === 'string' && p.area !== '');
}

/** Forgets the remembered searches, so neither this signup nor a later login makes an agent of them. */
function forgetRememberedSearches(): void {
  document.cookie = `${COOKIES.sessionPrefs.name}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/**
 * Create profile (section 5): email, name, password, repeat and terms, checked here with the same
 * rules the server applies; a 422 on the email path reads "cannot be blank" or "already in use".
 * Session prefs travel in the bn.prf cookie, which the server reads and makes a boligagent of: when
 * there are any, the form says so and offers to leave them out (issue 36), which forgets the cookie
 * before the signup is sent. Read after mount, as the server render has no cookie to show.
 */
export function SignupForm({ onSignedUp }: { onSignedUp?(session: SessionResponse): void }) {
  const { t } = useTranslation();
  const { language } = useSite();
  const api = useApi();
  const { values, errors, setErrors, update, showProblems } = useFormValues<SignupValues, SignupField>({ email: '', name: '', password: '', repeatPassword: '', terms: false, consent: false });
  const [failure, setFailure] = useState<string | null>(null);
  const [remembered, setRemembered] = useState(false);
  const [agentFromSearches, setAgentFromSearches] = useState(true);
  useEffect(() => setRemembered(hasRememberedSearches()), []);
  // One profile however often pressed; the button comes back after an error.
  const { busy: loading, run } = useBusyAction();

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(send);
  }

  async function send() {
    setFailure(null);
    if (!showProblems(validateSignup(values, language))) return;
    if (remembered && !agentFromSearches) forgetRememberedSearches();
    try {
      const session = await signup(api, {
        email: values.email,
        name: values.name,
        password: values.password,
        repeatPassword: values.repeatPassword,
        terms: values.terms,
        consent_communication: values.consent,
        utm: storedUtm(),
      });
      startSession(session);
      onSignedUp?.(session);
    } catch (error) {
      if (isHttpError(error, 422) && isApiError(error.body)) {
        const outcome = signupFailure({ statusCode: 422, errors: error.body.errors });
        if (outcome.field === 'email') {
          const text = outcome.message === SIGNUP_MESSAGES.emailInUse ? t('accounts.signup.emailInUse') : t('accounts.signup.emailBlank', { email: EXAMPLE_EMAIL });
          setErrors({ email: text });
          return;
        }
        // Other fields: the server's message, already in this language.
        const byField = Object.fromEntries((error.body.errors ?? []).map((e) => [e.path, e.message]));
        if (Object.keys(byField).length > 0) {
          setErrors(byField);
          return;
        }
      }
      setFailure(failureText(error, t, t('accounts.signup.failed')));
    }
  }

  return (
    <form method="post" className={formStyles.form} onSubmit={submit} noValidate aria-label={t('accounts.signup.heading')}>
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <TextField label={t('accounts.fields.name')} name="name" autoComplete="name" value={values.name} onChange={update('name')} error={errors.name} maxLength={80} />
      <TextField label={t('accounts.fields.email')} type="email" name="email" autoComplete="email" inputMode="email" value={values.email} onChange={update('email')} error={errors.email} />
      <NewPasswordField label={t('accounts.fields.password')} name="password" value={values.password} onChange={update('password')} error={errors.password} />
      <TextField
        label={t('accounts.fields.repeatPassword')}
        type="password"
        name="repeatPassword"
        autoComplete="new-password"
        value={values.repeatPassword}
        onChange={update('repeatPassword')}
        error={errors.repeatPassword}
      />
      <CheckboxField
        name="terms"
        checked={values.terms}
        onChange={update('terms')}
        error={errors.terms}
        label={
          <>
            {t('accounts.signup.termsBefore')}{' '}
            <Link to="/info/terms" target="_blank" rel="noopener">
              {t('accounts.signup.termsLink')}
            </Link>
          </>
        }
      />
      <CheckboxField name="consent" checked={values.consent} onChange={update('consent')} label={t('accounts.signup.consent')} />
      {remembered && (
        <div className={formStyles.field}>
          <p id="signup-agent-note">{t('accounts.signup.agentNote')}</p>
          <CheckboxField name="agentFromSearches" checked={agentFromSearches} onChange={setAgentFromSearches} describedBy="signup-agent-note" label={t('accounts.signup.agentFromSearches')} />
        </div>
      )}
      <SubmitButton busy={loading} busyText={t('common.loading')} className={styles.submit}>
        {t('accounts.signup.submit')}
      </SubmitButton>
    </form>
  );
}
