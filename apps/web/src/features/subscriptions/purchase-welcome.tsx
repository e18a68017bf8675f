import { useEffect, useReducer, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { useApi } from '../../lib/api-context';
import { useAccount } from '../accounts/use-account';
import { ContactPanel } from '../dwellings/components/contact-panel';
import { contactReducer } from '../dwellings/contact-state';
import { fetchLandlordContact } from '../dwellings/dwellings-api';
import { lastViewedCookie, readLastViewed, type LastViewedDwelling } from '../dwellings/last-viewed';
import styles from './purchase-welcome.module.css';

/** What the subscription page hands /profile after a payment (navigation state). */
export interface PurchaseState {
  purchased: true;
  lastViewed: LastViewedDwelling | null;
}

function purchaseState(state: unknown): PurchaseState | null {
  return state && typeof state === 'object' && (state as PurchaseState).purchased === true ? (state as PurchaseState) : null;
}

/**
 * /profile after a payment (spec section 4): the thank-you note, and the contact of the last-viewed
 * dwelling, fetched by itself now that the user is a subscriber. The dwelling comes in the navigation
 * state from our own payment form, or from the cookie after Stripe's redirect back (a full page load).
 * Small and free of Apollo and Stripe: it sits on the eagerly loaded profile page.
 */
export function PurchaseWelcome() {
  const { t } = useTranslation();
  const api = useApi();
  const location = useLocation();
  const session = useAccount();
  const fromState = purchaseState(location.state);
  const stripeReturn = new URLSearchParams(location.search).get('redirect_status') === 'succeeded';
  const [dwelling, setDwelling] = useState<LastViewedDwelling | null>(fromState?.lastViewed ?? null);
  const [contact, dispatch] = useReducer(contactReducer, { status: 'idle' });
  const subscriber = session.status === 'user' && session.user.subscriber;

  useEffect(() => {
    if (!subscriber) return;
    const remembered = dwelling ?? readLastViewed(document.cookie);
    if (!remembered) return;
    // Remembered for a non-subscriber only: now that one is fetched, forget it (the banner goes too).
    document.cookie = lastViewedCookie(null);
    setDwelling(remembered);
    dispatch({ type: 'fetch' });
    fetchLandlordContact(api, remembered.dwellingId).then(
      (found) => dispatch({ type: 'success', contact: found }),
      (error: unknown) => dispatch({ type: 'failure', error }),
    );
    // Once, when the user is known to be a subscriber.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [subscriber]);

  if (!fromState && !stripeReturn && !dwelling) return null;
  return (
    <section className={styles.card} aria-labelledby="purchase-welcome" data-testid="purchase-welcome">
      {(fromState || stripeReturn) && (
        <>
          <h2 id="purchase-welcome" className={styles.heading}>
            {t('subscriptions.welcome.heading')}
          </h2>
          <p>{t('subscriptions.welcome.text')}</p>
        </>
      )}
      {dwelling && (
        <div data-testid="last-viewed-contact">
          <p>
            {t('subscriptions.welcome.lastViewed')} <Link to={`/vis/${dwelling.dwellingId}`}>{dwelling.headline}</Link>
          </p>
          {contact.status === 'loading' && <p className={styles.muted}>{t('dwelling.contactLoading')}</p>}
          {(contact.status === 'shown' || contact.status === 'limit') && (
            <ContactPanel dwellingId={dwelling.dwellingId} city="" citySlug="" state={contact} onRequest={() => undefined} />
          )}
          {contact.status === 'unavailable' && <p className={styles.muted}>{t('dwelling.unavailable')}</p>}
          {(contact.status === 'error' || contact.status === 'login' || contact.status === 'subscribe') && <p className={styles.muted}>{t('dwelling.contactError')}</p>}
        </div>
      )}
    </section>
  );
}
