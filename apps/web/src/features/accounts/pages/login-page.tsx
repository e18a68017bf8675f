import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { safeNextPath } from '@husly/domain';
import { useNoIndex, usePageDescription, usePageTitle } from '../../../lib/document-head';
import { FacebookButton } from '../components/facebook-button';
import { LoginForm } from '../components/login-form';
import { FormMessage } from '../../../components/ui/alerts';
import { useRedirectWhenLoggedIn, withNext } from '../navigation';
import { useAccount } from '../use-account';
import styles from '../components/accounts.module.css';

/** /login (section 2). */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const session = useAccount();
  const next = safeNextPath(params.get('next'));
  usePageTitle(t('accounts.titles.login'));
  usePageDescription(t('accounts.descriptions.login'));
  // A form, nothing to find: kept out of search engines (issue 16).
  useNoIndex();
  useRedirectWhenLoggedIn(session, next);

  return (
    <section className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.heading}>{t('accounts.login.heading')}</h1>
        <p className={styles.intro}>{t('accounts.login.intro')}</p>
        {params.get('social') === 'failed' && <FormMessage kind="error">{t('accounts.login.socialFailed')}</FormMessage>}
        <FacebookButton next={next} />
        <LoginForm />
      </div>
      <aside className={styles.aside}>
        <h2>{t('accounts.login.newHere')}</h2>
        <Link to={withNext('/signup', next)} className="button button-secondary">
          {t('accounts.login.createProfile')}
        </Link>
      </aside>
    </section>
  );
}
