import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import type { BoligagentPrefInputBody } from '@husly/contracts';
import { COOKIES, readCookie, validateBoligagentEmail, type BoligagentErrorCode } from '@husly/domain';
import { useApi } from '../../../lib/api-context';
import { busyButton, useBusyAction } from '../../../lib/use-busy-action';
import { boligagentApi, boligagentErrorCode } from '../boligagent-api';
import styles from '../boligagent.module.css';

export type SignupOutcome = 'sent' | 'created';

/** Whether a login token is stored; read after hydration, so the server and first render agree. */
export function useLoggedIn(): boolean {
  const [loggedIn, setLoggedIn] = useState(false);
  useEffect(() => setLoggedIn(Boolean(readCookie(document.cookie, COOKIES.token.name))), []);
  return loggedIn;
}

/**
 * The boligagent signup: a visitor gives an email (the modal's rule: an at sign and a dotted
 * domain) and gets a verification mail; a logged-in user creates the agent from the prefs at once.
 */
export function BoligagentSignupForm({
  prefs,
  variant,
  onSuccess,
}: {
  prefs: BoligagentPrefInputBody[];
  variant: 'block' | 'modal';
  onSuccess?(outcome: SignupOutcome): void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const location = useLocation();
  const loggedIn = useLoggedIn();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<BoligagentErrorCode | null>(null);
  const [failure, setFailure] = useState<BoligagentErrorCode | null>(null);
  const [outcome, setOutcome] = useState<SignupOutcome | 'email-in-use' | null>(null);
  // One agent per signup: a second press while it is sent sends nothing (the server holds too).
  const { busy, run } = useBusyAction();
  // /search shows two of these forms: ids of their own, not one per variant.
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(create);
  }

  async function create() {
    setFailure(null);
    if (!loggedIn) {
      const code = validateBoligagentEmail(email.trim());
      setFieldError(code);
      if (code) return;
    }
    try {
      const result = await boligagentApi(api).create(loggedIn ? { prefs } : { email: email.trim(), prefs });
      const done: SignupOutcome = result.verificationSent ? 'sent' : 'created';
      setOutcome(done);
      onSuccess?.(done);
    } catch (error) {
      const code = boligagentErrorCode(error);
      if (code === 'email-in-use') setOutcome('email-in-use');
      else if (code === 'no-email' || code === 'invalid-mail') setFieldError(code);
      else setFailure(code);
    }
  }

  if (outcome === 'sent' || outcome === 'created') {
    return (
      <p className={styles.success} role="status" data-testid="boligagent-success">
        {t(outcome === 'sent' ? 'boligagent.form.sent' : 'boligagent.form.created')}{' '}
        {outcome === 'created' && <Link to="/profile/boligagent">{t('boligagent.form.manage')}</Link>}
      </p>
    );
  }
  if (outcome === 'email-in-use') {
    const next = `${location.pathname}${location.search}`;
    return (
      <p className={styles.success} role="status">
        {t('boligagent.form.emailInUse')} <Link to={`/login?next=${encodeURIComponent(next)}`}>{t('boligagent.form.login')}</Link>
      </p>
    );
  }
  const inputId = `${id}-email`;
  const errorId = `${id}-email-error`;
  return (
    <form method="post" className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.row}>
        {!loggedIn && (
          <div className={styles.field}>
            <label className={styles.label} htmlFor={inputId}>
              {t('boligagent.form.email')}
            </label>
            <input
              id={inputId}
              name="email"
              className={`${styles.input} ${fieldError ? styles.invalid : ''}`}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder={t('boligagent.form.emailPlaceholder')}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId : undefined}
            />
          </div>
        )}
        <button type="submit" className={`button button-primary ${styles.submit}`} {...busyButton(busy)}>
          {busy ? t('boligagent.form.submitting') : t(loggedIn ? 'boligagent.form.submitUser' : 'boligagent.form.submit')}
        </button>
      </div>
      {fieldError && (
        <p id={errorId} className={styles.fieldError} role="alert">
          {t(`boligagent.errors.${fieldError}`)}
        </p>
      )}
      {failure && (
        <p className={styles.error} role="alert">
          {t(failure === 'error' && variant === 'modal' ? 'boligagent.errors.modal' : `boligagent.errors.${failure}`)}
        </p>
      )}
    </form>
  );
}
