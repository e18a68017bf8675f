import { randomBytes } from 'node:crypto';
import { PAYMENT_MESSAGES } from '@husly/domain';
import type { Clock } from '../../infra/clock/clock';
import type { PrismaService } from '../../infra/prisma/prisma.service';
import type { Prisma } from '../../infra/prisma/generated/client';
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
import { testCardFingerprint, testCardOutcome } from './test-cards';

const DAY_MS = 86_400_000;

interface StoredCard {
  number: string;
  expiry: string;
  fingerprint: string;
  failsRenewals: boolean;
}

interface StoredSubscription {
  id: string;
  customerId: string;
  status: GatewayStatus;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
  endedAt: string | null;
  metadata: Record<string, string>;
  plan: { firstChargeOre: number; recurringOre: number; intervalDays: number; introDays: number };
  clientSecret: string | null;
  card: StoredCard | null;
  charges: Array<Omit<GatewayCharge, 'paidAt'> & { paidAt: string }>;
  refundedOre: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * The payment provider of a machine without STRIPE_SECRET_KEY: Stripe's test cards, Stripe's
 * subscription states, kept in the database so every process (web, worker, commands) sees them.
 * Confirming a client secret with a card is what Stripe's payment element does in the browser.
 */
export class TestPaymentGateway extends PaymentGateway {
  readonly mode = 'test' as const;

  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
  ) {
    super();
  }

  async createCustomer(input: { userId: number; email: string; name: string }): Promise<string> {
    const key = `idem:customer:${input.userId}`;
    const known = await this.prisma.testPaymentObject.findUnique({ where: { id: key } });
    if (known) return (known.data as { id: string }).id;
    const customerId = id('tcus');
    await this.prisma.testPaymentObject.createMany({ data: [{ id: key, kind: 'idempotency', data: { id: customerId } }], skipDuplicates: true });
    const winner = await this.prisma.testPaymentObject.findUniqueOrThrow({ where: { id: key } });
    return (winner.data as { id: string }).id;
  }

  async createSubscription(input: CreateGatewaySubscription): Promise<CreatedGatewaySubscription> {
    const key = `idem:subscription:${input.subscriptionId}`;
    const known = await this.prisma.testPaymentObject.findUnique({ where: { id: key } });
    if (known) {
      const s = await this.load((known.data as { id: string }).id);
      return { id: s.id, clientSecret: s.clientSecret };
    }
    const now = this.clock.now();
    const subId = id('tsub');
    const previous = input.paymentMethodFrom ? await this.load(input.paymentMethodFrom) : null;
    const s: StoredSubscription = {
      id: subId,
      customerId: input.customerId,
      status: 'incomplete',
      currentPeriodStart: now.toISOString(),
      currentPeriodEnd: now.toISOString(),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      metadata: { husly_subscription_id: input.subscriptionId, plan: input.plan.name },
      plan: { firstChargeOre: input.plan.firstChargeOre, recurringOre: input.plan.recurringOre, intervalDays: input.plan.intervalDays, introDays: input.plan.introDays },
      clientSecret: null,
      card: previous?.card ?? null,
      charges: [],
      refundedOre: 0,
    };
    if (input.startAt) {
      // A change of plan: waits without a charge (as Stripe's trial) and renews at the new price from startAt.
      s.status = 'trialing';
      s.currentPeriodEnd = input.startAt.toISOString();
      s.plan.firstChargeOre = input.plan.recurringOre;
      s.plan.introDays = 0;
    } else if (input.paymentMethodFrom) {
      if (!s.card) throw new PaymentDeclinedError(2, 'generic', PAYMENT_MESSAGES.generic);
      const outcome = s.card.failsRenewals ? { ok: false, code: 2 } : { ok: true, code: 0 };
      if (!outcome.ok) throw new PaymentDeclinedError(2, 'generic', PAYMENT_MESSAGES.generic);
      this.chargeFirst(s, now);
    } else {
      s.clientSecret = `${subId}_secret_${randomBytes(12).toString('hex')}`;
    }
    try {
      await this.prisma.testPaymentObject.createMany({
        data: [
          { id: subId, kind: 'subscription', data: s as unknown as Prisma.InputJsonValue },
          { id: key, kind: 'idempotency', data: { id: subId } },
          ...(s.clientSecret ? [{ id: `secret:${s.clientSecret}`, kind: 'client-secret', data: { id: subId } }] : []),
        ],
      });
    } catch (error) {
      // The same key at the same moment (as Stripe's idempotency): the first one's subscription, nothing made twice.
      if ((error as { code?: string }).code !== 'P2002') throw error;
      return this.createSubscription(input);
    }
    return { id: subId, clientSecret: s.clientSecret };
  }

