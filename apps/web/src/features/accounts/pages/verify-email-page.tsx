import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { postVerifyPath } from '@husly/domain';
import { useApi } from '../../../lib/api-context';
import { usePageTitle } from '../../../lib/document-head';
import { verifyEmailLink } from '../accounts-api';
import { FormMessage } from '../components/text-field';
import { once } from '../navigation';
import { startSession } from '../session-store';
import styles from '../components/accounts.module.css';

/**
 * /profile/verify (section 2): reads the link's token; on success the user is logged in and sent to
 * /profile/tenant when they have subscriptions, otherwise /profile/subscription.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [failed, setFailed] = useState(false);
  usePageTitle(t('accounts.titles.verify'));

  useEffect(() => {
    if (!token) {
      setFailed(true);
      return;
    }
    let live = true;
    once(`verify:${token}`, () => verifyEmailLink(api, token)).then(
      (session) => {
        startSession(session);
        if (live) void navigate(postVerifyPath(session.user.subscriptions.length > 0), { replace: true });
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api, token, navigate]);

  return (
    <section className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.heading}>{t('accounts.verify.heading')}</h1>
        {failed ? (
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
