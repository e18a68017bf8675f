import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { ApolloProvider, useMutation, useQuery } from '@apollo/client/react';
import type { Offer, OffersResponse, SubscriptionsResponse, SubscriptionView, Transaction } from '@husly/contracts';
import { PageLoading } from '../../../components/ui/page-loading';
import { useApi } from '../../../lib/api-context';
import { isHttpError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/document-head';
import { refreshSession } from '../../accounts/session-store';
import { useSessionUser } from '../../accounts/use-account';
import { lastViewedCookie, readLastViewed } from '../../dwellings/last-viewed';
import { ContactUsageLine, unlimitedPlan } from '../components/contact-usage';
import { OfferSplash } from '../components/offer-splash';
import { PaymentForm } from '../components/payment-form';
import { ReceiptsTable } from '../components/receipts-table';
import { ReactivateButton, SubscriptionCard, type ReactivationPlan } from '../components/subscription-cards';
import styles from '../components/subscriptions.module.css';
import { httpsRedirect, krWhole } from '../format';
import { createApolloClient } from '../graphql/apollo-client';
import { graphErrorCode } from '../graphql/graph-errors';
import { CHANGE_PLAN, PAYMENT_PROVIDER, REACTIVATE_SUBSCRIPTION } from '../graphql/operations';
import { fetchOffers, fetchSubscriptions, fetchTransactions, withdrawSubscription } from '../subscriptions-api';
import { FormMessage } from '../../../components/ui/alerts';
import type { PurchaseState } from '../purchase-welcome';

type Data = { subscriptions: SubscriptionsResponse; offers: OffersResponse; transactions: Transaction[] };

/** The plan an ended subscription starts again on (the API's rule): its own, or for an intro the cheapest unlimited one. */
function reactivationPlan(s: SubscriptionView, offers: Offer[]): ReactivationPlan | undefined {
  const own = offers.find((o) => o.name === s.offer && !o.intro);
  const plan = own ?? unlimitedPlan(offers);
  return plan && { name: plan.name, label: plan.label, price: plan.price, intervalDays: plan.intervalDays };
}

/** What the withdrawal would refund: the subscription's charges not refunded yet, øre. */
const refundableOre = (s: SubscriptionView, transactions: Transaction[]) =>
  transactions.filter((tx) => tx.subscriptionId === s.id && !tx.refunded).reduce((sum, tx) => sum + tx.amountOre, 0);

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
  const [actionDone, setActionDone] = useState<string | null>(null);
  const provider = useQuery(PAYMENT_PROVIDER);
  const [reactivateSubscription] = useMutation(REACTIVATE_SUBSCRIPTION);
  const [changePlan] = useMutation(CHANGE_PLAN);

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
      setActionDone(null);
      try {
        await mutate();
      } catch (error) {
        const code = graphErrorCode(error);
        setActionError(
          t(code === 'not-reactivatable' ? 'subscriptions.errors.notReactivatable' : code === 'terms-required' ? 'subscriptions.paymentErrors.termsRequired' : 'subscriptions.errors.generic'),
        );
        return false;
      }
      await Promise.all([load(), refreshSession(api)]);
      return true;
    },
    [api, load, t],
  );

  // The terms go along only when the seeker ticked them for a charge now (an ended subscription).
  const reactivate = (s: SubscriptionView, terms: boolean) => change(() => reactivateSubscription({ variables: terms ? { id: s.id, terms: true } : { id: s.id } }));

  // The limited plan's way up: the change of plan at the next renewal, as the way down to it.
  const upgrade = (s: SubscriptionView, plan: Offer) => change(() => changePlan({ variables: { subscription: s.id, plan: plan.name } }));

  /** The 14-day withdrawal: refunded and ended now; the page then says how much and shows the new state. */
  const withdraw = async (s: SubscriptionView): Promise<boolean> => {
    setActionError(null);
    setActionDone(null);
    try {
      const { refundedOre } = await withdrawSubscription(api, s.id);
      setActionDone(t('subscriptions.withdraw.done', { amount: krWhole(refundedOre) }));
    } catch (error) {
      const code = isHttpError(error) ? (error.body as { code?: string } | null)?.code : undefined;
      setActionError(t(code === 'withdrawal-expired' ? 'subscriptions.withdraw.expired' : 'subscriptions.errors.generic'));
      return false;
    }
    await Promise.all([load(), refreshSession(api)]);
    return true;
  };

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
      <FormMessage kind="error">{t('subscriptions.errors.load')}</FormMessage>
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
        <FormMessage kind="error">{actionError}</FormMessage>
      )}
      {actionDone && (
        <FormMessage kind="success" data-testid="action-done">{actionDone}</FormMessage>
      )}
      {shown.length > 0 && (
        <section aria-labelledby="subscriptions-heading" className={styles.page}>
          <div className={styles.cardTop}>
            <h2 id="subscriptions-heading" className={styles.heading}>
              {t('subscriptions.cards.heading')}
            </h2>
            {reactivatable && <ReactivateButton subscription={reactivatable} plan={reactivationPlan(reactivatable, offers.offers)} onReactivate={reactivate} />}
          </div>
          <div className={styles.cards}>
            {shown.map((s) => (
              <SubscriptionCard key={s.id} subscription={s} refundableOre={refundableOre(s, transactions)} onWithdraw={withdraw} />
            ))}
          </div>
          {shown.map((s) => (
            <ContactUsageLine key={`usage-${s.id}`} subscription={s} upgradeTo={unlimitedPlan(offers.offers)} onUpgrade={upgrade} />
          ))}
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
