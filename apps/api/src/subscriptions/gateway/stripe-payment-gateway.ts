import Stripe from 'stripe';
import { PAYMENT_MESSAGES, paymentErrorKey } from '@husly/domain';
import {
  PaymentDeclinedError,
  PaymentGateway,
  type CreateGatewaySubscription,
  type CreatedGatewaySubscription,
  type GatewayCharge,
  type GatewayStatus,
  type GatewaySubscription,
  type WebhookEvent,
  WebhookSignatureError,
} from './payment-gateway';

const WEBHOOK_TOLERANCE_SECONDS = 300;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const date = (s: number) => new Date(s * 1000);
const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);

/** Stripe decline codes → section 8 payment codes. */
const DECLINE_CODES: Record<string, number> = {
  generic_decline: 2,
  card_declined: 2,
  incorrect_number: 3,
  invalid_number: 17,
  incorrect_cvc: 4,
  invalid_cvc: 20,
  expired_card: 5,
  invalid_expiry_month: 18,
  invalid_expiry_year: 19,
  insufficient_funds: 7,
  card_velocity_exceeded: 25,
  withdrawal_count_limit_exceeded: 7,
  authentication_required: 31,
};

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Tests: the SDK's calls go to a local server speaking Stripe's API. */
  apiUrl?: string;
}

/**
 * Stripe through the official SDK: a customer per user, subscriptions created default_incomplete
 * with the first invoice's confirmation secret for the Payment Element, an idempotency key on
 * every mutating call, and subscriptions re-read (with their paid invoices) instead of trusting events.
 */
export class StripePaymentGateway extends PaymentGateway {
  readonly mode = 'stripe' as const;
  readonly stripe: Stripe;

