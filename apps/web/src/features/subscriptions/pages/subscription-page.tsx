import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { ApolloProvider, useMutation, useQuery } from '@apollo/client/react';
import type { OffersResponse, SubscriptionsResponse, SubscriptionView, Transaction } from '@husly/contracts';
import { PageLoading } from '../../../components/ui/page-loading';
import { useApi } from '../../../lib/api-context';
import { usePageTitle } from '../../../lib/document-head';
import { refreshSession } from '../../accounts/session-store';
import { useSessionUser } from '../../accounts/use-account';
import { lastViewedCookie, readLastViewed } from '../../dwellings/last-viewed';
import { OfferSplash } from '../components/offer-splash';
import { PaymentForm } from '../components/payment-form';
import { ReceiptsTable } from '../components/receipts-table';
import { ReactivateButton, SubscriptionCard } from '../components/subscription-cards';
import styles from '../components/subscriptions.module.css';
import { httpsRedirect } from '../format';
import { createApolloClient } from '../graphql/apollo-client';
import { graphErrorCode } from '../graphql/graph-errors';
import { PAYMENT_PROVIDER, REACTIVATE_SUBSCRIPTION } from '../graphql/operations';
import { fetchOffers, fetchSubscriptions, fetchTransactions } from '../subscriptions-api';
import type { PurchaseState } from '../purchase-welcome';

type Data = { subscriptions: SubscriptionsResponse; offers: OffersResponse; transactions: Transaction[] };

/** /profile/subscription (section 2). Apollo Client lives here and in nothing the public pages load. */
export function SubscriptionPage() {
  const api = useApi();
  const client = useMemo(() => createApolloClient(api), [api]);
  const [secure, setSecure] = useState(false);

  // Section 2: forces https except on localhost.
  useEffect(() => {
    const target = httpsRedirect(window.location);
    if (target) window.location.replace(target);
    else setSecure(true);
  }, []);

  if (!secure) return <PageLoading />;
  return (
    <ApolloProvider client={client}>
      <SubscriptionContent />
    </ApolloProvider>
  );
}

function SubscriptionContent() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const user = useSessionUser();
  usePageTitle(t('subscriptions.title'));
  const [data, setData] = useState<Data | 'error' | null>(null);
  const [step, setStep] = useState<'splash' | 'form'>('splash');
  const [actionError, setActionError] = useState<string | null>(null);
  const provider = useQuery(PAYMENT_PROVIDER);
  const [reactivateSubscription] = useMutation(REACTIVATE_SUBSCRIPTION);

  const load = useCallback(async () => {
    try {
      const [subscriptions, offers, transactions] = await Promise.all([fetchSubscriptions(api), fetchOffers(api), fetchTransactions(api)]);
      setData({ subscriptions, offers, transactions: transactions.transactions });
    } catch {
      setData('error');
    }
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  /** A mutation, then the list again (section 4: the answer replaces the list) and the session. */
  const change = useCallback(
    async (mutate: () => Promise<unknown>): Promise<boolean> => {
      setActionError(null);
      try {
        await mutate();
      } catch (error) {
        const code = graphErrorCode(error);
        setActionError(t(code === 'not-reactivatable' ? 'subscriptions.errors.notReactivatable' : 'subscriptions.errors.generic'));
        return false;
      }
      await Promise.all([load(), refreshSession(api)]);
      return true;
    },
    [api, load, t],
  );

  const reactivate = (s: SubscriptionView) => change(() => reactivateSubscription({ variables: { id: s.id } }));

  /** Section 4: after payment the user is a subscriber at once; to /profile, with the last-viewed dwelling. */
  const paid = async () => {
    const lastViewed = readLastViewed(document.cookie);
    if (lastViewed) document.cookie = lastViewedCookie(null);
    await refreshSession(api);
    const state: PurchaseState = { purchased: true, lastViewed };
    await navigate('/profile', { state });
  };

  if (data === null || provider.loading) return <PageLoading />;
  if (data === 'error') {
    return (
      <p className={styles.error} role="alert">
        {t('subscriptions.errors.load')}
      </p>
    );
  }

  const { subscriptions, offers, transactions } = data;
  const shown = subscriptions.subscriptions.filter((s) => s.display !== 'pending-payment');
  const offer = offers.offers.find((o) => o.name === offers.recommended) ?? offers.offers[0];
  const reactivatable = subscriptions.showReactivate ? shown.find((s) => s.canReactivate) : undefined;
  const paymentProvider = provider.data?.provider ?? 'unavailable';

  return (
    <div className={styles.page}>
      {actionError && (
        <p className={styles.error} role="alert">
          {actionError}
        </p>
      )}
      {shown.length > 0 && (
        <section aria-labelledby="subscriptions-heading" className={styles.page}>
          <div className={styles.cardTop}>
            <h2 id="subscriptions-heading" className={styles.heading}>
              {t('subscriptions.cards.heading')}
            </h2>
            {reactivatable && <ReactivateButton subscription={reactivatable} onReactivate={reactivate} />}
          </div>
          <div className={styles.cards}>
            {shown.map((s) => (
              <SubscriptionCard key={s.id} subscription={s} />
            ))}
          </div>
        </section>
      )}
      {!subscriptions.subscriber && offer && (
        <>
          <OfferSplash offer={offer} onStart={() => setStep('form')} />
          {step === 'form' && (
            <PaymentForm offer={offer} provider={paymentProvider} user={user} onPaid={() => void paid()} onIntroRefused={() => void load()} />
          )}
        </>
      )}
      {shown.length > 0 && <ReceiptsTable transactions={transactions} />}
    </div>
  );
}
