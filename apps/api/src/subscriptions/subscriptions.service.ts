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
import { DEFAULT_LANGUAGE, PAYMENT_MESSAGES, firstChargeOre, firstPeriodDays, givesAccess, renewalChargeOre, showReactivateButton, withinWithdrawal, type ContactUsage, type Language } from '@husly/domain';
import { RateLimitService } from '../common/rate-limit/rate-limit.service';
import type { AuthUser } from '../common/auth/auth-user';
import { Clock } from '../infra/clock/clock';
import { PrismaService } from '../infra/prisma/prisma.service';
import { JobQueue } from '../infra/queue/job-queue.service';
import type { Offer as OfferRow, Prisma } from '../infra/prisma/generated/client';
import { PaymentDeclinedError, PaymentGateway, type GatewayPlan } from './gateway/payment-gateway';
import { TestPaymentGateway } from './gateway/test-payment-gateway';
import { OffersService } from './offers/offers.service';
import { PaymentProvidersService } from './gateway/payment-providers.service';
import { SubscriptionAccessService } from './subscription-access.service';
import { SubscriptionLockService } from './sync/subscription-lock.service';
import { queueNotice, type NoticeData, type NoticeKind } from './subscription-notices';
import { notFound, parseInput, paymentFailed, subscriptionError } from './subscription-errors';
import { Metrics } from '../infra/metrics/metrics';
import { SubscriptionSyncService, pricingOf } from './sync/subscription-sync.service';
import { TEST_PAYMENT_CONFIRM_BUCKETS } from './subscription-throttles';
import { SUBSCRIPTION_INCLUDE, TRANSACTION_INCLUDE, toSubscriptionView, toTransaction, type SubscriptionRow } from './subscription-views';

const DAY_MS = 86_400_000;
/**
 * A purchase waiting for payment is handed out again (same client secret) for this long: well inside
 * Stripe's 24 hours of idempotency keys and its 23 hours before an unpaid subscription expires.
 */
const REUSE_OPEN_PURCHASE_MS = 20 * 3_600_000;

