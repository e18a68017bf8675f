import { z } from 'zod';
import { contactUsageSchema } from './dwellings';
import { emailAddress, intInput, text } from './input';

// Subscriptions and payments (spec sections 3, 4, 7, 8). Offer prices are whole DKK including
// 25 % VAT, as the spec shows them; receipt amounts are whole øre (the VAT part of 19 kr. is
// 3,80 kr.), named *Ore so nobody mixes the two. Request texts are `text()` and numbers
// `intInput()` (see ./input): a bad value is a 400 naming it, never a driver error.

const isoDateTime = z.iso.datetime({ offset: true });

/** An offer (plan) of GET /api/subscriptions/offers. */
export const offerSchema = z.object({
  /** The plan id, e.g. "tenantad-79kr-14days"; what createSubscription's planId names. */
  name: z.string(),
  label: z.string(),
  /** What the first charge costs, whole DKK incl. VAT: the intro price for an intro offer. */
  amount: z.number().int(),
  /** Days the intro price covers; 0 when the offer has no intro. */
  trialDays: z.number().int(),
  /** The recurring price, whole DKK incl. VAT, every intervalDays days. */
  price: z.number().int(),
  intervalDays: z.number().int(),
  oneoff: z.boolean(),
  recurring: z.boolean(),
  /** Benefit texts of the offer splash. */
  labels: z.array(z.string()),
  /** The intro offer: bought once per user and once per card. */
  intro: z.boolean(),
  /** Limited plans: at most contactLimit landlords per contactWindowDays days; null = unlimited. */
  contactLimit: z.number().int().nullable(),
  contactWindowDays: z.number().int().nullable(),
});
export type Offer = z.infer<typeof offerSchema>;

export const offersResponseSchema = z.object({
  offers: z.array(offerSchema),
  /**
   * Whether the caller may buy the intro: false once a user has had it. Visitors (no token) get
   * true; the server checks again on purchase.
   */
  introAvailable: z.boolean(),
  /** The plan to show on the splash: the intro when available, else the recurring plan. */
  recommended: z.string(),
});
export type OffersResponse = z.infer<typeof offersResponseSchema>;

