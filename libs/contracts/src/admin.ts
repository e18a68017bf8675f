import { z } from 'zod';
import { safeAlertLink } from '@husly/domain';
import { SITE_ALERT_STYLES } from './browser/codes';
import { intInput, queryParams, text } from './input';

// The support desk's API, /api/admin (issue 33, docs/decisions/0061-support-desk.md). Every route
// answers 404 to whoever is not an admin with an open admin session, as if it did not exist; the
// one exception is GET /api/admin/me, which tells a logged-in admin that the second factor is due.
// Dates are ISO strings; amounts are øre.

/** POST /api/admin/session: the authenticator app's six digits open an admin session (a cookie). */
export const adminSessionRequestSchema = z.object({ code: z.string().regex(/^\d{6}$/, 'Six digits') });
export type AdminSessionRequest = z.input<typeof adminSessionRequestSchema>;

/** GET /api/admin/me, and the answer of POST /api/admin/session. */
export interface AdminMe {
  userId: number;
  email: string | null;
  name: string;
  /** When the admin session ends: a new code is due then (short sessions). */
  sessionExpiresAt: string;
}

/** Error codes of the admin API besides the general ones. */
export const ADMIN_ERROR_CODES = {
  /** An admin's login without an admin session: GET /api/admin/me says the code is due (401). */
  secondFactorRequired: 'second-factor-required',
  /** A wrong, stale or already used code (401). */
  secondFactorRefused: 'second-factor-refused',
} as const;

/** GET /api/admin/users?q=: email, name, phone or order number. */
export const adminUserSearchSchema = queryParams(z.object({ q: text(200).transform((q) => q.trim()).pipe(z.string().min(2, 'At least two characters')) }));

/** A user's or a receipt's id in a path. */
export const adminIdParamSchema = z.object({ id: intInput({ min: 1 }) });
/** A subscription's id in a path. */
export const adminSubscriptionParamSchema = z.object({ id: z.uuid() });
export interface AdminUserHit {
  id: number;
  name: string;
  email: string | null;
  cellphone: string | null;
  createdAt: string;
  blockedAt: string | null;
  deletedAt: string | null;
  /** How the search found this user: the order number's receipt, when that matched. */
  matchedOrderNo: number | null;
}
export interface AdminUserSearchResponse {
  data: AdminUserHit[];
}

export interface AdminSubscription {
  id: string;
  status: string;
  plan: string;
  startingAt: string;
  endingAt: string | null;
  renew: boolean;
  canceledAt: string | null;
  withdrawnAt: string | null;
  /** Stripe's or the test provider's id; null for a seeded or migrated one. */
  providerSubscriptionId: string | null;
}

export interface AdminReceipt {
  id: number;
  orderNo: number;
  subscriptionId: string | null;
  amountOre: number;
  refundedOre: number | null;
  refundedAt: string | null;
  timestamp: string;
}

export interface AdminSentMail {
  subject: string;
  recipient: string;
  sentAt: string;
  messageId: string;
}

export interface AdminAuditEntry {
  id: string;
  at: string;
  actor: string;
  action: string;
  targetUserId: number | null;
  target: string | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
}

/** GET /api/admin/users/:id */
export interface AdminUserDetail {
  user: AdminUserHit & { emailVerified: boolean; language: string };
  subscriptions: AdminSubscription[];
  receipts: AdminReceipt[];
  boligagent: { id: number; active: boolean; summary: string; createdAt: string } | null;
  tenantAd: { published: boolean; hiddenAt: string | null; subject: string | null; city: string | null; updatedAt: string } | null;
  favourites: number;
  /** The newest mails sent to the user's address, newest first (at most 50). */
  mails: AdminSentMail[];
  /** What admins did to this user, newest first (at most 50). */
  audit: AdminAuditEntry[];
}

/** POST /api/admin/users/:id/mails: send the verification or the password-reset mail again. */
export const adminResendMailSchema = z.object({ kind: z.enum(['verification', 'password-reset']) });
export type AdminResendMailRequest = z.input<typeof adminResendMailSchema>;

/** PUT /api/admin/users/:id/blocked: block (no login, every session ends) or unblock. */
export const adminBlockSchema = z.object({ blocked: z.boolean(), reason: text(500).optional() });
export type AdminBlockRequest = z.input<typeof adminBlockSchema>;

/** PUT /api/admin/users/:id/tenant-ad/hidden: hide the tenant ad from landlords, or show it again. */
export const adminHideTenantAdSchema = z.object({ hidden: z.boolean(), reason: text(500).optional() });
export type AdminHideTenantAdRequest = z.input<typeof adminHideTenantAdSchema>;

/**
 * POST /api/admin/subscriptions/:id/cancel (stops renewal), …/withdraw (ends now and refunds every
 * charge not yet refunded, also after the 14 days: support's decision), and
 * POST /api/admin/receipts/:id/refund (refunds one charge in full). `reason` goes to the audit log.
 */
export const adminMoneyActionSchema = z.object({ reason: text(500).optional() });
export type AdminMoneyActionRequest = z.input<typeof adminMoneyActionSchema>;

/** An alert as support manages it (GET /api/admin/alerts lists every one, the inactive too). */
export interface AdminSiteAlert {
  id: number;
  headline: string;
  link: string | null;
  text: string;
  style: (typeof SITE_ALERT_STYLES)[number];
  multiline: boolean;
  views: number;
  active: boolean;
  createdAt: string;
}
export interface AdminSiteAlertsResponse {
  data: AdminSiteAlert[];
}

const alertFields = {
  headline: text(200).transform((s) => s.trim()).pipe(z.string().min(1, 'Required')),
  text: text(2000).transform((s) => s.trim()).pipe(z.string().min(1, 'Required')),
  /** Our own path (/…) or an https address; the public API shows anything else as no link. */
  link: text(2000)
    .transform((s) => s.trim() || null)
    .refine((link) => link === null || safeAlertLink(link) !== null, 'Our own path (/…) or an https:// address')
    .nullish(),
  style: z.enum(SITE_ALERT_STYLES).default('info'),
  multiline: z.boolean().default(false),
  views: z.number().int().min(0).max(10_000_000),
  active: z.boolean().default(true),
};
/**
 * POST /api/admin/alerts. `key` is the form's own id for this alert (a UUID made when the form
 * opened): the same key twice makes one alert.
 */
export const adminCreateAlertSchema = z.object({ key: z.uuid(), ...alertFields });
export type AdminCreateAlertRequest = z.input<typeof adminCreateAlertSchema>;
/** PUT /api/admin/alerts/:id: the whole alert; `active: false` takes it off the site. */
export const adminUpdateAlertSchema = z.object(alertFields);
export type AdminUpdateAlertRequest = z.input<typeof adminUpdateAlertSchema>;

/** GET /api/admin/feed-imports and /api/admin/boligagent-runs: the newest 30 runs. */
export interface AdminFeedImport {
  id: number;
  source: string;
  startedAt: string;
  finishedAt: string | null;
  counts: Record<string, number>;
  error: string | null;
}
export interface AdminBoligagentRun {
  id: number;
  startedAt: string;
  finishedAt: string | null;
  mails: number;
  error: string | null;
}
export interface AdminRunsResponse<T> {
  data: T[];
}

/** GET /api/admin/audit?userId=: the audit log, newest first (100 a page, `before` an entry id). */
export const adminAuditQuerySchema = queryParams(
  z.object({
    userId: intInput({ min: 1 }).optional(),
    before: z
      .string()
      .regex(/^\d{1,18}$/, 'An entry id')
      .optional(),
  }),
);
export interface AdminAuditResponse {
  data: AdminAuditEntry[];
}
