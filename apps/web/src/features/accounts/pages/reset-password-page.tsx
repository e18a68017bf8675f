import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { validateEmailChange } from '@husly/domain';
import { FormMessage } from '../../../components/ui/alerts';
import { SubmitButton, TextField, formStyles } from '../../../components/ui/form-field';
import { PageLoading } from '../../../components/ui/page-loading';
import { isHttpError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useNoIndex, usePageTitle } from '../../../lib/document-head';
import { useSite } from '../../../lib/site-context';
import { useBusyAction } from '../../../lib/use-busy-action';
import { failureText } from '../account-errors';
import { requestPasswordReset, verifyPasswordLink } from '../accounts-api';
import { ChangePasswordForm, SetPasswordForm } from '../components/password-forms';
import { once } from '../navigation';
import { startSession } from '../session-store';
import { useAccount } from '../use-account';
import styles from '../components/accounts.module.css';

/**
 * /reset-password (section 2, "Password screen"). With the mailed link's query: verified on load,
 * then a new password is set. Without a user: the reset request. With a user: Change Password.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const session = useAccount();
  usePageTitle(t('accounts.titles.resetPassword'));
  // Its links carry reset tokens in the query: never in an index.
  useNoIndex();
  const linkData = Object.fromEntries(params.entries());

  let content;
  if (linkData.token) content = <ResetLink search={params.toString()} token={linkData.token} />;
  else if (session.status === 'unknown') content = <PageLoading />;
  else if (session.status === 'user') {
    content = (
      <>
        <h1 className={styles.heading}>{t('accounts.password.heading')}</h1>
        <ChangePasswordForm user={session.user} />
      </>
    );
  } else content = <ResetRequest />;

  return (
    <section className={styles.page}>
      <div className={styles.card}>{content}</div>
      {session.status === 'guest' && !linkData.token && (
        <aside className={styles.aside}>
          <h2>{t('accounts.reset.noUserHeading')}</h2>
          <p>{t('accounts.reset.noUserText')}</p>
          <Link to="/signup" className="button button-secondary">
            {t('accounts.reset.signup')}
          </Link>
        </aside>
      )}
    </section>
  );
}

function ResetRequest() {
  const { t } = useTranslation();
  const { language } = useSite();
  const api = useApi();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<{ kind: 'idle' | 'loading' } | { kind: 'sent'; email: string } | { kind: 'error'; message: string }>({ kind: 'idle' });
  // Sent once however often pressed; the button comes back after success or error.
  const { run } = useBusyAction();

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(send);
  }

  async function send() {
    const problems = validateEmailChange(email, language);
    setError(problems[0]?.message ?? null);
    if (problems.length > 0) return;
    setStatus({ kind: 'loading' });
    try {
      await requestPasswordReset(api, email);
      setStatus({ kind: 'sent', email: email.trim() });
    } catch (failure) {
      setStatus({ kind: 'error', message: failureText(failure, t, t('accounts.actionFailed')) });
    }
  }

  return (
    <>
      <h1 className={styles.heading}>{t('accounts.reset.heading')}</h1>
      <p className={styles.intro}>{t('accounts.reset.intro')}</p>
      <form method="post" className={formStyles.form} onSubmit={submit} noValidate aria-label={t('accounts.reset.heading')}>
        {status.kind === 'sent' && <FormMessage kind="success">{t('accounts.reset.sent', { email: status.email })}</FormMessage>}
        {status.kind === 'error' && <FormMessage kind="error">{status.message}</FormMessage>}
        <TextField label={t('accounts.fields.email')} type="email" name="email" autoComplete="email" inputMode="email" value={email} onChange={(v) => { setEmail(v); setError(null); }} error={error} />
        <SubmitButton busy={status.kind === 'loading'} busyText={t('common.loading')} className={styles.submit}>
          {t('accounts.reset.submit')}
        </SubmitButton>
        <div className={styles.links}>
          <Link to="/login">{t('accounts.reset.backToLogin')}</Link>
        </div>
      </form>
    </>
  );
}

type LinkState = { kind: 'verifying' } | { kind: 'failed'; message: string } | { kind: 'form' } | { kind: 'done' };

/** The mailed link: loading, then verify-failed or the form, then the success message (section 4). */
function ResetLink({ search, token }: { search: string; token: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const [state, setState] = useState<LinkState>({ kind: 'verifying' });

  useEffect(() => {
    let live = true;
    // The spec's {data}: every query parameter of the link.
    const data = Object.fromEntries(new URLSearchParams(search));
    once(`reset:${token}`, () => verifyPasswordLink(api, data)).then(
      (session) => {
        startSession(session);
        if (live) setState({ kind: 'form' });
      },
      (error: unknown) => {
        const message = isHttpError(error, 404) ? t('accounts.userNotFound') : isHttpError(error, 400) ? t('accounts.tokenNotRecognised') : t('accounts.actionFailed');
        if (live) setState({ kind: 'failed', message });
      },
    );
    return () => {
      live = false;
    };
  }, [api, search, token, t]);

  return (
    <>
      <h1 className={styles.heading}>{t('accounts.reset.setHeading')}</h1>
      {state.kind === 'verifying' && <p role="status">{t('accounts.reset.verifying')}</p>}
      {state.kind === 'failed' && (
        <>
          <FormMessage kind="error">{state.message}</FormMessage>
          <div className={styles.links}>
            <Link to="/reset-password">{t('accounts.reset.heading')}</Link>
            <Link to="/login">{t('accounts.reset.backToLogin')}</Link>
          </div>
        </>
      )}
      {state.kind === 'form' && <SetPasswordForm onDone={() => setState({ kind: 'done' })} />}
      {state.kind === 'done' && (
        <>
          <FormMessage kind="success">{t('accounts.reset.setDone')}</FormMessage>
          <p className={styles.links}>
            <Link to="/profile" className="button button-primary">
              {t('accounts.reset.toProfile')}
            </Link>
          </p>
        </>
      )}
    </>
  );
}
