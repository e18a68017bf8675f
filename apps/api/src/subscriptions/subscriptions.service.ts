import { Inject, Injectable } from '@nestjs/common';
import {
  changePlanRequestSchema,
  createSubscriptionRequestSchema,
  testPaymentConfirmRequestSchema,
  type ChangePlanRequest,
  type CreateSubscriptionRequest,
  type CreateSubscriptionResponse,
  type SubscriptionsResponse,
  type SubscriptionView,
  type TestPaymentConfirmRequest,
  type Transaction,
} from '@husly/contracts';
import { DEFAULT_LANGUAGE, PAYMENT_MESSAGES, firstChargeOre, firstPeriodDays, givesAccess, renewalChargeOre, showReactivateButton, withinWithdrawal, type Language } from '@husly/domain';
import { RateLimitService } from '../accounts/rate-limit.service';
import type { AuthUser } from '../common/auth/auth-user';
import { Clock } from '../infra/clock/clock';
import { PrismaService } from '../infra/prisma/prisma.service';
import type { Offer as OfferRow } from '../infra/prisma/generated/client';
import { PaymentDeclinedError, PaymentGateway, type GatewayPlan } from './gateway/payment-gateway';
import { TestPaymentGateway } from './gateway/test-payment-gateway';
import { OffersService } from './offers.service';
import { PaymentProvidersService } from './payment-providers.service';
import { notFound, parseInput, paymentFailed, subscriptionError } from './subscription-errors';
import { SubscriptionSyncService, pricingOf } from './subscription-sync.service';
import { TEST_PAYMENT_CONFIRM_BUCKETS } from './subscription-throttles';
import { SUBSCRIPTION_INCLUDE, TRANSACTION_INCLUDE, toSubscriptionView, toTransaction, type SubscriptionRow } from './subscription-views';

const DAY_MS = 86_400_000;