  /** `httpClient`: tests hand the SDK an in-process client; production uses the SDK's own. */
  constructor(
    private readonly settings: StripeSettings,
    httpClient?: Stripe.HttpClient,
  ) {
    super();
    const url = settings.apiUrl ? new URL(settings.apiUrl) : null;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'husly' },
      ...(httpClient ? { httpClient } : {}),
      ...(url ? { host: url.hostname, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), protocol: url.protocol.replace(':', '') as 'http' | 'https' } : {}),
    });
  }

  async createCustomer(input: { userId: number; email: string; name: string }): Promise<string> {
    const customer = await this.stripe.customers.create(
      { email: input.email, name: input.name, metadata: { husly_user_id: String(input.userId) } },
      { idempotencyKey: `customer-user-${input.userId}` },
    );
    return customer.id;
  }

  async createSubscription(input: CreateGatewaySubscription): Promise<CreatedGatewaySubscription> {
    const { plan } = input;
    const product = await this.productFor(plan.name, plan.label);
    const item = plan.stripePriceId
      ? { price: plan.stripePriceId }
      : { price_data: { currency: 'dkk', product, unit_amount: plan.recurringOre, recurring: { interval: 'day' as const, interval_count: plan.intervalDays } } };
    const params: Stripe.SubscriptionCreateParams = {
      customer: input.customerId,
      items: [item],
      metadata: { husly_subscription_id: input.subscriptionId, plan: plan.name },
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret'],
    };
    if (input.startAt) {
      // A change of plan: nothing is charged until the running subscription's period ends.
      params.trial_end = seconds(input.startAt);
    } else if (plan.introDays > 0) {
      // The intro: the intro price now, the recurring price from the end of the trial days.
      params.trial_period_days = plan.introDays;
      params.add_invoice_items = [{ price_data: { currency: 'dkk', product, unit_amount: plan.firstChargeOre } }];
    }
    if (input.paymentMethodFrom) {
      const from = await this.stripe.subscriptions.retrieve(input.paymentMethodFrom);
      const method = idOf(from.default_payment_method);
      if (method) params.default_payment_method = method;
    }
    if (input.paymentMethodFrom && !input.startAt) {
      params.off_session = true;
      params.payment_behavior = 'error_if_incomplete';
    } else {
      params.payment_behavior = 'default_incomplete';
    }
    try {
      const subscription = await this.stripe.subscriptions.create(params, { idempotencyKey: `subscription-${input.subscriptionId}` });
      const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
      const secret = subscription.status === 'incomplete' ? (invoice?.confirmation_secret?.client_secret ?? null) : null;
      return { id: subscription.id, clientSecret: secret };
    } catch (error) {
      throw declined(error) ?? error;
    }
  }

  async cancelAtPeriodEnd(id: string, idempotencyKey: string): Promise<void> {
    await this.stripe.subscriptions.update(id, { cancel_at_period_end: true }, { idempotencyKey });
  }

  async resume(id: string, idempotencyKey: string): Promise<void> {
    await this.stripe.subscriptions.update(id, { cancel_at_period_end: false }, { idempotencyKey });
  }

  async cancelNow(id: string, idempotencyKey: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(id, {}, { idempotencyKey });
    } catch (error) {
      // Already canceled at Stripe: the state we wanted.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && /cancel/i.test(error.message)) return;
      throw error;
    }
  }

  async retrieveSubscription(id: string): Promise<GatewaySubscription | null> {
    let s: Stripe.Subscription;
    try {
      s = await this.stripe.subscriptions.retrieve(id);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
    const invoices = await this.stripe.invoices.list({ subscription: id, status: 'paid', limit: 100, expand: ['data.payments'] });
    const charges: GatewayCharge[] = [];
    for (const invoice of [...invoices.data].sort((a, b) => a.created - b.created)) {
      if (!invoice.id || invoice.amount_paid <= 0) continue;
      const paymentIntent = idOf(invoice.payments?.data.find((p) => p.status === 'paid')?.payment.payment_intent ?? null);
      charges.push({
        id: invoice.id,
        amountOre: invoice.amount_paid,
        paidAt: date(invoice.status_transitions.paid_at ?? invoice.created),
        kind: invoice.billing_reason === 'subscription_create' ? 'first' : charges.length === 0 ? 'first' : 'renewal',
        paymentRef: paymentIntent,
        cardFingerprint: paymentIntent ? await this.fingerprintOf(paymentIntent) : null,
      });
    }
    const item = s.items.data[0];
    return {
      id: s.id,
      customerId: idOf(s.customer) ?? '',
      status: s.status as GatewayStatus,
      currentPeriodStart: date(item?.current_period_start ?? s.start_date),
      currentPeriodEnd: date(item?.current_period_end ?? s.start_date),
      cancelAtPeriodEnd: s.cancel_at_period_end,
      canceledAt: s.canceled_at ? date(s.canceled_at) : null,
      endedAt: s.ended_at ? date(s.ended_at) : null,
      metadata: { ...s.metadata },
      charges,
    };
  }

  async listChangedSubscriptionIds(since: Date): Promise<string[]> {
    const ids = new Set<string>();
    for await (const event of this.stripe.events.list({
      created: { gte: seconds(since) },
      types: ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted', 'invoice.paid', 'invoice.payment_failed'],
      limit: 100,
    })) {
      const object = event.data.object as { object?: string; id?: string; parent?: Stripe.Invoice['parent'] };
      if (object.object === 'subscription' && object.id) ids.add(object.id);
      const sub = idOf(object.parent?.subscription_details?.subscription ?? null);
      if (sub) ids.add(sub);
    }
    return [...ids];
  }

  async refund(charge: GatewayCharge, amountOre: number, idempotencyKey: string): Promise<void> {
    if (!charge.paymentRef) throw new Error(`Charge ${charge.id} has no payment to refund`);
    await this.stripe.refunds.create({ payment_intent: charge.paymentRef, amount: amountOre }, { idempotencyKey });
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent {
    // The SDK refuses signatures older than its tolerance but not ones from the future: a replay
    // window pushed ahead. Five minutes of clock skew at most, as the SDK allows backwards.
    const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature ?? '')?.[1] ?? Number.NaN);
    if (signedAt > Math.floor(Date.now() / 1000) + WEBHOOK_TOLERANCE_SECONDS) throw new WebhookSignatureError('The webhook is signed in the future');
    const event = this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    const object = event.data.object as { object?: string; id?: string; customer?: string | { id: string } | null; parent?: Stripe.Invoice['parent'] };
    let subscriptionId: string | null = null;
    if (object.object === 'subscription') subscriptionId = object.id ?? null;
    else if (object.object === 'invoice') subscriptionId = idOf(object.parent?.subscription_details?.subscription ?? null);
    return { id: event.id, type: event.type, subscriptionId, customerId: idOf(object.customer ?? null) };
  }

  private async fingerprintOf(paymentIntentId: string): Promise<string | null> {
    const intent = await this.stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] });
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    return charge?.payment_method_details?.card?.fingerprint ?? null;
  }

  /** One Stripe product per plan, created once (its id is ours, so a second create finds it). */
  private async productFor(plan: string, label: string): Promise<string> {
    const id = `husly-${plan}`.replace(/[^a-zA-Z0-9_-]/g, '-');
    try {
      return (await this.stripe.products.retrieve(id)).id;
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)) throw error;
      return (await this.stripe.products.create({ id, name: label }, { idempotencyKey: `product-${id}` })).id;
    }
  }
}

/** A card error from Stripe as our declined error (section 8 code), or null for other errors. */
function declined(error: unknown): PaymentDeclinedError | null {
  if (!(error instanceof Stripe.errors.StripeCardError)) return null;
  const code = DECLINE_CODES[error.decline_code ?? ''] ?? DECLINE_CODES[error.code ?? ''] ?? 2;
  const key = paymentErrorKey(code) ?? 'generic';
  return new PaymentDeclinedError(code, key, PAYMENT_MESSAGES[key]);
}
