import { PAYMENT_MESSAGES, paymentErrorKey, type PaymentMessageKey } from '@husly/domain';

/**
 * A refused payment, from whichever gateway runs: the test provider's 402 body ({paymentCode,
 * message}) or Stripe.js's error ({code, decline_code, message}).
 */
export interface PaymentFailure {
  paymentCode?: number;
  /** Stripe's error code (incorrect_number, invalid_cvc, …) or decline code. */
  code?: string;
  declineCode?: string;
  message?: string;
  /** The test provider names section 8's text too (a PAYMENT_MESSAGES key). */
  messageKey?: string;
}

/** Stripe.js error and decline codes onto section 8's messages (Stripe speaks names, not numbers). */
const STRIPE_CODES: Record<string, PaymentMessageKey> = {
  incorrect_number: 'invalidCardNumber',
  invalid_number: 'invalidCardNumber',
  incomplete_number: 'invalidCardNumber',
  incorrect_cvc: 'invalidCvc',
  invalid_cvc: 'invalidCvc',
  incomplete_cvc: 'invalidCvc',
  expired_card: 'invalidExpiry',
  invalid_expiry_month: 'invalidExpiry',
  invalid_expiry_year: 'invalidExpiry',
  invalid_expiry_month_past: 'invalidExpiry',
  invalid_expiry_year_past: 'invalidExpiry',
  incomplete_expiry: 'invalidExpiry',
  card_velocity_exceeded: 'cardLimitExceeded',
  insufficient_funds: 'cardLimitExceeded',
  withdrawal_count_limit_exceeded: 'cardLimitExceeded',
  payment_intent_authentication_failure: 'threeDSecureFailed',
  authentication_required: 'threeDSecureFailed',
  card_not_supported: 'dankortNotSupported',
  card_declined: 'generic',
};

const byText = new Map(Object.entries(PAYMENT_MESSAGES).map(([key, text]) => [text as string, key as PaymentMessageKey]));

/**
 * Section 8 has more texts than the code map has classes: a provider's text may narrow a class down
 * (code 2 with the Dankort text; code 3 with "wrong credit card number"), never move to another one.
 */
const REFINES: Partial<Record<PaymentMessageKey, readonly PaymentMessageKey[]>> = {
  generic: ['dankortNotSupported', 'cardholderNameRequired'],
  invalidCardNumber: ['wrongCardNumber'],
};

function refine(key: PaymentMessageKey, message: string | undefined, messageKey?: string): PaymentMessageKey {
  const named = messageKey !== undefined && messageKey in PAYMENT_MESSAGES ? (messageKey as PaymentMessageKey) : undefined;
  const narrower = named ?? (message === undefined ? undefined : byText.get(message));
  return narrower && REFINES[key]?.includes(narrower) ? narrower : key;
}

/**
 * The one place a gateway's failure becomes a section 8 message key (translated under
 * subscriptions.paymentErrors): the numeric code map of section 8 (libs/domain) for the test
 * provider, Stripe's named codes for Stripe.js; null means ignore (code 30).
 */
export function paymentFailureKey(failure: PaymentFailure): PaymentMessageKey | null {
  if (typeof failure.paymentCode === 'number') {
    const key = paymentErrorKey(failure.paymentCode);
    return key === null ? null : refine(key, failure.message, failure.messageKey);
  }
  const stripe = (failure.declineCode && STRIPE_CODES[failure.declineCode]) || (failure.code && STRIPE_CODES[failure.code]);
  return refine(stripe || 'generic', failure.message);
}

/** The 402 body of the test provider, when `body` is one. */
export function paymentFailureFromBody(body: unknown): PaymentFailure | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as { paymentCode?: unknown; message?: unknown; code?: unknown; messageKey?: unknown };
  if (typeof b.paymentCode !== 'number' && b.code !== 'payment-failed') return null;
  return {
    paymentCode: typeof b.paymentCode === 'number' ? b.paymentCode : undefined,
    message: typeof b.message === 'string' ? b.message : undefined,
    messageKey: typeof b.messageKey === 'string' ? b.messageKey : undefined,
  };
}
