import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_ERROR_CODES, isApiError } from '@husly/contracts/browser';
import { useTranslation } from '../../../lib/use-translation';
import { postVerifyPath } from '@husly/domain';
import { isHttpError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { usePageTitle } from '../../../lib/document-head';
import { verifyEmailLink } from '../accounts-api';
import { FormMessage } from '../../../components/ui/alerts';
import { once } from '../navigation';
import { startSession } from '../session-store';
import styles from '../components/accounts.module.css';

/**
 * /profile/verify (section 2): reads the link's token; on success the user is logged in and sent to
 * /profile/tenant when they have subscriptions, otherwise /profile/subscription. A link clicked
 * again (409 email-already-verified) says the address is verified, with no login: the API tells
 * nothing more to whoever holds the link. An unknown or expired link is an error.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<'verifying' | 'failed' | 'already-verified'>('verifying');
  usePageTitle(t('accounts.titles.verify'));

  useEffect(() => {
    if (!token) {
      setOutcome('failed');
      return;
    }
    let live = true;
    once(`verify:${token}`, () => verifyEmailLink(api, token)).then(
      (session) => {
        startSession(session);
        if (live) void navigate(postVerifyPath(session.user.subscriptions.length > 0), { replace: true });
      },
      (error: unknown) => {
        if (!live) return;
        const already = isHttpError(error, 409) && isApiError(error.body) && error.body.code === ACCOUNT_ERROR_CODES.emailAlreadyVerified;
        setOutcome(already ? 'already-verified' : 'failed');
      },
    );
    return () => {
      live = false;
    };
  }, [api, token, navigate]);

  return (
    <section className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.heading}>{t('accounts.verify.heading')}</h1>
        {outcome === 'already-verified' ? (
          <>
            <FormMessage kind="success">{t('accounts.verify.alreadyVerified')}</FormMessage>
            <div className={styles.links}>
              <Link to="/login">{t('accounts.verify.toLogin')}</Link>
            </div>
          </>
        ) : outcome === 'failed' ? (
          <>
            <FormMessage kind="error">{t('accounts.tokenNotRecognised')}</FormMessage>
            <div className={styles.links}>
              <Link to="/profile">{t('accounts.menu.editProfile')}</Link>
              <Link to="/login">{t('accounts.verify.toLogin')}</Link>
            </div>
          </>
        ) : (
          <p role="status">{t('accounts.verify.verifying')}</p>
        )}
      </div>
    </section>
  );
}
