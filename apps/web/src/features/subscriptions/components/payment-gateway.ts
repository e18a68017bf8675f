import type { PaymentMessageKey } from '@husly/domain';

/** A failure the form shows: one of section 8's messages, or (Stripe confirmation) the provider's own text. */
export type PaymentProblem =
  | { key: PaymentMessageKey; field?: string }
  | { text: string }
  /** The intro was refused at payment (the card had it before); the payment was refunded. */
  | { introUsed: true };

/**
 * What the payment form needs from the payment element, whichever gateway runs (the built-in test
 * provider's card form or Stripe's Payment Element); the form does not know which one it talks to.
 */
export interface PaymentGateway {
  /** Checks the card details before anything is created; null when they may be sent. */
  check(): Promise<PaymentProblem | null>;
  /** Confirms the payment the client secret names; null on success. */
  confirm(clientSecret: string, billing: { name: string; email: string }): Promise<PaymentProblem | null>;
}
