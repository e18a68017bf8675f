import type {
  FoundHomeView,
  ManualUnsubscribeRequest,
  ManualUnsubscribeResponse,
  SubscriptionsResponse,
  UnsubscribeConfirmResponse,
  UnsubscribeReasonBody,
  UnsubscribeReasonResponse,
} from '@husly/contracts';
import type { ApiClient } from '../../lib/api-client';

// The REST calls of the unsubscribe flows (spec sections 4 and 7). Cancelling and the change of plan
// are the subscription page's own calls (DELETE /api/subscriptions/{id}, POST /api/subscriptions/change).

export const unsubscribeApi = (api: ApiClient) => ({
  subscriptions: () => api.get<SubscriptionsResponse>('/subscriptions'),
  cancel: (id: string) => api.delete<SubscriptionsResponse>(`/subscriptions/${encodeURIComponent(id)}`),
  changePlan: (subscription: string, plan: string) => api.post<SubscriptionsResponse>('/subscriptions/change', { subscription, plan }),
  /** POST /api/subscriptions/cancel/{uuid} {reason}: the survey's answer (a subscription id or a manual request's uuid). */
  answer: (uuid: string, reason: UnsubscribeReasonBody) => api.post<UnsubscribeReasonResponse>(`/subscriptions/cancel/${encodeURIComponent(uuid)}`, { reason }),
  manual: (body: ManualUnsubscribeRequest) => api.post<ManualUnsubscribeResponse>('/unsubscribe/manual', body),
  confirm: (token: string) => api.post<UnsubscribeConfirmResponse>('/unsubscribe/confirm', { token }),
  foundHome: () => api.get<FoundHomeView>('/users/me/found-home'),
  markFoundHome: () => api.post<FoundHomeView>('/users/me/found-home', {}),
  undoFoundHome: () => api.delete<FoundHomeView>('/users/me/found-home'),
  /** Section 4: leaving the warning page without cancelling. A lost event never blocks the user. */
  abortEvent: (subscriptionId: string) => api.post<void>('/event', { type: 'subscription/cancel-abort', payload: { step: 'warning', subscription: subscriptionId } }).catch(() => undefined),
});