/** Purchase, cancel, reactivation, change of plan, withdrawal and receipts (spec sections 4 and 7). */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly providers: PaymentProvidersService,
    private readonly offers: OffersService,
    private readonly gateway: PaymentGateway,
    private readonly syncer: SubscriptionSyncService,
    private readonly rateLimits: RateLimitService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** The user's subscriptions, newest first; a pending next subscription shows inside its predecessor. */
  async list(userId: number): Promise<SubscriptionsResponse> {
    const now = this.clock.now();
    // A subscription just paid in the browser: re-read it now rather than wait for the webhook.
    const pending = await this.prisma.subscription.findMany({
      where: { userId, status: 'INCOMPLETE', providerSubscriptionId: { not: null }, createdAt: { gt: new Date(now.getTime() - DAY_MS) } },
      select: { providerSubscriptionId: true },
    });
    for (const p of pending) await this.syncer.sync(p.providerSubscriptionId as string);

    const rows = await this.prisma.subscription.findMany({
      where: { userId, NOT: { status: 'INCOMPLETE', createdAt: { lt: new Date(now.getTime() - DAY_MS) } } },
      include: { ...SUBSCRIPTION_INCLUDE, previousSubscription: { select: { endingAt: true, status: true } } },
      orderBy: [{ startingAt: 'desc' }, { createdAt: 'desc' }],
    });
    // A next subscription is shown inside its predecessor while that one still runs.
    // A dropped change of plan never ran (it ends where it starts): not shown at all.
    const shown = rows.filter(
      (r) =>
        (!r.previousSubscription || !(r.previousSubscription.status === 'ACTIVE' && r.previousSubscription.endingAt && r.previousSubscription.endingAt > now)) &&
        !(r.status === 'CANCELED' && r.endingAt !== null && r.endingAt <= r.startingAt),
    );
    const subscriptions = shown.map((r) => toSubscriptionView(r, now));
    const subscriber = rows.some((r) => givesAccess(r, now));
    const first = shown.find((r) => r.status !== 'INCOMPLETE');
    return {
      subscriber,
      subscriptions,
      showReactivate: showReactivateButton(subscriber, first && { legacyId: first.legacyId, renew: first.renew, hasNext: first.nextSubscriptionId !== null }),
      paymentMode: this.providers.mode,
    };
  }

  /**
   * A new subscription waiting for its first payment; the client secret goes to the payment element.
   * `input` is parsed here so REST and GraphQL refuse the same things the same way. The price is the
   * plan's: nothing about the amount comes from the client.
   */
  async create(user: AuthUser, input: CreateSubscriptionRequest | Record<string, unknown>): Promise<CreateSubscriptionResponse> {
    const { planId, billing } = parseInput(createSubscriptionRequestSchema, input);
    const offer = await this.offers.byName(planId);
    if (!offer) throw subscriptionError(404, 'unknown-plan', `Unknown plan ${planId}`, 'planId');
    const now = this.clock.now();
    const running = await this.prisma.subscription.findMany({ where: { userId: user.id, status: 'ACTIVE' }, select: { status: true, startingAt: true, endingAt: true } });
    if (running.some((r) => givesAccess(r, now))) throw subscriptionError(409, 'already-subscribed', 'You already have a running subscription', 'planId');
    // Documented choice: asking for the intro again is a clear 409, never a silent other price.
    if (offer.intro && (await this.offers.hadIntro(user.id))) {
      throw subscriptionError(409, 'intro-used', 'The intro offer can only be bought once. Choose the regular subscription.', 'planId');
    }
    const customerId = await this.customerOf(user, billing.name);
    const row = await this.prisma.subscription.create({
      data: { userId: user.id, offerId: offer.id, status: 'INCOMPLETE', startingAt: now, renew: true, providerCustomerId: customerId, meta: { billing } },
    });
    const created = await this.gateway.createSubscription({ subscriptionId: row.id, customerId, plan: gatewayPlan(offer) });
    await this.prisma.subscription.update({ where: { id: row.id }, data: { providerSubscriptionId: created.id } });
    return { id: row.id, meta: { paymentInfo: created.clientSecret ?? '', paymentMode: this.gateway.mode, amountOre: firstChargeOre(pricingOf(offer)) } };
  }

  /**
   * The test provider's payment form: pays the client secret with a test card, then the subscription
   * is live at once. Every well-formed attempt counts against the user and the secret before the
   * lookup (429 beyond TEST_PAYMENT_CONFIRM_THROTTLE), so guessing secrets or cards stays slow.
   */
  async confirmTestPayment(
    user: AuthUser,
    clientSecret: string,
    card: TestPaymentConfirmRequest | Record<string, unknown>,
    language: Language = DEFAULT_LANGUAGE,
  ): Promise<{ subscriptionId: string }> {
    if (!(this.gateway instanceof TestPaymentGateway)) throw notFound('Test payment');
    const input = parseInput(testPaymentConfirmRequestSchema, card);
    await this.rateLimits.consume(TEST_PAYMENT_CONFIRM_BUCKETS.all(user.id, clientSecret), language);
    const row = await this.prisma.subscription.findFirst({ where: { userId: user.id, providerSubscriptionId: clientSecret.split('_secret_')[0] }, select: { id: true } });
    if (!row) throw notFound('Payment');
    try {
      const { subscriptionId } = await this.gateway.confirm(clientSecret, input);
      const result = await this.syncer.sync(subscriptionId);
      if (result.introRefused) {
        throw subscriptionError(409, 'intro-card-used', 'The intro offer has already been used with this card or account. The payment was refunded.');
      }
      return { subscriptionId: row.id };
    } catch (error) {
      if (error instanceof PaymentDeclinedError) throw paymentFailed(error.paymentCode, error.message, error.field, error.messageKey);
      throw error;
    }
  }

  /** Cancel at period end; access runs until then. With a pending change of plan, that change is dropped. */
  async cancel(user: AuthUser, id: string | undefined): Promise<SubscriptionView> {
    const s = id ? await this.own(user.id, id) : await this.current(user.id);
    if (!s) throw notFound();
    const version = s.updatedAt.getTime();
    if (s.nextSubscription) {
      // "uses the nextSubscription id when present": the pending plan is cancelled; the running one still ends.
      const next = s.nextSubscription;
      if (next.providerSubscriptionId) await this.gateway.cancelNow(next.providerSubscriptionId, `cancel-next-${next.id}-${version}`);
      await this.prisma.subscription.update({ where: { id: next.id }, data: { status: 'CANCELED', renew: false, canceledAt: this.clock.now(), endingAt: next.startingAt } });
      await this.prisma.subscription.update({ where: { id: s.id }, data: { nextSubscriptionId: null } });
    }
    if (s.providerSubscriptionId && s.status !== 'EXPIRED' && s.status !== 'CANCELED') {
      if (s.status === 'INCOMPLETE') await this.gateway.cancelNow(s.providerSubscriptionId, `cancel-now-${s.id}-${version}`);
      else await this.gateway.cancelAtPeriodEnd(s.providerSubscriptionId, `cancel-${s.id}-${version}`);
      await this.syncer.sync(s.providerSubscriptionId);
    } else if (!s.providerSubscriptionId && s.renew) {
      // Seeded or migrated subscriptions without a provider: stop renewing here.
      await this.prisma.subscription.update({ where: { id: s.id }, data: { renew: false, canceledAt: this.clock.now() } });
    }
    return this.view(s.id);
  }

  /**
   * Section 4: allowed unless the subscription has a legacyId. A cancelled one still running renews
   * again (a pending change of plan is dropped); one that has ended starts again on its plan (the
   * recurring one for an intro), charged to the card that paid it.
   */
  async reactivate(user: AuthUser, id: string): Promise<SubscriptionView> {
    const s = await this.own(user.id, id);
    if (!s) throw notFound();
    if (s.legacyId) throw subscriptionError(409, 'not-reactivatable', 'This subscription cannot be reactivated');
    const now = this.clock.now();
    const version = s.updatedAt.getTime();
    if (s.status === 'ACTIVE' && s.endingAt && s.endingAt > now && s.providerSubscriptionId) {
      if (s.nextSubscription?.providerSubscriptionId) {
        await this.gateway.cancelNow(s.nextSubscription.providerSubscriptionId, `drop-next-${s.nextSubscription.id}-${version}`);
        await this.prisma.subscription.update({ where: { id: s.nextSubscription.id }, data: { status: 'CANCELED', renew: false, canceledAt: now, endingAt: s.nextSubscription.startingAt } });
        await this.prisma.subscription.update({ where: { id: s.id }, data: { nextSubscriptionId: null } });
      }
      await this.gateway.resume(s.providerSubscriptionId, `resume-${s.id}-${version}`);
      await this.syncer.sync(s.providerSubscriptionId);
      return this.view(s.id);
    }
    if (s.status === 'ACTIVE' && s.endingAt && s.endingAt > now && !s.providerSubscriptionId) {
      // Seeded or migrated subscriptions without a provider: renew again here.
      await this.prisma.subscription.update({ where: { id: s.id }, data: { renew: true, canceledAt: null } });
      return this.view(s.id);
    }
    if (s.status === 'ACTIVE' || s.status === 'INCOMPLETE' || s.status === 'PAUSED') {
      throw subscriptionError(409, 'not-reactivatable', s.status === 'PAUSED' ? 'The subscription is paused for an outstanding payment' : 'The subscription is already renewing');
    }
    const running = await this.current(user.id);
    if (running) throw subscriptionError(409, 'already-subscribed', 'You already have a running subscription');
    if (!s.providerSubscriptionId || !s.cardFingerprint) throw subscriptionError(409, 'not-reactivatable', 'No card on file: buy the subscription again');
    const offer = s.offer.intro ? await this.offers.recurringPlan() : s.offer;
    if (!offer) throw subscriptionError(404, 'unknown-plan', 'No plan to reactivate');
    const row = await this.prisma.subscription.create({
      data: { userId: user.id, offerId: offer.id, status: 'INCOMPLETE', startingAt: now, providerCustomerId: s.providerCustomerId, meta: { billing: (s.meta as { billing?: object }).billing ?? {}, reactivates: s.id } },
    });
    try {
      const created = await this.gateway.createSubscription({ subscriptionId: row.id, customerId: s.providerCustomerId ?? '', plan: gatewayPlan(offer), paymentMethodFrom: s.providerSubscriptionId });
      await this.prisma.subscription.update({ where: { id: row.id }, data: { providerSubscriptionId: created.id } });
      await this.syncer.sync(created.id);
    } catch (error) {
      await this.prisma.subscription.update({ where: { id: row.id }, data: { status: 'EXPIRED', renew: false, endingAt: now } });
      if (error instanceof PaymentDeclinedError) throw paymentFailed(error.paymentCode, error.message, error.field, error.messageKey);
      throw error;
    }
    return this.view(row.id);
  }

  /** Switch to `plan` at the next renewal: a next subscription starts when this one's period ends. */
  async changePlan(user: AuthUser, input: ChangePlanRequest | Record<string, unknown>): Promise<SubscriptionView> {
    const { subscription, plan } = parseInput(changePlanRequestSchema, input);
    const s = subscription ? await this.own(user.id, subscription) : await this.current(user.id);
    const now = this.clock.now();
    if (!s) throw notFound();
    if (!(s.status === 'ACTIVE' && s.endingAt && s.endingAt > now) || !s.providerSubscriptionId) {
      throw subscriptionError(409, 'not-reactivatable', 'Only a running subscription can change plan', 'subscription');
    }
    const offer = await this.offers.byName(plan);
    if (!offer || offer.intro) throw subscriptionError(404, 'unknown-plan', `Unknown plan ${plan}`, 'plan');
    if (offer.id === s.offerId && !s.nextSubscription) throw subscriptionError(409, 'same-plan', 'That is the current plan', 'plan');
    const g = await this.gateway.retrieveSubscription(s.providerSubscriptionId);
    if (!g) throw subscriptionError(502, 'provider-unavailable', PAYMENT_MESSAGES.providerUnavailable);
    const version = s.updatedAt.getTime();
    if (s.nextSubscription) {
      if (s.nextSubscription.providerSubscriptionId) await this.gateway.cancelNow(s.nextSubscription.providerSubscriptionId, `replace-next-${s.nextSubscription.id}-${version}`);
      await this.prisma.subscription.update({ where: { id: s.nextSubscription.id }, data: { status: 'CANCELED', renew: false, canceledAt: now, endingAt: s.nextSubscription.startingAt } });
    }
    const startAt = g.currentPeriodEnd;
    const next = await this.prisma.subscription.create({
      data: {
        userId: user.id,
        offerId: offer.id,
        status: 'INCOMPLETE',
        startingAt: startAt,
        endingAt: new Date(startAt.getTime() + offer.intervalDays * DAY_MS),
        providerCustomerId: s.providerCustomerId,
        meta: { billing: (s.meta as { billing?: object }).billing ?? {}, changedFrom: s.id },
      },
    });
    await this.prisma.subscription.update({ where: { id: s.id }, data: { nextSubscriptionId: next.id } });
    const created = await this.gateway.changePlanAtRenewal(g, { subscriptionId: next.id, customerId: g.customerId, plan: gatewayPlan(offer) }, `change-${s.id}-${next.id}`);
    await this.prisma.subscription.update({ where: { id: next.id }, data: { providerSubscriptionId: created.id } });
    await this.syncer.sync(created.id);
    await this.syncer.sync(g.id);
    return this.view(s.id);
  }

  /**
   * The 14-day right of withdrawal (section 9): within 14 days of the first charge the charges are
   * refunded through the provider and access ends now.
   */
  async withdraw(user: AuthUser, id: string): Promise<{ refundedOre: number; subscription: SubscriptionView }> {
    const s = await this.own(user.id, id);
    if (!s) throw notFound();
    const now = this.clock.now();
    const charges = await this.prisma.transaction.findMany({ where: { subscriptionId: s.id, refundedAt: null }, orderBy: { timestamp: 'asc' } });
    const first = await this.prisma.transaction.findFirst({ where: { subscriptionId: s.id }, orderBy: { timestamp: 'asc' } });
    if (!first || s.withdrawnAt || !withinWithdrawal(first.timestamp, now) || charges.length === 0) {
      throw subscriptionError(409, 'withdrawal-expired', 'The 14-day withdrawal period has passed (or nothing was charged)');
    }
    const g = s.providerSubscriptionId ? await this.gateway.retrieveSubscription(s.providerSubscriptionId) : null;
    let refundedOre = 0;
    for (const t of charges) {
      const charge = g?.charges.find((c) => c.id === t.providerRef);
      if (charge) await this.gateway.refund(charge, t.amount, `withdraw-${t.uuid}`);
      await this.prisma.transaction.update({ where: { id: t.id }, data: { refundedAt: now, refundedOre: t.amount } });
      refundedOre += t.amount;
    }
    await this.prisma.subscription.update({ where: { id: s.id }, data: { withdrawnAt: now, status: 'CANCELED', renew: false, canceledAt: now, endingAt: now } });
    if (s.providerSubscriptionId) {
      await this.gateway.cancelNow(s.providerSubscriptionId, `withdraw-${s.id}`);
      await this.syncer.sync(s.providerSubscriptionId);
    }
    return { refundedOre, subscription: await this.view(s.id) };
  }

  /** The user's own receipts, newest first. */
  async transactions(userId: number): Promise<Transaction[]> {
    const rows = await this.prisma.transaction.findMany({ where: { userId }, include: TRANSACTION_INCLUDE, orderBy: [{ timestamp: 'desc' }, { id: 'desc' }] });
    return rows.map(toTransaction);
  }

  /** One receipt; another user's (or an unknown id) is a 404, never a 403, so ids reveal nothing. */
  async transaction(userId: number, id: number): Promise<Transaction> {
    const row = await this.prisma.transaction.findFirst({ where: { id, userId }, include: TRANSACTION_INCLUDE });
    if (!row) throw notFound('Transaction');
    return toTransaction(row);
  }

  private async customerOf(user: AuthUser, name: string): Promise<string> {
    const known = await this.prisma.subscription.findFirst({ where: { userId: user.id, providerCustomerId: { not: null } }, select: { providerCustomerId: true } });
    if (known?.providerCustomerId) return known.providerCustomerId;
    return this.gateway.createCustomer({ userId: user.id, email: user.email ?? '', name });
  }

  private async own(userId: number, id: string): Promise<(SubscriptionRow & { updatedAt: Date }) | null> {
    return this.prisma.subscription.findFirst({ where: { id, userId }, include: SUBSCRIPTION_INCLUDE });
  }

  /** The subscription giving access now (the newest), if any. */
  private async current(userId: number): Promise<SubscriptionRow | null> {
    const now = this.clock.now();
    return this.prisma.subscription.findFirst({
      where: { userId, status: 'ACTIVE', startingAt: { lte: now }, OR: [{ endingAt: null }, { endingAt: { gt: now } }] },
      include: SUBSCRIPTION_INCLUDE,
      orderBy: { startingAt: 'desc' },
    });
  }

  private async view(id: string): Promise<SubscriptionView> {
    const row = await this.prisma.subscription.findUniqueOrThrow({ where: { id }, include: SUBSCRIPTION_INCLUDE });
    return toSubscriptionView(row, this.clock.now());
  }
}

export function gatewayPlan(offer: OfferRow): GatewayPlan {
  const pricing = pricingOf(offer);
  return {
    name: offer.name,
    label: offer.label,
    firstChargeOre: firstChargeOre(pricing),
    recurringOre: renewalChargeOre(pricing),
    intervalDays: offer.intervalDays,
    introDays: offer.intro ? firstPeriodDays(pricing) : 0,
    stripePriceId: offer.stripePriceId,
  };
}
