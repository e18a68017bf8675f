/**
 * The one interface both payment providers implement (Stripe, and the built-in test provider used
 * when STRIPE_SECRET_KEY is unset). The rest of the code does not know which one runs. Every
 * mutating call takes an idempotency key derived from our own ids, so a retried call never charges
 * or changes twice.
 */
export type GatewayStatus = 'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled' | 'paused';

/** One successful charge (a paid invoice): what a receipt is made of. */
export interface GatewayCharge {
  /** The invoice id: Transaction.providerRef, so a charge becomes exactly one receipt. */
  id: string;
  amountOre: number;
  paidAt: Date;
  /** The first charge of the subscription, or a renewal. */
  kind: 'first' | 'renewal';
  /** What a refund names (Stripe: the payment intent). */
  paymentRef: string | null;
  /** The card's fingerprint: an intro is once per card. */
  cardFingerprint: string | null;
}

/** The provider's current view of one subscription: the only state our records follow. */
export interface GatewaySubscription {
  id: string;
  customerId: string;
  status: GatewayStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  endedAt: Date | null;
  /** husly_subscription_id: our id. */
  metadata: Record<string, string>;
  /** Paid invoices, oldest first. */
  charges: GatewayCharge[];
}

export interface GatewayPlan {
  name: string;
  label: string;
  /** The first charge (the intro price for an intro), øre incl. VAT. */
  firstChargeOre: number;
  recurringOre: number;
  intervalDays: number;
  /** Days the first charge covers before the recurring price starts; 0 = one interval. */
  introDays: number;
  /** A price configured at Stripe for this offer; otherwise the price is sent inline. */
  stripePriceId: string | null;
}

export interface CreateGatewaySubscription {
  /** Our subscription id: metadata and the idempotency key. */
  subscriptionId: string;
  customerId: string;
  plan: GatewayPlan;
  /**
   * Start later without a charge until then (a change of plan at the next renewal), paying with the
   * card of the subscription `paymentMethodFrom`.
   */
  startAt?: Date;
  /** Charge now, off-session, with the card that paid this earlier subscription (reactivation). */
  paymentMethodFrom?: string;
}

export interface CreatedGatewaySubscription {
  id: string;
  /** What the payment element confirms; null when nothing is due now (deferred or charged off-session). */
  clientSecret: string | null;
}

/** The card was refused: the section 8 payment code and, when it is more specific, the message key. */
export class PaymentDeclinedError extends Error {
  constructor(
    readonly paymentCode: number,
    readonly messageKey: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** A verified webhook event: its id (stored once) and the ids the job re-reads. */
export interface WebhookEvent {
  id: string;
  type: string;
  subscriptionId: string | null;
  customerId: string | null;
}

/** The webhook's signature did not verify (bad, missing or stale): 400, nothing changes. */
export class WebhookSignatureError extends Error {}

export abstract class PaymentGateway {
  abstract readonly mode: 'stripe' | 'test';

  abstract createCustomer(input: { userId: number; email: string; name: string }): Promise<string>;
  /** payment_behavior default_incomplete: the first invoice waits for the client secret's confirmation. */
  abstract createSubscription(input: CreateGatewaySubscription): Promise<CreatedGatewaySubscription>;
  /** Stop renewal; the paid period runs out. */
  abstract cancelAtPeriodEnd(id: string, idempotencyKey: string): Promise<void>;
  /** Renew again (undo cancelAtPeriodEnd while the period runs). */
  abstract resume(id: string, idempotencyKey: string): Promise<void>;
  /** End now (withdrawal, a refused intro, or a pending plan change that is dropped). */
  abstract cancelNow(id: string, idempotencyKey: string): Promise<void>;
  abstract retrieveSubscription(id: string): Promise<GatewaySubscription | null>;
  /** Provider subscription ids changed since `since`: the reconcile job repairs ours from them. */
  abstract listChangedSubscriptionIds(since: Date): Promise<string[]>;
  abstract refund(charge: GatewayCharge, amountOre: number, idempotencyKey: string): Promise<void>;

  /**
   * Switch plan at the next renewal: the current subscription stops renewing and the next one starts
   * when its period ends, paid with the same card, with nothing charged before then.
   */
  async changePlanAtRenewal(current: GatewaySubscription, next: CreateGatewaySubscription, idempotencyKey: string): Promise<CreatedGatewaySubscription> {
    await this.cancelAtPeriodEnd(current.id, `${idempotencyKey}-stop`);
    return this.createSubscription({ ...next, startAt: current.currentPeriodEnd, paymentMethodFrom: current.id });
  }

  /** Verifies a webhook's signature on the raw body; throws WebhookSignatureError (or the provider's) when it does not. */
  abstract parseWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent;

  /** Renewals and expiries that only the test provider drives itself (Stripe does its own). */
  async advance(_now: Date): Promise<void> {}
}
