// Machine codes and fixed lists that the API answers with and the web compares against: plain
// constants, so the browser can name them without zod. The schemas of ../*.ts build on them.

/** Machine codes of account errors besides field validation. */
export const ACCOUNT_ERROR_CODES = {
  throttled: 'too-many-attempts',
  emailInUse: 'email-in-use',
  tokenNotRecognised: 'token-not-recognised',
  /** 409 on a verification link already used, its address verified (a second click): nothing else is told. */
  emailAlreadyVerified: 'email-already-verified',
  wrongPassword: 'wrong-password',
  /** 403 on login: support blocked the account (issue 33). */
  accountBlocked: 'account-blocked',
} as const;

/**
 * Machine codes in the `code` field of the error bodies of GET /api/dwellings/{id}/agent, next to
 * the status that section 4 maps to a flow (401 login — no code, 403 subscribe, 410 unavailable).
 */
export const CONTACT_ERROR_CODES = {
  /** 403: no active subscription; the web sends the user to the subscription page. */
  subscriptionRequired: 'subscription-required',
  /** 403 on the limited plan: the 11th different landlord in the period; body adds limit, used, windowDays, retryAt (the reset). */
  contactLimitReached: 'contact-limit-reached',
  /** 410: rented or not available. */
  dwellingUnavailable: 'dwelling-unavailable',
} as const;
export type ContactErrorCode = (typeof CONTACT_ERROR_CODES)[keyof typeof CONTACT_ERROR_CODES];

/** `code` of the 409 a save beyond the cap answers; the body also carries `limit`. */
export const FAVOURITE_ERROR_CODES = { limitReached: 'favourite-limit-reached' } as const;

/** Error codes of subscription calls (REST `code` and GraphQL `extensions.code` alike). */
export const SUBSCRIPTION_ERROR_CODES = [
  'unknown-plan',
  'intro-used',
  'intro-card-used',
  'already-subscribed',
  'not-found',
  'not-reactivatable',
  'same-plan',
  'withdrawal-expired',
  'payment-failed',
  'provider-unavailable',
  'terms-required',
  /** 409: another change of the same user's subscriptions (a second tab, a double click) did not finish in time. */
  'subscription-busy',
  /** 409: the payment belongs to a purchase that a newer one replaced; pay the newer one. */
  'payment-replaced',
  /** 409 to support: the receipt has no charge at the payment provider (seeded or migrated), so nothing can go back. */
  'refund-not-possible',
] as const;
export type SubscriptionErrorCode = (typeof SUBSCRIPTION_ERROR_CODES)[number];

export const TENANT_AD_WARNINGS = { notActivated: 'not-activated' } as const;
export type TenantAdWarning = (typeof TENANT_AD_WARNINGS)[keyof typeof TENANT_AD_WARNINGS];

/** 409 from POST /api/tenant-ads/{id}/contact: the seeker's address waits for its verification link, nothing was sent. */
export const TENANT_AD_ERROR_CODES = { emailUnverified: 'email-unverified' } as const;

/**
 * Named events the web app reports (spec section 7, POST /api/event). Only these names are stored:
 * an open list would let anyone fill the table with whatever they like.
 */
export const EVENT_TYPES = [
  // Section 4: the subscriber left the "Vigtigt ved afmelding" page without cancelling.
  'subscription/cancel-abort',
  'subscription/cancel-confirm',
  // The limited plan offered instead of cancelling.
  'subscription/alternative-offer-shown',
  'subscription/alternative-offer-taken',
  'boligagent/modal-shown',
  'boligagent/modal-closed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const SITE_ALERT_STYLES = ['info', 'success', 'warning', 'error'] as const;
