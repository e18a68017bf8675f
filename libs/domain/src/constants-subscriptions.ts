// Subscription and payment numbers (spec section 9): the limited plan, VAT, order numbers and terms.
// Only the subscription, unsubscribe and info pages use them (part of constants.ts).

/** The limited-access plan offered instead of cancelling. */
export const LIMITED_PLAN = {
  id: 'tenantad-79kr-14days',
  priceDkk: 79,
  periodDays: 14,
  maxLandlordContacts: 10,
  contactWindowDays: 14,
} as const;

export const VAT = {
  /** Prices include 25 % VAT. */
  ratePercent: 25,
} as const;

export const ORDER = { orderNoDigits: 4 } as const;

export const TERMS = {
  updatedAt: '2019-08-27',
  withdrawalDays: 14,
  refundDays: 14,
  unauthorizedChargeObjectionWeeks: 8,
} as const;

export const SUBSCRIPTION = {
  /** A subscription that started within this window is treated as just bought (15 minutes). */
  startMarkerWindowMs: 900_000,
} as const;
