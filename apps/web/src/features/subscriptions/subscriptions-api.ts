import type {
  OffersResponse,
  SubscriptionView,
  SubscriptionsResponse,
  TestPaymentConfirmRequest,
  Transaction,
  TransactionsResponse,
} from '@husly/contracts';
import type { ApiClient } from '../../lib/api-client';

// The REST calls of spec section 7 "Subscriptions" the pages make; purchase, cancel, reactivation
// and change of plan go through GraphQL (graphql/operations.ts).

export const fetchOffers = (api: ApiClient) => api.get<OffersResponse>('/subscriptions/offers');
export const fetchSubscriptions = (api: ApiClient) => api.get<SubscriptionsResponse>('/subscriptions');
export const fetchTransactions = (api: ApiClient) => api.get<TransactionsResponse>('/subscriptions/transactions');
export const fetchTransaction = (api: ApiClient, id: string) => api.get<Transaction>(`/subscriptions/transactions/${encodeURIComponent(id)}`);

/**
 * The built-in test provider's confirm call (no STRIPE_SECRET_KEY): what Stripe's confirmPayment is
 * for the Payment Element. The client secret names the payment being confirmed.
 */
export const TEST_PAYMENT_CONFIRM_PATH = (clientSecret: string) => `/subscriptions/test-payments/${encodeURIComponent(clientSecret)}/confirm`;

export const confirmTestPayment = (api: ApiClient, clientSecret: string, card: TestPaymentConfirmRequest) =>
  api.post<{ status: 'succeeded'; subscriptionId: string; returnUrl: string }>(TEST_PAYMENT_CONFIRM_PATH(clientSecret), card);

/** The 14-day right of withdrawal (REST only): refunds the charges and ends access now; a repeat answers the same. */
export const withdrawSubscription = (api: ApiClient, id: string) =>
  api.post<{ refundedOre: number; subscription: SubscriptionView }>(`/subscriptions/${encodeURIComponent(id)}/withdraw`, {});
