import type {
  ADMIN_ERROR_CODES,
  AdminAuditResponse,
  AdminBlockRequest,
  AdminBoligagentRun,
  AdminCreateAlertRequest,
  AdminFeedImport,
  AdminHideTenantAdRequest,
  AdminMe,
  AdminMoneyActionRequest,
  AdminResendMailRequest,
  AdminRunsResponse,
  AdminSiteAlert,
  AdminSiteAlertsResponse,
  AdminUpdateAlertRequest,
  AdminUserDetail,
  AdminUserSearchResponse,
} from '@husly/contracts';
import { isHttpError, type ApiClient } from '../../lib/api-client';

// The contract's codes, checked against it by type: its value lives beside zod, which the browser must not load.
const SECOND_FACTOR_REQUIRED: (typeof ADMIN_ERROR_CODES)['secondFactorRequired'] = 'second-factor-required';
const SECOND_FACTOR_REFUSED: (typeof ADMIN_ERROR_CODES)['secondFactorRefused'] = 'second-factor-refused';

const codeOf = (error: unknown): unknown => (isHttpError(error) && typeof error.body === 'object' && error.body !== null ? (error.body as { code?: unknown }).code : undefined);

/** An admin without an open admin session (none yet, or it expired): the code form is due. */
export const isSecondFactorRequired = (error: unknown) => isHttpError(error, 401) && codeOf(error) === SECOND_FACTOR_REQUIRED;

/** A wrong, stale or already used code. */
export const isSecondFactorRefused = (error: unknown) => isHttpError(error, 401) && codeOf(error) === SECOND_FACTOR_REFUSED;

const id = (value: number | string) => encodeURIComponent(String(value));

/** The desk's calls to /api/admin (libs/contracts/src/admin.ts is their spec). */
export function adminApi(api: ApiClient) {
  return {
    me: (signal?: AbortSignal) => api.get<AdminMe>('/admin/me', { signal }),
    openSession: (code: string) => api.post<AdminMe>('/admin/session', { code }),
    closeSession: () => api.delete<void>('/admin/session'),
    searchUsers: (q: string, signal?: AbortSignal) => api.get<AdminUserSearchResponse>('/admin/users', { query: { q }, signal }),
    user: (userId: number | string, signal?: AbortSignal) => api.get<AdminUserDetail>(`/admin/users/${id(userId)}`, { signal }),
    resendMail: (userId: number, kind: AdminResendMailRequest['kind']) => api.post<unknown>(`/admin/users/${id(userId)}/mails`, { kind } satisfies AdminResendMailRequest),
    setBlocked: (userId: number, body: AdminBlockRequest) => api.put<unknown>(`/admin/users/${id(userId)}/blocked`, body),
    setTenantAdHidden: (userId: number, body: AdminHideTenantAdRequest) => api.put<unknown>(`/admin/users/${id(userId)}/tenant-ad/hidden`, body),
    cancelSubscription: (subscriptionId: string, body: AdminMoneyActionRequest) => api.post<unknown>(`/admin/subscriptions/${id(subscriptionId)}/cancel`, body),
    withdrawSubscription: (subscriptionId: string, body: AdminMoneyActionRequest) => api.post<unknown>(`/admin/subscriptions/${id(subscriptionId)}/withdraw`, body),
    refundReceipt: (receiptId: number, body: AdminMoneyActionRequest) => api.post<unknown>(`/admin/receipts/${id(receiptId)}/refund`, body),
    alerts: (signal?: AbortSignal) => api.get<AdminSiteAlertsResponse>('/admin/alerts', { signal }),
    createAlert: (body: AdminCreateAlertRequest) => api.post<AdminSiteAlert>('/admin/alerts', body),
    updateAlert: (alertId: number, body: AdminUpdateAlertRequest) => api.put<AdminSiteAlert>(`/admin/alerts/${id(alertId)}`, body),
    feedImports: (signal?: AbortSignal) => api.get<AdminRunsResponse<AdminFeedImport>>('/admin/feed-imports', { signal }),
    boligagentRuns: (signal?: AbortSignal) => api.get<AdminRunsResponse<AdminBoligagentRun>>('/admin/boligagent-runs', { signal }),
    audit: (query: { userId?: number; before?: string }, signal?: AbortSignal) => api.get<AdminAuditResponse>('/admin/audit', { query, signal }),
  };
}

export type AdminApi = ReturnType<typeof adminApi>;

/** The queue dashboard, served by the API with its own UI. */
export const BULL_BOARD_PATH = '/api/admin/queues';
