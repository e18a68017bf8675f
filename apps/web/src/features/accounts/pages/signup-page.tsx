import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { safeNextPath } from '@husly/domain';
import { useNoIndex, usePageTitle } from '../../../lib/document-head';
import { FacebookButton } from '../components/facebook-button';
import { SignupForm } from '../components/signup-form';
import { useRedirectWhenLoggedIn, withNext } from '../navigation';
import { useAccount } from '../use-account';
import styles from '../components/accounts.module.css';

/** /signup (section 2): same redirect rule as login. */
export function SignupPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const session = useAccount();
  const next = safeNextPath(params.get('next'));
  usePageTitle(t('accounts.titles.signup'));
  useNoIndex();
  useRedirectWhenLoggedIn(session, next);

  return (
    <section className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.heading}>{t('accounts.signup.heading')}</h1>
        <p className={styles.intro}>{t('accounts.signup.intro')}</p>
        <FacebookButton next={next} />
        <SignupForm />
      </div>
      <aside className={styles.aside}>
        <h2>{t('accounts.signup.haveProfile')}</h2>
        <Link to={withNext('/login', next)} className="button button-secondary">
          {t('accounts.signup.login')}
        </Link>
      </aside>
    </section>
  );
}