/** What support changed, as read before and after inside the subscription lock: the audit log's entry. */
export type RecordSupportChange = (change: { userId: number; before: unknown; after: unknown }) => Promise<void>;

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
    private readonly lock: SubscriptionLockService,
    private readonly jobs: JobQueue,
    private readonly access: SubscriptionAccessService,
    @Inject(Clock) private readonly clock: Clock,
    private readonly metrics: Metrics,
  ) {}

  /** A payment the provider declined at checkout: counted for the metrics, answered as a 402. */
  private declined(error: PaymentDeclinedError) {
    this.metrics.payments.inc({ outcome: 'declined' });
    return paymentFailed(error.paymentCode, error.message, error.field, error.messageKey);
  }

  /** The user's subscriptions, newest first; a pending next subscription shows inside its predecessor. */
  async list(userId: number): Promise<SubscriptionsResponse> {
    const now = this.clock.now();
    // A subscription just paid in the browser: re-read it now rather than wait for the webhook. A user
    // has at most one purchase waiting for payment (subscriptions_one_open_purchase), so one provider call.
    const pending = await this.openPurchase(userId);
    if (pending?.providerSubscriptionId && pending.createdAt > new Date(now.getTime() - DAY_MS)) await this.syncer.sync(pending.providerSubscriptionId);

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
    const subscriptions = await Promise.all(shown.map(async (r) => toSubscriptionView(r, now, await this.usageOf(userId, r, now))));
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
    return this.lock.run(user.id, async () => {
      const now = this.clock.now();
      // The purchase already waiting for payment: re-read first, it may have been paid in another tab.
      let open = await this.openPurchase(user.id);
      if (open?.providerSubscriptionId) {
        await this.syncer.sync(open.providerSubscriptionId);
        open = await this.openPurchase(user.id);
      }
      if (await this.hasAccess(user.id, now)) throw subscriptionError(409, 'already-subscribed', 'You already have a running subscription', 'planId');
      // Documented choice: asking for the intro again is a clear 409, never a silent other price.
      if (offer.intro && (await this.offers.hadIntro(user.id))) {
        throw subscriptionError(409, 'intro-used', 'The intro offer can only be bought once. Choose the regular subscription.', 'planId');
      }
      // The same plan asked again (a double click, a second tab, a retry): the same purchase and client
      // secret, so only one can ever be paid. Another plan replaces it, ended at the provider first.
      const reusable =
        open && open.offerId === offer.id && !(open.meta as { reactivates?: string }).reactivates && open.providerCustomerId && open.startingAt.getTime() > now.getTime() - REUSE_OPEN_PURCHASE_MS;
      let row: { id: string; providerCustomerId: string | null };
      if (open && reusable) {
        row = await this.prisma.subscription.update({ where: { id: open.id }, data: { meta: { ...(open.meta as object), billing } } });
      } else {
        if (open) await this.abandon(open);
        const customerId = await this.customerOf(user, billing.name);
        row = await this.prisma.subscription.create({
          data: { userId: user.id, offerId: offer.id, status: 'INCOMPLETE', startingAt: now, renew: true, providerCustomerId: customerId, meta: { billing } },
        });
      }
      // Keyed by our row's id: asked again, the provider answers with the subscription it made the first time.
      const created = await this.gateway.createSubscription({ subscriptionId: row.id, customerId: row.providerCustomerId ?? '', plan: gatewayPlan(offer) });
      await this.prisma.subscription.update({ where: { id: row.id }, data: { providerSubscriptionId: created.id } });
      return { id: row.id, meta: { paymentInfo: created.clientSecret ?? '', paymentMode: this.gateway.mode, amountOre: firstChargeOre(pricingOf(offer)) } };
    });
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
    const gateway = this.gateway;
    if (!(gateway instanceof TestPaymentGateway)) throw notFound('Test payment');
    const input = parseInput(testPaymentConfirmRequestSchema, card);
    await this.rateLimits.consume(TEST_PAYMENT_CONFIRM_BUCKETS.all(user.id, clientSecret), language);
    return this.lock.run(user.id, async () => {
      const row = await this.prisma.subscription.findFirst({
        where: { userId: user.id, providerSubscriptionId: clientSecret.split('_secret_')[0] },
        select: { id: true, status: true, withdrawnAt: true, meta: true },
      });
      if (!row) throw notFound('Payment');
      const meta = row.meta as { introRefused?: boolean; duplicateRefused?: boolean };
      if (meta.introRefused) throw introRefusedError();
      if (meta.duplicateRefused) throw duplicateRefusedError();
      // Paid already (a double click, a retry): the same answer. Replaced by a newer purchase: never paid.
      if (row.status === 'ACTIVE' || row.status === 'PAUSED') return { subscriptionId: row.id };
      if (row.status !== 'INCOMPLETE') throw subscriptionError(409, 'payment-replaced', 'This payment was replaced by a newer purchase. Reload the page and pay that one.');
      try {
        const { subscriptionId } = await gateway.confirm(clientSecret, input);
        const result = await this.syncer.sync(subscriptionId);
        if (result.introRefused) throw introRefusedError();
        if (result.duplicateRefused) throw duplicateRefusedError();
        return { subscriptionId: row.id };
      } catch (error) {
        if (error instanceof PaymentDeclinedError) throw this.declined(error);
        throw error;
      }
    });
  }

  /** Cancel at period end; access runs until then. With a pending change of plan, that change is dropped. */
  cancel(user: AuthUser, id: string | undefined): Promise<SubscriptionView> {
    return this.lock.run(user.id, () => this.cancelLocked(user, id));
  }

  private async cancelLocked(user: AuthUser, id: string | undefined): Promise<SubscriptionView> {
    const s = id ? await this.own(user.id, id) : await this.current(user.id);
    if (!s) throw notFound();
    const version = s.updatedAt.getTime();
    // A paid subscription that would renew (or take up a pending plan) gets a confirmation; a repeat does not.
    const cancels = (s.status === 'ACTIVE' || s.status === 'PAUSED') && (s.renew || s.nextSubscription !== null);
    const dropped = s.nextSubscription && { label: s.nextSubscription.offer.label, price: s.nextSubscription.offer.price, intervalDays: s.nextSubscription.offer.intervalDays, startingAt: s.nextSubscription.startingAt.toISOString() };
    if (s.nextSubscription) {
      // "uses the nextSubscription id when present": the pending plan is cancelled; the running one still ends.
      const next = s.nextSubscription;
      if (next.providerSubscriptionId) await this.gateway.cancelNow(next.providerSubscriptionId, `cancel-next-${next.id}-${version}`);
      await this.prisma.subscription.update({ where: { id: next.id }, data: { status: 'CANCELED', renew: false, canceledAt: this.clock.now(), endingAt: next.startingAt } });
      await this.prisma.subscription.update({ where: { id: s.id }, data: { nextSubscriptionId: null } });
    }
    if (s.providerSubscriptionId && s.status !== 'EXPIRED' && s.status !== 'CANCELED') {
      if (s.status === 'INCOMPLETE') await this.endUnpaid(s, `cancel-now-${s.id}-${version}`);
      else await this.gateway.cancelAtPeriodEnd(s.providerSubscriptionId, `cancel-${s.id}-${version}`);
      await this.syncer.sync(s.providerSubscriptionId);
    } else if (!s.providerSubscriptionId && s.renew) {
      // Seeded or migrated subscriptions without a provider: stop renewing here.
      await this.prisma.subscription.update({ where: { id: s.id }, data: { renew: false, canceledAt: this.clock.now() } });
    }
    if (cancels) await this.notify(s.id, 'cancel', String(version), dropped ? { droppedPlan: dropped } : {});
    return this.view(s.id);
  }

  /**
   * Section 4: allowed unless the subscription has a legacyId. A cancelled one still running renews
   * again (a pending change of plan is dropped); one that has ended starts again on its plan (the
   * recurring one for an intro), charged to the card that paid it.
   */
  reactivate(user: AuthUser, id: string, terms = false): Promise<SubscriptionView> {
    return this.lock.run(user.id, () => this.reactivateLocked(user, id, terms));
  }

  private async reactivateLocked(user: AuthUser, id: string, terms: boolean): Promise<SubscriptionView> {
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
      if (!s.renew || s.nextSubscription) await this.notify(s.id, 'reactivate', String(version));
      return this.view(s.id);
    }
    if (s.status === 'ACTIVE' && s.endingAt && s.endingAt > now && !s.providerSubscriptionId) {
      // Seeded or migrated subscriptions without a provider: renew again here.
      await this.prisma.subscription.update({ where: { id: s.id }, data: { renew: true, canceledAt: null } });
      if (!s.renew) await this.notify(s.id, 'reactivate', String(version));
      return this.view(s.id);
    }
    if (s.status === 'ACTIVE' || s.status === 'INCOMPLETE' || s.status === 'PAUSED') {
      throw subscriptionError(409, 'not-reactivatable', s.status === 'PAUSED' ? 'The subscription is paused for an outstanding payment' : 'The subscription is already renewing');
    }
    // An ended one is charged now: only with the terms accepted, as a purchase (issue 36).
    if (!terms) throw subscriptionError(400, 'terms-required', PAYMENT_MESSAGES.termsRequired, 'terms');
    const running = await this.current(user.id);
    // Reactivated already (a double click, a second tab): the same answer, nothing charged again.
    if (running && (running.meta as { reactivates?: string }).reactivates === s.id) return this.view(running.id);
    if (running) throw subscriptionError(409, 'already-subscribed', 'You already have a running subscription');
    if (!s.providerSubscriptionId || !s.cardFingerprint) throw subscriptionError(409, 'not-reactivatable', 'No card on file: buy the subscription again');
    const offer = s.offer.intro ? await this.offers.recurringPlan() : s.offer;
    if (!offer) throw subscriptionError(404, 'unknown-plan', 'No plan to reactivate');
    // A reactivation of this one that a crash left unfinished is finished (same row, same idempotency
    // key, so the provider charges once); any other purchase waiting for payment gives way.
    const open = await this.openPurchase(user.id);
    const resumable = open && (open.meta as { reactivates?: string }).reactivates === s.id && open.offerId === offer.id;
    if (open && !resumable) await this.abandon(open);
    const row = resumable
      ? open
      : await this.prisma.subscription.create({
          data: { userId: user.id, offerId: offer.id, status: 'INCOMPLETE', startingAt: now, providerCustomerId: s.providerCustomerId, meta: { billing: (s.meta as { billing?: object }).billing ?? {}, reactivates: s.id } },
        });
    try {
      const created = await this.gateway.createSubscription({ subscriptionId: row.id, customerId: s.providerCustomerId ?? '', plan: gatewayPlan(offer), paymentMethodFrom: s.providerSubscriptionId });
      await this.prisma.subscription.update({ where: { id: row.id }, data: { providerSubscriptionId: created.id } });
      await this.syncer.sync(created.id);
    } catch (error) {
      await this.prisma.subscription.update({ where: { id: row.id }, data: { status: 'EXPIRED', renew: false, endingAt: now } });
      if (error instanceof PaymentDeclinedError) throw this.declined(error);
      throw error;
    }
    if ((await this.prisma.subscription.findUniqueOrThrow({ where: { id: row.id }, select: { status: true } })).status === 'ACTIVE') await this.notify(row.id, 'reactivate', 'started');
    return this.view(row.id);
  }

  /** Switch to `plan` at the next renewal: a next subscription starts when this one's period ends. */
  changePlan(user: AuthUser, input: ChangePlanRequest | Record<string, unknown>): Promise<SubscriptionView> {
    const request = parseInput(changePlanRequestSchema, input);
    return this.lock.run(user.id, () => this.changePlanLocked(user, request));
  }

  private async changePlanLocked(user: AuthUser, { subscription, plan }: ChangePlanRequest): Promise<SubscriptionView> {
    const s = subscription ? await this.own(user.id, subscription) : await this.current(user.id);
    const now = this.clock.now();
    if (!s) throw notFound();
    if (!(s.status === 'ACTIVE' && s.endingAt && s.endingAt > now) || !s.providerSubscriptionId) {
      throw subscriptionError(409, 'not-reactivatable', 'Only a running subscription can change plan', 'subscription');
    }
    const offer = await this.offers.byName(plan);
    if (!offer || offer.intro) throw subscriptionError(404, 'unknown-plan', `Unknown plan ${plan}`, 'plan');
    if (offer.id === s.offerId && !s.nextSubscription) throw subscriptionError(409, 'same-plan', 'That is the current plan', 'plan');
    // That change is already waiting (a double click, a second tab): the same answer, nothing replaced.
    if (s.nextSubscription && s.nextSubscription.offerId === offer.id && s.nextSubscription.status !== 'CANCELED') return this.view(s.id);
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
    await this.notify(s.id, 'plan-change', next.id);
    return this.view(s.id);
  }

  /**
   * The 14-day right of withdrawal (section 9): within 14 days of the first charge the charges are
   * refunded through the provider and access ends now.
   */
  withdraw(user: AuthUser, id: string): Promise<{ refundedOre: number; subscription: SubscriptionView }> {
    return this.lock.run(user.id, () => this.withdrawLocked(user, id));
  }

  private async withdrawLocked(user: AuthUser, id: string, anyTime = false): Promise<{ refundedOre: number; subscription: SubscriptionView }> {
    const s = await this.own(user.id, id);
    if (!s) throw notFound();
    const now = this.clock.now();
    const refused = s.meta as { introRefused?: boolean; duplicateRefused?: boolean; endedUnpaid?: boolean };
    if (s.withdrawnAt && !refused.introRefused && !refused.duplicateRefused && !refused.endedUnpaid) {
      // Withdrawn already (a double click, a retry): what that withdrawal refunded, nothing refunded again.
      const refunded = await this.prisma.transaction.aggregate({ where: { subscriptionId: s.id }, _sum: { refundedOre: true } });
      return { refundedOre: refunded._sum.refundedOre ?? 0, subscription: await this.view(s.id) };
    }
    const charges = await this.prisma.transaction.findMany({ where: { subscriptionId: s.id, refundedAt: null }, orderBy: { timestamp: 'asc' } });
    const first = await this.prisma.transaction.findFirst({ where: { subscriptionId: s.id }, orderBy: { timestamp: 'asc' } });
    if (!first || s.withdrawnAt || (!anyTime && !withinWithdrawal(first.timestamp, now)) || charges.length === 0) {
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
    if (s.nextSubscription) {
      // A change of plan waiting to start goes with the withdrawn one: it would charge at the old renewal.
      const next = s.nextSubscription;
      if (next.providerSubscriptionId) await this.gateway.cancelNow(next.providerSubscriptionId, `withdraw-next-${next.id}`);
      await this.prisma.subscription.update({ where: { id: next.id }, data: { status: 'CANCELED', renew: false, canceledAt: now, endingAt: next.startingAt } });
      await this.prisma.subscription.update({ where: { id: s.id }, data: { nextSubscriptionId: null } });
    }
    await this.prisma.subscription.update({ where: { id: s.id }, data: { withdrawnAt: now, status: 'CANCELED', renew: false, canceledAt: now, endingAt: now } });
    if (s.providerSubscriptionId) {
      await this.gateway.cancelNow(s.providerSubscriptionId, `withdraw-${s.id}`);
      await this.syncer.sync(s.providerSubscriptionId);
    }
    await this.notify(s.id, 'withdraw', 'withdraw', { refundedOre, transactionIds: charges.map((t) => t.id) });
    return { refundedOre, subscription: await this.view(s.id) };
  }

  /**
   * Customer support's desk (issue 33): the subscriber's own cancel and withdrawal, on the owner's
   * behalf, and the refund of one charge. Each runs inside the owner's subscription lock, reads the
   * rows before and after there, and hands them to `record` (the audit log) only when something
   * changed: a double click or a second tab changes nothing and writes nothing.
   */
  async supportCancel(id: string, record: RecordSupportChange): Promise<SubscriptionView> {
    const owner = await this.ownerOf(id);
    return this.lock.run(owner, () => this.recorded(id, owner, record, () => this.cancelLocked({ id: owner, email: null }, id)));
  }

  /** The withdrawal with its refund, also after the 14 days: support's judgement, not the subscriber's right. */
  async supportWithdraw(id: string, record: RecordSupportChange): Promise<{ refundedOre: number; subscription: SubscriptionView }> {
    const owner = await this.ownerOf(id);
    return this.lock.run(owner, () => this.recorded(id, owner, record, () => this.withdrawLocked({ id: owner, email: null }, id, true)));
  }

  /**
   * One charge back in full through the provider (its idempotency key is the receipt's), the receipt
   * marked refunded and the subscriber told by mail. The subscription itself is left as it is.
   */
  async supportRefund(transactionId: number, record: RecordSupportChange): Promise<{ refundedOre: number; transaction: Transaction }> {
    const found = await this.prisma.transaction.findUnique({ where: { id: transactionId }, select: { userId: true } });
    if (!found) throw notFound('Transaction');
    return this.lock.run(found.userId, async () => {
      const t = await this.prisma.transaction.findUniqueOrThrow({ where: { id: transactionId }, include: { subscription: true } });
      const receipt = () => this.transaction(t.userId, t.id);
      // Refunded already (a double click, or the withdrawal): nothing goes back twice.
      if (t.refundedAt) return { refundedOre: 0, transaction: await receipt() };
      const s = t.subscription;
      const g = s?.providerSubscriptionId ? await this.gateway.retrieveSubscription(s.providerSubscriptionId) : null;
      const charge = g?.charges.find((c) => c.id === t.providerRef);
      if (!charge) throw subscriptionError(409, 'refund-not-possible', 'The payment provider has no charge for this receipt, so nothing can be refunded');
      await this.gateway.refund(charge, t.amount, `support-refund-${t.uuid}`);
      const now = this.clock.now();
      await this.prisma.transaction.update({ where: { id: t.id }, data: { refundedAt: now, refundedOre: t.amount } });
      await record({ userId: t.userId, before: { orderno: t.orderno, refundedOre: null, refundedAt: null }, after: { orderno: t.orderno, refundedOre: t.amount, refundedAt: now.toISOString() } });
      if (s) await this.notify(s.id, 'refund', `support-${t.id}`, { refundedOre: t.amount, transactionIds: [t.id], origin: 'support' });
      return { refundedOre: t.amount, transaction: await receipt() };
    });
  }

  private async ownerOf(id: string): Promise<number> {
    const row = await this.prisma.subscription.findUnique({ where: { id }, select: { userId: true } });
    if (!row) throw notFound();
    return row.userId;
  }

  /** `work` between two readings of what support may change; `record` gets them when they differ. */
  private async recorded<T>(id: string, userId: number, record: RecordSupportChange, work: () => Promise<T>): Promise<T> {
    const before = await this.supportSnapshot(id);
    const result = await work();
    const after = await this.supportSnapshot(id);
    if (JSON.stringify(before) !== JSON.stringify(after)) await record({ userId, before, after });
    return result;
  }

  private async supportSnapshot(id: string) {
    const s = await this.prisma.subscription.findUniqueOrThrow({
      where: { id },
      select: { status: true, renew: true, canceledAt: true, endingAt: true, withdrawnAt: true, nextSubscriptionId: true, transactions: { select: { orderno: true, refundedOre: true }, orderBy: { id: 'asc' } } },
    });
    return { ...s, canceledAt: s.canceledAt?.toISOString() ?? null, endingAt: s.endingAt?.toISOString() ?? null, withdrawnAt: s.withdrawnAt?.toISOString() ?? null };
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

  /** The confirmation mail of a change just made: once per (subscription, kind, key), see subscription-notices.ts. */
  private notify(subscriptionId: string, kind: NoticeKind, key: string, data: NoticeData = {}): Promise<void> {
    return queueNotice(this.prisma, this.jobs, { subscriptionId, kind, key, data });
  }

  private async customerOf(user: AuthUser, name: string): Promise<string> {
    const known = await this.prisma.subscription.findFirst({ where: { userId: user.id, providerCustomerId: { not: null } }, select: { providerCustomerId: true } });
    if (known?.providerCustomerId) return known.providerCustomerId;
    return this.gateway.createCustomer({ userId: user.id, email: user.email ?? '', name });
  }

  /** The purchase (or reactivation) waiting for its first payment; at most one (subscriptions_one_open_purchase). */
  private async openPurchase(userId: number) {
    const rows = await this.prisma.subscription.findMany({ where: { userId, status: 'INCOMPLETE' } });
    return rows.find((r) => !isChangeOfPlan(r.meta)) ?? null;
  }

  /** A purchase never paid gives way to a newer one: ended at the provider first, so it can no longer be paid. */
  private async abandon(open: { id: string; providerSubscriptionId: string | null; startingAt: Date; meta: Prisma.JsonValue }): Promise<void> {
    await this.endUnpaid(open, `abandon-${open.id}`);
    await this.prisma.subscription.updateMany({ where: { id: open.id, status: 'INCOMPLETE' }, data: { status: 'EXPIRED', renew: false, endingAt: open.startingAt } });
  }

  /**
   * Ends a subscription that was never paid. The intent is written first: a payment that slips in at
   * that moment (Stripe.js in another tab) is refunded by the sync, which finds it on the row.
   */
  private async endUnpaid(s: { id: string; providerSubscriptionId: string | null; meta: Prisma.JsonValue }, idempotencyKey: string): Promise<void> {
    await this.prisma.subscription.update({ where: { id: s.id }, data: { meta: { ...(s.meta as object), endedUnpaid: true } } });
    if (!s.providerSubscriptionId) return;
    await this.gateway.cancelNow(s.providerSubscriptionId, idempotencyKey);
    await this.syncer.sync(s.providerSubscriptionId);
  }

  private async hasAccess(userId: number, now: Date): Promise<boolean> {
    const running = await this.prisma.subscription.findMany({ where: { userId, status: 'ACTIVE' }, select: { status: true, startingAt: true, endingAt: true } });
    return running.some((r) => givesAccess(r, now));
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
    const now = this.clock.now();
    return toSubscriptionView(row, now, await this.usageOf(row.userId, row, now));
  }

  /** The limited plan's count, for the subscription giving access now; null for any other row. */
  private usageOf(userId: number, row: SubscriptionRow, now: Date): Promise<ContactUsage | null> {
    return givesAccess(row, now) ? this.access.contactUsage(userId, row, now) : Promise.resolve(null);
  }
}

/** A change of plan's next subscription (waiting for its predecessor to end), not a purchase. */
const isChangeOfPlan = (meta: Prisma.JsonValue): boolean => typeof meta === 'object' && meta !== null && 'changedFrom' in meta;

function introRefusedError() {
  return subscriptionError(409, 'intro-card-used', 'The intro offer has already been used with this card or account. The payment was refunded.');
}

function duplicateRefusedError() {
  return subscriptionError(409, 'already-subscribed', 'You already have a running subscription. The payment was refunded.');
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
