import { useCallback, useEffect, useReducer } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import type { LandlordContact } from '@husly/contracts';
import { formatDate } from '@husly/domain';
import { useApi } from '../../../lib/api-context';
import { useBusyAction } from '../../../lib/use-busy-action';
import { breakable } from '../breakable-address';
import { fetchLandlordContact } from '../dwellings-api';
import { contactReducer, initialContactState, type ContactState, type LimitReached } from '../contact-state';
import { SUBSCRIPTION_PATH } from '../../accounts/navigation';
import styles from './dwelling-detail.module.css';

/** One contact flow per dwelling page, shared by the button at the top and the one at the bottom. */
export function useContactFlow(dwellingId: string, contactable: boolean) {
  const api = useApi();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(contactReducer, contactable, initialContactState);
  // One fetch for both buttons (top and bottom), however often pressed.
  const { run } = useBusyAction();

  const request = useCallback(() => {
    void run(async () => {
      dispatch({ type: 'fetch' });
      await fetchLandlordContact(api, dwellingId).then(
        (contact) => dispatch({ type: 'success', contact }),
        (error: unknown) => dispatch({ type: 'failure', error }),
      );
    });
  }, [api, dwellingId, run]);

  // Section 4: a 403 sends the user to the subscription page.
  useEffect(() => {
    if (state.status === 'subscribe') void navigate(`${SUBSCRIPTION_PATH}?next=${encodeURIComponent(`/vis/${dwellingId}`)}`);
  }, [state.status, navigate, dwellingId]);

  return { state, request };
}

function ContactDetails({ contact }: { contact: LandlordContact }) {
  const { t } = useTranslation();
  const rows: [string, string | null, 'mail' | 'tel' | 'url' | null][] = [
    ['contactName', contact.name, null],
    ['contactEmail', contact.email, 'mail'],
    ['contactPhone', contact.phone, 'tel'],
    ['contactAddress', contact.address, null],
    ['contactUrl', contact.url, 'url'],
    ['contactReference', contact.reference, null],
  ];
  return (
    <div className={styles.contact}>
      <h3 className={styles.subHeading}>{t('dwelling.contactHeading')}</h3>
      <dl className={styles.facts}>
        {rows
          .filter(([, value]) => value)
          .map(([key, value, kind]) => (
            <div key={key} className={styles.fact}>
              <dt>{t(`dwelling.${key}`)}</dt>
              <dd>
                {kind === 'mail' ? (
                  <a href={`mailto:${value}`}>{breakable(value ?? '')}</a>
                ) : kind === 'tel' ? (
                  <a href={`tel:${value}`}>{value}</a>
                ) : kind === 'url' ? (
                  <a href={value ?? undefined} rel="noopener noreferrer nofollow" target="_blank">
                    {breakable(value ?? '')}
                  </a>
                ) : (
                  value
                )}
              </dd>
            </div>
          ))}
      </dl>
      {contact.remark.map((remark) => (
        <p key={remark} className={styles.note}>
          {remark}
        </p>
      ))}
      {contact.type === 'nonprofit' && <p className={styles.note}>{t('dwelling.nonprofitNote')}</p>}
    </div>
  );
}

/**
 * The limited plan's refusal (issue 36): how many of how many landlords, when the count resets, and the
 * way to unlimited access (the subscription page, where the change of plan is confirmed).
 */
function LimitPrompt({ limit }: { limit: LimitReached }) {
  const { t } = useTranslation();
  const counted = limit.used !== null && limit.limit !== null && limit.resetsAt !== null;
  return (
    <div className={styles.prompt} role="alert" data-testid="contact-limit">
      {counted ? (
        <>
          <p className={styles.promptHeading}>{t('dwelling.contactLimit.used', { used: limit.used, limit: limit.limit })}</p>
          <p>{t('dwelling.contactLimit.resets', { date: formatDate(limit.resetsAt ?? '') })}</p>
        </>
      ) : (
        <p>{limit.message}</p>
      )}
      <Link to={SUBSCRIPTION_PATH} className="button button-secondary">
        {t('dwelling.contactLimit.upgrade')}
      </Link>
    </div>
  );
}

/** The contact button and what follows it (section 4), for one of the two places on the page. */
export function ContactPanel({
  dwellingId,
  city,
  citySlug,
  state,
  onRequest,
}: {
  dwellingId: string;
  city: string;
  citySlug: string;
  state: ContactState;
  onRequest: () => void;
}) {
  const { t } = useTranslation();
  const next = encodeURIComponent(`/vis/${dwellingId}`);
  switch (state.status) {
    case 'idle':
    case 'loading':
    case 'subscribe':
      return (
        <button type="button" className={`button button-primary ${styles.contactButton}`} onClick={onRequest} disabled={state.status !== 'idle'} aria-busy={state.status === 'loading'}>
          {state.status === 'loading' ? t('dwelling.contactLoading') : t('dwelling.contact')}
        </button>
      );
    case 'shown':
      return <ContactDetails contact={state.contact} />;
    case 'login':
      return (
        <div className={styles.prompt} role="status">
          <p>{t('dwelling.loginPrompt')}</p>
          <div className={styles.promptActions}>
            <Link to={`/login?next=${next}`} className="button button-primary">
              {t('dwelling.login')}
            </Link>
            <Link to={`/signup?next=${next}`} className="button button-secondary">
              {t('dwelling.signup')}
            </Link>
          </div>
        </div>
      );
    case 'limit':
      return <LimitPrompt limit={state.limit} />;
    case 'unavailable':
      return (
        <div className={`${styles.prompt} ${styles.unavailable}`} role="status">
          <p className={styles.promptHeading}>{t('dwelling.unavailable')}</p>
          <p>{t('dwelling.unavailableText', { city })}</p>
          <Link to={`/${citySlug}`}>{t('dwelling.otherDwellings', { city })}</Link>
        </div>
      );
    case 'error':
      return (
        <div className={styles.prompt} role="alert">
          <p>{t('dwelling.contactError')}</p>
          <button type="button" className="button button-secondary" onClick={onRequest}>
            {t('error.retry')}
          </button>
        </div>
      );
  }
}