  /** The payment element's confirm: pays the first invoice with the card, or refuses with a section 8 code. */
  async confirm(clientSecret: string, card: { cardNumber: string; expiry: string; cvc: string }): Promise<{ subscriptionId: string }> {
    const ref = await this.prisma.testPaymentObject.findUnique({ where: { id: `secret:${clientSecret}` } });
    if (!ref) throw new PaymentDeclinedError(2, 'generic', 'Unknown payment');
    const subId = (ref.data as { id: string }).id;
    const now = this.clock.now();
    const outcome = testCardOutcome(card, now);
    if (!outcome.ok) throw new PaymentDeclinedError(outcome.code, outcome.key, PAYMENT_MESSAGES[outcome.key], outcome.field);
    await this.update(subId, (s) => {
      if (s.status !== 'incomplete') return;
      s.card = { number: card.cardNumber.replace(/[\s-]/g, ''), expiry: card.expiry, fingerprint: testCardFingerprint(card), failsRenewals: outcome.failsRenewals === true };
      this.chargeFirst(s, now);
    });
    return { subscriptionId: subId };
  }

  private chargeFirst(s: StoredSubscription, now: Date): void {
    const days = s.plan.introDays > 0 ? s.plan.introDays : s.plan.intervalDays;
    s.status = s.plan.introDays > 0 ? 'trialing' : 'active';
    s.currentPeriodStart = now.toISOString();
    s.currentPeriodEnd = new Date(now.getTime() + days * DAY_MS).toISOString();
    s.clientSecret = null;
    s.charges.push({ id: id('tin'), amountOre: s.plan.firstChargeOre, paidAt: now.toISOString(), kind: 'first', paymentRef: id('tpi'), cardFingerprint: s.card?.fingerprint ?? null });
  }

  async cancelAtPeriodEnd(subId: string): Promise<void> {
    await this.update(subId, (s) => {
      if (s.status === 'canceled' || s.status === 'incomplete_expired') return;
      s.cancelAtPeriodEnd = true;
      s.canceledAt ??= this.clock.now().toISOString();
    });
  }

  async resume(subId: string): Promise<void> {
    await this.update(subId, (s) => {
      if (s.status === 'canceled' || s.status === 'incomplete_expired') return;
      s.cancelAtPeriodEnd = false;
      s.canceledAt = null;
    });
  }

  async cancelNow(subId: string): Promise<void> {
    await this.update(subId, (s) => {
      if (s.status === 'canceled' || s.status === 'incomplete_expired') return;
      const now = this.clock.now().toISOString();
      s.status = s.status === 'incomplete' ? 'incomplete_expired' : 'canceled';
      s.canceledAt ??= now;
      s.endedAt = now;
      s.clientSecret = null;
    });
  }

  async retrieveSubscription(subId: string): Promise<GatewaySubscription | null> {
    const row = await this.prisma.testPaymentObject.findUnique({ where: { id: subId } });
    if (!row || row.kind !== 'subscription') return null;
    const s = row.data as unknown as StoredSubscription;
    return {
      id: s.id,
      customerId: s.customerId,
      status: s.status,
      currentPeriodStart: new Date(s.currentPeriodStart),
      currentPeriodEnd: new Date(s.currentPeriodEnd),
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      canceledAt: s.canceledAt ? new Date(s.canceledAt) : null,
      endedAt: s.endedAt ? new Date(s.endedAt) : null,
      metadata: s.metadata,
      charges: s.charges.map((c) => ({ ...c, paidAt: new Date(c.paidAt) })),
    };
  }

