import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import type { SessionUser } from '@husly/contracts';
import { useApi } from '../../../lib/api-context';
import { formStyles } from '../../../components/ui/form-field';
import { useBusyAction } from '../../../lib/use-busy-action';
import { failureText } from '../account-errors';
import { resendVerification } from '../accounts-api';
import styles from './accounts.module.css';

/**
 * "We need your email" (no address; links to /profile) and "Your email has not been verified" (an
 * address without status, with resend), per sections 2 and 4.
 */
export function EmailWarnings({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const api = useApi();
  const { pathname } = useLocation();
  const [resend, setResend] = useState<{ kind: 'idle' | 'sending' | 'sent' } | { kind: 'error'; message: string }>({ kind: 'idle' });
  // One mail however often pressed; the button comes back after an error.
  const { run } = useBusyAction();

  if (!user.email) {
    return (
      <div className={styles.banner} role="status">
        <strong>{t('accounts.warnings.needEmail')}</strong>
        <p>{t('accounts.warnings.needEmailText')}</p>
        {pathname !== '/profile' && (
          <Link to="/profile" className={`button button-secondary ${styles.bannerAction}`}>
            {t('accounts.warnings.needEmailLink')}
          </Link>
        )}
      </div>
    );
  }
  if (user.status) return null;

  const email = user.email;
  async function send() {
    setResend({ kind: 'sending' });
    try {
      await resendVerification(api, email);
      setResend({ kind: 'sent' });
    } catch (error) {
      setResend({ kind: 'error', message: failureText(error, t, t('accounts.actionFailed')) });
    }
  }

  return (
    <div className={styles.banner} role="status" data-testid="unverified-banner">
      <strong>{t('accounts.warnings.notVerified')}</strong>
      <p>{resend.kind === 'sent' ? t('accounts.warnings.resent', { email }) : t('accounts.warnings.notVerifiedText', { email })}</p>
      {resend.kind === 'error' && <p className={formStyles.error}>{resend.message}</p>}
      {resend.kind !== 'sent' && (
        <button type="button" className={`button button-secondary ${styles.bannerAction}`} onClick={() => void run(send)} disabled={resend.kind === 'sending'}>
          {resend.kind === 'sending' ? t('common.loading') : t('accounts.warnings.resend')}
        </button>
      )}
    </div>
  );
}