export const subscriptionStatusSchema = z.enum(['INCOMPLETE', 'ACTIVE', 'PAUSED', 'CANCELED', 'EXPIRED']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** What the subscription page shows for one subscription (section 4 "Subscription display"). */
export const subscriptionDisplaySchema = z.enum([
  /** Paid and renewing: price, next renewal, cancel with confirmation. */
  'renewing',
  /** Cancelled by the user, still running until endingAt. */
  'cancelled-running',
  /** Running until endingAt, then the pending next plan (nextSubscription) takes over. */
  'switching',
  /** Over. */
  'expired',
  /** Paused for an outstanding balance: notice, no access. */
  'paused',
  /** Created, waiting for the first payment. */
  'pending-payment',
]);
export type SubscriptionDisplay = z.infer<typeof subscriptionDisplaySchema>;

export const productSchema = z.object({
  label: z.string(),
  /** Whole DKK incl. VAT per period. */
  price: z.number().int(),
});

/** A subscription as section 3 lists it, plus what the page needs to pick its state. */
export const subscriptionViewSchema = z.object({
  id: z.string(),
  /** The spec's second id field; the same value. */
  _id: z.string(),
  /** The plan id (offer name). */
  offer: z.string(),
  product: productSchema,
  status: subscriptionStatusSchema,
  display: subscriptionDisplaySchema,
  startingAt: isoDateTime,
  /** End of the paid period: the next renewal when renewing, the expiry when cancelled. */
  endingAt: isoDateTime.nullable(),
  canceledAt: isoDateTime.nullable(),
  renew: z.boolean(),
  /** When access ends if nothing renews (= endingAt). */
  ends: isoDateTime.nullable(),
  /** Gives access right now. */
  active: z.boolean(),
  /** Paused because of an outstanding balance (provider says past_due/unpaid). */
  paused: z.boolean(),
  outstanding: z.boolean(),
  /** A pending change of plan, taking over when this one ends. */
  nextSubscription: z
    .object({
      id: z.string(),
      /** Its plan id (offer name): the page words the plan by it in its language. */
      offer: z.string(),
      renew: z.boolean(),
      product: productSchema,
      startingAt: isoDateTime,
      endingAt: isoDateTime.nullable(),
    })
    .nullable(),
  /** Section 4: reactivation is allowed unless the subscription has a legacyId. */
  canReactivate: z.boolean(),
  /** Within the 14-day withdrawal window of the first charge (POST /api/subscriptions/{id}/withdraw). */
  canWithdraw: z.boolean(),
  meta: z.object({ legacyId: z.string().nullable() }),
  /** The limited plan's landlord count while this subscription gives access; null on unlimited plans and when not running. */
  contactUsage: contactUsageSchema.nullable(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/** GET /api/subscriptions and the answer of every change (cancel, reactivate, change plan). */
export const subscriptionsResponseSchema = z.object({
  subscriber: z.boolean(),
  /** Newest first; pending next subscriptions appear inside their predecessor, not here. */
  subscriptions: z.array(subscriptionViewSchema),
  /** Section 4: whether the Reactivate button shows. */
  showReactivate: z.boolean(),
  /** "test" when payments go to the built-in test provider (the UI says "test payments"). */
  paymentMode: z.enum(['stripe', 'test']),
});
export type SubscriptionsResponse = z.infer<typeof subscriptionsResponseSchema>;

/** Billing details (section 3): the country is hidden in the form and always Danmark. */
export const billingDetailsSchema = z.object({
  name: text(100).trim().min(1, 'Please enter your name.'),
  email: text(254).trim().pipe(emailAddress('Please enter a valid email')),
  address: text(200).trim().default(''),
  /** Numeric by pattern (section 5): a Danish postal code. */
  zipcode: text(20)
    .trim()
    .regex(/^\d{4}$/, 'Zipcode must be 4 digits')
    .or(z.literal(''))
    .default(''),
  city: text(100).trim().default(''),
  country: z.literal('Danmark').default('Danmark'),
  phone: text(30).trim().default(''),
});
export type BillingDetails = z.output<typeof billingDetailsSchema>;

const termsAccepted = z.literal(true, { error: 'Subscription and payment terms must be accepted.' });

/**
 * POST /api/subscriptions. The amount is never sent: the server prices planId itself. A user who
 * has had the intro and asks for it again gets 409 code "intro-used" (never silently another price).
 */
export const createSubscriptionRequestSchema = z.object({
  planId: text(100).trim().min(1),
  /** The payment provider's id (GraphQL provider query, an ID: digits); optional, there is one. */
  providerId: intInput({ min: 1 }).optional(),
  terms: termsAccepted,
  billing: billingDetailsSchema,
});
export type CreateSubscriptionRequest = z.input<typeof createSubscriptionRequestSchema>;

export const createSubscriptionResponseSchema = z.object({
  id: z.string(),
  meta: z.object({
    /** The client secret the payment element (or the test payment form) confirms. */
    paymentInfo: z.string(),
    paymentMode: z.enum(['stripe', 'test']),
    /** Charged now, øre incl. VAT. */
    amountOre: z.number().int(),
  }),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

/**
 * A subscription id: a uuid (its column's type, so anything else would be a driver error). `text()`
 * first, so a NUL or half a surrogate gets the same message as everywhere else.
 */
export const subscriptionId = (message?: string) => text(36).pipe(z.uuid(message));

/** POST /api/subscriptions/change: switch to plan at the next renewal. */
export const changePlanRequestSchema = z.object({
  /** Which subscription; default the running one. */
  subscription: subscriptionId().optional(),
  plan: text(100).trim().min(1),
});
export type ChangePlanRequest = z.input<typeof changePlanRequestSchema>;

/** POST /api/subscriptions/cancel: cancel at period end (the pending next subscription first, when there is one). */
export const cancelSubscriptionRequestSchema = z.object({ id: subscriptionId().optional() });
export type CancelSubscriptionRequest = z.input<typeof cancelSubscriptionRequestSchema>;

/** A subscription id in the path (REST) or an argument (GraphQL reactivate/cancel). */
export const subscriptionIdParamSchema = z.object({ id: subscriptionId('Unknown subscription') });

/**
 * GET /api/subscriptions/reactivate/{id}?terms=true: reactivating an ended subscription charges the
 * saved card now, so it needs the terms accepted like a purchase (the service asks only then; a
 * cancelled one still running charges nothing now). Only "true" or "false", once.
 */
export const reactivateQuerySchema = z.object({
  terms: z
    .enum(['true', 'false'], { error: 'Subscription and payment terms must be accepted.' })
    .optional()
    .transform((v) => v === 'true'),
});
export type ReactivateQuery = z.input<typeof reactivateQuerySchema>;

/** The built-in test provider's confirm call: what the test payment form posts. */
export const testPaymentConfirmRequestSchema = z.object({
  cardNumber: text(30).trim().min(1, 'Invalid card number.'),
  /** MM/YY or MM/YYYY. */
  expiry: text(7).trim().default(''),
  cvc: text(4).trim().default(''),
  name: text(100).trim().default(''),
});

/** The client secret in the confirm path: a token, checked like a body field (400 naming it). */
export const testPaymentClientSecretParamSchema = z.object({ clientSecret: text(200).min(1) });
export type TestPaymentConfirmRequest = z.input<typeof testPaymentConfirmRequestSchema>;

export const testPaymentConfirmResponseSchema = z.object({
  status: z.literal('succeeded'),
  subscriptionId: z.string(),
  /** Where the web goes after payment (section 4: /profile). */
  returnUrl: z.string(),
});

/**
 * Which charge of its subscription's plan a receipt line is (domain linePlanOf): the invoice words it
 * in the page's language by this, while `label` stays the line as it was written.
 */
export const linePlanSchema = z.object({
  /** The plan id (offer name). */
  plan: z.string(),
  /** The intro's first charge: its days; null for a charge of the plan's price. */
  introDays: z.number().int().positive().nullable(),
  refund: z.boolean(),
});

/** A receipt line: øre incl. VAT. */
export const transactionLineSchema = z.object({
  /** As stored when charged (Danish): a receipt is not rewritten. */
  label: z.string(),
  priceOre: z.number().int(),
  vatOre: z.number().int(),
  subtotalOre: z.number().int(),
  /** null for a line that is no known charge of the plan: it is shown as stored. */
  plan: linePlanSchema.nullable(),
});

/** Transaction/invoice (section 3): a receipt of one successful charge. */
export const transactionSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  /** At least 4 digits, never reused ("1000"). */
  orderno: z.string(),
  timestamp: isoDateTime,
  /** Total incl. VAT, øre. */
  amountOre: z.number().int(),
  /** The VAT part of the total, øre. */
  vatOre: z.number().int(),
  currency: z.literal('DKK'),
  subscriptionId: z.string().nullable(),
  refunded: z.boolean(),
  /** When it was refunded (the 14-day withdrawal) and how much, øre; null when not refunded. */
  refundedAt: isoDateTime.nullable(),
  refundedOre: z.number().int().nullable(),
  customer: z.object({ name: z.string(), address: z.string().nullable(), zipcode: z.string().nullable(), city: z.string().nullable() }),
  company: z.object({ name: z.string(), address: z.string(), zip: z.string(), city: z.string(), tax: z.string() }),
  products: z.array(transactionLineSchema),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** GET /api/subscriptions/transactions: the user's own receipts, newest first. */
export const transactionsResponseSchema = z.object({ transactions: z.array(transactionSchema) });
export type TransactionsResponse = z.infer<typeof transactionsResponseSchema>;

/** A receipt id: a positive int4 (its column), from the path's digits. */
export const transactionIdParamSchema = z.object({ id: intInput({ min: 1 }) });

/** POST /api/subscriptions/{id}/withdraw: the 14-day right of withdrawal; refunds and ends access. */
export const withdrawResponseSchema = z.object({ refundedOre: z.number().int(), subscription: subscriptionViewSchema });

/**
 * A refused test card: 402 with the section 8 payment code (`paymentCode`) the web maps to its
 * message with paymentErrorKey().
 */
export const paymentFailureSchema = z.object({
  statusCode: z.literal(402),
  code: z.literal('payment-failed'),
  paymentCode: z.number().int(),
  /** A PAYMENT_MESSAGES key of @husly/domain: paymentErrorKey(paymentCode), or dankortNotSupported. */
  messageKey: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
