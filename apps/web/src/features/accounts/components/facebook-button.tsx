import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useApi } from '../../../lib/api-context';
import { fetchAuthProviders } from '../accounts-api';
import styles from './accounts.module.css';

/** "Continue with Facebook", shown only when the server has Facebook login configured. */
export function FacebookButton({ next }: { next: string | null }) {
  const { t } = useTranslation();
  const api = useApi();
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    let live = true;
    fetchAuthProviders(api).then(
      (providers) => live && setEnabled(providers.facebook),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  if (!enabled) return null;
  const href = `/api/auth/facebook${next ? `?next=${encodeURIComponent(next)}` : ''}`;
  return (
    <>
      {/* A full page load: the login continues on Facebook's domain. */}
      <a className={`button ${styles.facebook}`} href={href}>
        {t('accounts.login.facebook')}
      </a>
      <div className={styles.divider}>{t('accounts.login.or')}</div>
    </>
  );
}