  async listChangedSubscriptionIds(since: Date): Promise<string[]> {
    const rows = await this.prisma.testPaymentObject.findMany({ where: { kind: 'subscription', updatedAt: { gte: since } }, select: { id: true } });
    return rows.map((r) => r.id);
  }

  /** Kept under its idempotency key, as Stripe does: a retried refund is the same refund. */
  async refund(charge: GatewayCharge, amountOre: number, idempotencyKey: string): Promise<void> {
    await this.prisma.testPaymentObject.createMany({
      data: [{ id: `refund:${idempotencyKey}`, kind: 'refund', data: { chargeId: charge.id, amountOre } }],
      skipDuplicates: true,
    });
  }

  /** What the provider refunded of each charge (øre by charge id), for tests to hold our receipts against. */
  async refundedByCharge(): Promise<Map<string, number>> {
    const rows = await this.prisma.testPaymentObject.findMany({ where: { kind: 'refund' }, select: { data: true } });
    const refunded = new Map<string, number>();
    for (const { data } of rows) {
      const { chargeId, amountOre } = data as { chargeId: string; amountOre: number };
      refunded.set(chargeId, (refunded.get(chargeId) ?? 0) + amountOre);
    }
    return refunded;
  }

  /** The test provider sends no webhooks: its confirm call syncs at once. */
  parseWebhook(): WebhookEvent {
    throw new WebhookSignatureError('The test payment provider sends no webhooks');
  }

  /** What Stripe does on its own at period end: renew with the saved card (past_due when it fails), or end. */
  override async advance(now: Date): Promise<void> {
    const due = await this.prisma.$queryRaw<Array<{ id: string }>>`
      SELECT id FROM test_payment_objects
      WHERE kind = 'subscription' AND data->>'status' IN ('active', 'trialing', 'past_due') AND (data->>'currentPeriodEnd')::timestamptz <= ${now}`;
    for (const { id: subId } of due) {
      await this.update(subId, (s) => {
        while (['active', 'trialing', 'past_due'].includes(s.status) && new Date(s.currentPeriodEnd) <= now) {
          const end = new Date(s.currentPeriodEnd);
          if (s.cancelAtPeriodEnd) {
            s.status = 'canceled';
            s.endedAt = end.toISOString();
            return;
          }
          if (s.status === 'past_due') return;
          if (!s.card || s.card.failsRenewals) {
            s.status = 'past_due';
            return;
          }
          s.status = 'active';
          s.currentPeriodStart = end.toISOString();
          s.currentPeriodEnd = new Date(end.getTime() + s.plan.intervalDays * DAY_MS).toISOString();
          s.charges.push({ id: id('tin'), amountOre: s.plan.recurringOre, paidAt: end.toISOString(), kind: s.charges.length ? 'renewal' : 'first', paymentRef: id('tpi'), cardFingerprint: s.card.fingerprint });
        }
      });
    }
  }

  private async load(subId: string): Promise<StoredSubscription> {
    const row = await this.prisma.testPaymentObject.findUniqueOrThrow({ where: { id: subId } });
    return row.data as unknown as StoredSubscription;
  }

  /** One subscription changed under a row lock, so a confirm and a renewal never overwrite each other. */
  private async update(subId: string, change: (s: StoredSubscription) => void): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<Array<{ data: StoredSubscription }>>`SELECT data FROM test_payment_objects WHERE id = ${subId} FOR UPDATE`;
      if (!rows[0]) throw new Error(`No test subscription ${subId}`);
      const s = rows[0].data;
      change(s);
      await tx.testPaymentObject.update({ where: { id: subId }, data: { data: s as unknown as Prisma.InputJsonValue } });
    });
  }
}
