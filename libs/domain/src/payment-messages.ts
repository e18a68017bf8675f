// Section 8, payment: the payment texts and the provider's code map, needed by the subscription pages
// and the API only (part of the error catalogue, error-catalogue.ts).

export const PAYMENT_MESSAGES = {
  providerUnavailable: 'Could not connect to payment provider. Please contact customer support.',
  termsRequired: 'Subscription and payment terms must be accepted.',
  generic: 'Payment failed. Please check your card details or contact customer support.',
  invalidCardNumber: 'Invalid card number.',
  wrongCardNumber: 'It looks like you have typed a wrong credit card number.',
  dankortNotSupported: 'Unfortunately we do not support Dankort. Please use a Visa, Visa/Dankort or MasterCard.',
  invalidCvc: 'Invalid CVC.',
  invalidExpiry: 'Invalid expire date, or credit card has expired.',
  cardholderNameRequired: 'Please enter the card holder name.',
  threeDSecureFailed: 'Payment failed. Please try again, or contact customer support.',
  /** Our text; the spec does not show it. */
  cardLimitExceeded: 'The card limit has been exceeded. Please use another card or contact your bank.',
} as const;
export type PaymentMessageKey = keyof typeof PAYMENT_MESSAGES;

const PAYMENT_CODES: ReadonlyArray<[readonly number[], PaymentMessageKey]> = [
  [[2], 'generic'],
  [[3, 17], 'invalidCardNumber'],
  [[4, 20], 'invalidCvc'],
  [[5, 6, 18, 19], 'invalidExpiry'],
  [[7, 25, 40103], 'cardLimitExceeded'],
  [[31], 'threeDSecureFailed'],
];

/** Section 8 payment code map. Code 30 is ignored (null); unknown codes are the generic failure. */
export function paymentErrorKey(code: number): PaymentMessageKey | null {
  if (code === 30) return null;
  return PAYMENT_CODES.find(([codes]) => codes.includes(code))?.[1] ?? 'generic';
}
