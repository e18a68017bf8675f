import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import type { BoligagentMapAreaInputBody, BoligagentPrefInputBody } from '@husly/contracts';
import { BOLIGAGENT_MAX_MAP_AREAS, COOKIES, readCookie, validateBoligagentEmail, type BoligagentErrorCode } from '@husly/domain';
import { useApi } from '../../../lib/api-context';
import { useBusyAction } from '../../../lib/use-busy-action';
import { boligagentApi, boligagentErrorCode } from '../boligagent-api';
import { FormMessage } from '../../../components/ui/alerts';
import { FieldError, SubmitButton, formStyles, useField } from '../../../components/ui/form-field';
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
  mapAreas,
  variant,
  onSuccess,
}: {
  prefs: BoligagentPrefInputBody[];
  /** A drawn area to watch (the search URL's `area`, with the search's sliders). */
  mapAreas?: BoligagentMapAreaInputBody[];
  variant: 'block' | 'modal';
  onSuccess?(outcome: SignupOutcome): void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const location = useLocation();
  const loggedIn = useLoggedIn();
  const [emailValue, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<BoligagentErrorCode | null>(null);
  const [failure, setFailure] = useState<BoligagentErrorCode | null>(null);
  const [outcome, setOutcome] = useState<SignupOutcome | 'email-in-use' | null>(null);
  // One agent per signup: a second press while it is sent sends nothing (the server holds too).
  const { busy, run } = useBusyAction();
  // /search shows two of these forms: ids of their own (useId), not one per variant.
  const fieldErrorText = fieldError ? t(`boligagent.errors.${fieldError}`) : null;
  const email = useField({ error: fieldErrorText });

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(create);
  }

  async function create() {
    setFailure(null);
    if (!loggedIn) {
      const code = validateBoligagentEmail(emailValue.trim());
      setFieldError(code);
      if (code) return;
    }
    try {
      const areas = mapAreas?.length ? { mapAreas } : {};
      const result = await boligagentApi(api).create(loggedIn ? { prefs, ...areas } : { email: emailValue.trim(), prefs, ...areas });
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
      <FormMessage kind="success" data-testid="boligagent-success">
        {t(outcome === 'sent' ? 'boligagent.form.sent' : 'boligagent.form.created')}{' '}
        {outcome === 'created' && <Link to="/profile/boligagent">{t('boligagent.form.manage')}</Link>}
      </FormMessage>
    );
  }
  if (outcome === 'email-in-use') {
    const next = `${location.pathname}${location.search}`;
    return (
      <FormMessage kind="success">
        {t('boligagent.form.emailInUse')} <Link to={`/login?next=${encodeURIComponent(next)}`}>{t('boligagent.form.login')}</Link>
      </FormMessage>
    );
  }
  return (
    <form method="post" className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.row}>
        {!loggedIn && (
          <div className={formStyles.field}>
            <label className={formStyles.label} htmlFor={email.id}>
              {t('boligagent.form.email')}
            </label>
            <input
              {...email.control}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder={t('boligagent.form.emailPlaceholder')}
              value={emailValue}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
        )}
        <SubmitButton busy={busy} busyText={t('boligagent.form.submitting')} className={styles.submit}>
          {t(loggedIn ? 'boligagent.form.submitUser' : 'boligagent.form.submit')}
        </SubmitButton>
      </div>
      {/* Under the row, not between the input and the button it lines up with. */}
      {email.hasError && (
        <FieldError id={email.errorId} role="alert">
          {fieldErrorText}
        </FieldError>
      )}
      {failure && (
        <FormMessage kind="error">
          {t(failure === 'error' && variant === 'modal' ? 'boligagent.errors.modal' : `boligagent.errors.${failure}`, { max: BOLIGAGENT_MAX_MAP_AREAS })}
          {/* A user's agent at its cap of drawn areas: the way to the panel where one is deleted. */}
          {failure === 'too-many-areas' && loggedIn && (
            <>
              {' '}
              <Link to="/profile/boligagent">{t('boligagent.form.manage')}</Link>
            </>
          )}
        </FormMessage>
      )}
    </form>
  );
}
