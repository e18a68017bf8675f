import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { planLabel } from '../../../lib/plan-texts';
import { useTranslation } from '../../../lib/use-translation';
import { validateEmailChange, validateName } from '@husly/domain';
import { ACCOUNT_ERROR_CODES, isApiError } from '@husly/contracts/browser';
import { FormMessage, useAlerts } from '../../../components/ui/alerts';
import { CheckboxField, formStyles } from '../../../components/ui/form-field';
import { isHttpError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useSite } from '../../../lib/site-context';
import { busyButton, useBusyAction } from '../../../lib/use-busy-action';
import { failureText, fieldErrors } from '../account-errors';
import { changeEmail, changeName, deleteAccount, exportMyData, setConsent, setEmail } from '../accounts-api';
import { InlineEdit } from '../components/inline-edit';
import { endSession, updateUser } from '../session-store';
import { useSessionUser } from '../use-account';
import styles from '../components/accounts.module.css';

const formatDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'da-DK', { dateStyle: 'medium', timeZone: 'Europe/Copenhagen' }).format(new Date(iso));

/** /profile: the profile block (name, email, first subscription) and the user's consent and data. */
export function ProfileEditPage() {
  return (
    <div className={styles.stack}>
      <ProfileBlock />
      <AccountData />
    </div>
  );
}

function ProfileBlock() {
  const { t } = useTranslation();
  const { language } = useSite();
  const api = useApi();
  const user = useSessionUser();
  const subscription = user.subscriptions[0];

  /** A failed save's text: the server's field message, "already in use", the throttle, or generic. */
  const saveError = (error: unknown, field: string) => {
    if (isHttpError(error, 422) && isApiError(error.body) && error.body.code === ACCOUNT_ERROR_CODES.emailInUse) return new Error(t('accounts.profile.emailInUse'));
    return new Error(fieldErrors(error)[field] ?? failureText(error, t, t('accounts.profile.editFailed')));
  };

  return (
    <section className={styles.section} aria-labelledby="profile-block">
      <h2 id="profile-block">{t('accounts.profile.tabs.edit')}</h2>
      <InlineEdit
        label={t('accounts.fields.name')}
        value={user.name}
        autoComplete="name"
        validate={(name) => validateName(name, language)[0]?.message ?? null}
        save={async (name) => {
          try {
            updateUser((await changeName(api, name)).user);
          } catch (error) {
            throw saveError(error, 'name');
          }
        }}
      />
      <InlineEdit
        label={t('accounts.fields.email')}
        type="email"
        autoComplete="email"
        value={user.email ?? ''}
        emptyText={t('accounts.profile.noEmail')}
        badge={
          user.email ? (
            <span className={`${styles.pill} ${user.status ? '' : styles.pillWarn}`}>{user.status ? t('accounts.profile.verified') : t('accounts.profile.unverified')}</span>
          ) : null
        }
        validate={(email) => validateEmailChange(email, language)[0]?.message ?? null}
        save={async (email) => {
          try {
            updateUser((await (user.email ? changeEmail(api, email) : setEmail(api, email))).user);
          } catch (error) {
            throw saveError(error, 'email');
          }
        }}
      />
      <div className={styles.row}>
        <span className={styles.rowLabel}>{t('accounts.profile.subscriptionHeading')}</span>
        {subscription ? (
          <p className={styles.rowValue}>
            {planLabel(language, subscription.plan, subscription.label)}
            <span className={`${styles.pill} ${subscription.active ? '' : styles.pillWarn}`}>
              {subscription.active ? t('accounts.profile.subscriptionActive') : t('accounts.profile.subscriptionInactive')}
            </span>
            {subscription.endingAt && <span className={styles.muted}> {t('accounts.profile.until', { date: formatDate(subscription.endingAt, language) })}</span>}
          </p>
        ) : (
          <p className={styles.rowValue}>{t('accounts.profile.noSubscription')}</p>
        )}
        <Link to="/profile/subscription">{t('accounts.profile.seeSubscription')}</Link>
      </div>
    </section>
  );
}

/** Consent to communication (with its time), the data export and account deletion. */
function AccountData() {
  const { t } = useTranslation();
  const { language } = useSite();
  const api = useApi();
  const user = useSessionUser();
  const navigate = useNavigate();
  const { push } = useAlerts();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One of consent, export and delete at a time, each sent once however often pressed.
  const { busy, running, run: once } = useBusyAction<'consent' | 'export' | 'delete'>();

  const run = (name: 'consent' | 'export' | 'delete', action: () => Promise<void>) =>
    once(async () => {
      setError(null);
      try {
        await action();
      } catch (failure) {
        setError(failureText(failure, t, t('accounts.actionFailed')));
      }
    }, name);

  const toggleConsent = (consent: boolean) => run('consent', async () => updateUser((await setConsent(api, consent)).user));

  const download = () =>
    run('export', async () => {
      const data = await exportMyData(api);
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'husly-data.json';
      link.click();
      URL.revokeObjectURL(url);
    });

  const remove = () =>
    run('delete', async () => {
      await deleteAccount(api);
      // Leave /profile before the session ends, or the guard would send the page to /login.
      await navigate('/', { replace: true });
      endSession();
      push('success', t('accounts.data.deleted'));
    });

  return (
    <section className={styles.section} aria-labelledby="account-data">
      <h2 id="account-data">{t('accounts.data.heading')}</h2>
      <div className={formStyles.form}>
        {error && <FormMessage kind="error">{error}</FormMessage>}
        <CheckboxField
          checked={user.consentCommunication}
          onChange={(consent) => void toggleConsent(consent)}
          disabled={busy}
          label={
            <>
              {t('accounts.data.consent')}
              {user.consentCommunicationAt && <span className={styles.muted}> ({t('accounts.data.consentAt', { date: formatDate(user.consentCommunicationAt, language) })})</span>}
            </>
          }
        />
        <div className={styles.buttons}>
          <button type="button" className="button button-secondary" onClick={() => void download()} {...busyButton(busy, running === 'export')}>
            {t('accounts.data.export')}
          </button>
          {!confirming && (
            <button type="button" className={`button button-secondary ${styles.danger}`} onClick={() => setConfirming(true)} disabled={busy}>
              {t('accounts.data.delete')}
            </button>
          )}
        </div>
        {confirming && (
          <FormMessage kind="warning" as="div" role="alertdialog" aria-label={t('accounts.data.delete')}>
            <p>{t('accounts.data.deleteWarning')}</p>
            <div className={styles.buttons}>
              <button type="button" className={`button ${styles.dangerSolid}`} onClick={() => void remove()} {...busyButton(busy, running === 'delete')}>
                {running === 'delete' ? t('common.sending') : t('accounts.data.deleteConfirm')}
              </button>
              <button type="button" className="button button-secondary" onClick={() => setConfirming(false)} disabled={busy}>
                {t('accounts.profile.cancel')}
              </button>
            </div>
          </FormMessage>
        )}
      </div>
    </section>
  );
}
