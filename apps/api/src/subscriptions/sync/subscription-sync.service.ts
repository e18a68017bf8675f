import { Inject, Injectable, Logger } from '@nestjs/common';
import { chargeLines, givesAccess, introReminderAt, invoiceLines, type OfferPricing } from '@husly/domain';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Clock } from '../../infra/clock/clock';
import { PrismaService } from '../../infra/prisma/prisma.service';
import type { Prisma } from '../../infra/prisma/generated/client';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { JOBS } from '../../infra/queue/jobs';
import { Metrics } from '../../infra/metrics/metrics';
import { PaymentGateway, type GatewaySubscription } from '../gateway/payment-gateway';
import { mapGatewaySubscription } from '../gateway/subscription-state';
import { queueNotice } from '../subscription-notices';

export interface SyncResult {
  /** Our subscription id, when the provider's subscription is one of ours. */
  subscriptionId: string | null;
  /** A paid intro refused because the user or the card had it already (refunded and ended). */
  introRefused: boolean;
  /** A second plan paid while another runs (refunded and ended). */
  duplicateRefused: boolean;
}

/**
 * Makes our record of one subscription what the provider says now. Webhook jobs, the reconcile job,
 * the test payment confirm and reads of a just-bought subscription all end here, so any order and
 * any repetition of events gives the same state: the provider's current state, re-read each time.
 */
@Injectable()
export class SubscriptionSyncService {
  private readonly logger = new Logger(SubscriptionSyncService.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly gateway: PaymentGateway,
    private readonly jobs: JobQueue,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  async sync(providerSubscriptionId: string): Promise<SyncResult> {
    const g = await this.gateway.retrieveSubscription(providerSubscriptionId);
    if (!g) return { subscriptionId: null, introRefused: false, duplicateRefused: false };
    return this.apply(g);
  }

  async apply(g: GatewaySubscription): Promise<SyncResult> {
    const ourId = g.metadata.husly_subscription_id;
    const where = ourId ? { id: ourId } : { providerSubscriptionId: g.id };
    const found = await this.prisma.subscription.findFirst({ where: { ...where }, select: { id: true } });
    if (!found) return { subscriptionId: null, introRefused: false, duplicateRefused: false };

    const outcome = await this.prisma.$transaction(async (tx) => {
      // One sync of a subscription at a time: concurrent webhook jobs wait here instead of interleaving.
      await tx.$queryRaw`SELECT id FROM subscriptions WHERE id = ${found.id}::uuid FOR UPDATE`;
      const s = await tx.subscription.findUniqueOrThrow({ where: { id: found.id }, include: { offer: true, user: { select: { name: true } } } });
      const state = mapGatewaySubscription(g, { startingAt: s.startingAt, intervalDays: s.offer.intervalDays, withdrawnAt: s.withdrawnAt, canceledAt: s.canceledAt });
      const firstCharge = g.charges.find((c) => c.kind === 'first') ?? g.charges[0];
      const billing = billingOf(s.meta);
      const newTransactions: number[] = [];
      let firstChargeNew = false;
      for (const charge of g.charges) {
        const exists = await tx.transaction.findUnique({ where: { providerRef: charge.id }, select: { id: true } });
        if (exists) continue;
        // The amount is the provider's charge; the label is our offer's. VAT: 20 % of the gross, in øre.
        const label = chargeLines(pricingOf(s.offer), charge.kind).lines[0].label;
        const { lines, totalOre, vatOre } = invoiceLines([{ label, priceOre: charge.amountOre }]);
        const created = await tx.transaction.create({
          data: {
            userId: s.userId,
            subscriptionId: s.id,
            amount: totalOre,
            vat: vatOre,
            customerName: billing.name || s.user.name,
            customerAddress: billing.address || null,
            customerZipcode: billing.zipcode || null,
            customerCity: billing.city || null,
            company: { ...this.config.payments.company },
            providerRef: charge.id,
            timestamp: charge.paidAt,
            lines: { create: lines.map((l) => ({ label: l.label, price: l.priceOre, vat: l.vatOre, subtotal: l.subtotalOre })) },
          },
        });
        newTransactions.push(created.id);
        if (charge === firstCharge) firstChargeNew = true;
      }

      // Decided once, by the sync that records the first charge (the row lock makes that one sync), and
      // per user under an advisory lock, so two of the user's subscriptions paid at once are decided in
      // turn: the intro is once per user and once per card (claims keyed by each), and a plan paid while
      // another already runs (a purchase replaced in one tab and paid there anyway) is refunded and ended.
      const meta = s.meta as { introRefused?: boolean; duplicateRefused?: boolean; endedUnpaid?: boolean; changedFrom?: string };
      let introRefused = meta.introRefused === true;
      let duplicateRefused = meta.duplicateRefused === true;
      if (firstCharge && firstChargeNew && s.withdrawnAt === null) {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('subscription-first-charge'), ${s.userId})`;
        if (s.offer.intro) introRefused = !(await claimIntro(tx, s.userId, s.id, firstCharge.cardFingerprint));
        if (!introRefused && meta.changedFrom === undefined) {
          const now = this.clock.now();
          const others = await tx.subscription.findMany({ where: { userId: s.userId, id: { not: s.id }, status: 'ACTIVE' }, select: { status: true, startingAt: true, endingAt: true, nextSubscriptionId: true } });
          duplicateRefused = others.some((o) => o.nextSubscriptionId !== s.id && givesAccess(o, now));
        }
      }
      // Ended by us before it was paid (cancelled or replaced while waiting), yet paid at that moment
      // (Stripe.js in another tab): no access was given, so the charge goes back.
      const endedUnpaid = meta.endedUnpaid === true && firstCharge !== undefined;
      const refused = introRefused || duplicateRefused || endedUnpaid;
      const refusedNow = refused && s.withdrawnAt === null;

      await tx.subscription.update({
        where: { id: s.id },
        data: {
          status: refusedNow ? 'CANCELED' : state.status,
          endingAt: refusedNow ? this.clock.now() : state.endingAt,
          renew: refusedNow ? false : state.renew,
          canceledAt: refusedNow ? this.clock.now() : state.canceledAt,
          outstanding: state.outstanding,
          providerSubscriptionId: g.id,
          providerCustomerId: g.customerId,
          ...(firstCharge?.cardFingerprint ? { cardFingerprint: firstCharge.cardFingerprint } : {}),
          ...(refusedNow ? { withdrawnAt: this.clock.now(), meta: { ...(s.meta as object), ...(introRefused ? { introRefused: true } : duplicateRefused ? { duplicateRefused: true } : {}) } } : {}),
        },
      });
      const reminder =
        !refused && s.offer.intro && state.status === 'ACTIVE' && state.renew && s.introReminderSentAt === null && firstCharge && state.endingAt
          ? introReminderAt(state.endingAt, firstCharge.paidAt)
          : null;
      return { subscriptionId: s.id, newTransactions, introRefused, duplicateRefused, refused, firstCharge, reminder };
    });

    // Counted once: a charge becomes a transaction in the one sync that inserts its provider id.
    if (outcome.newTransactions.length > 0) this.metrics.payments.inc({ outcome: 'succeeded' }, outcome.newTransactions.length);
    for (const transactionId of outcome.newTransactions) {
      await this.jobs.enqueue(JOBS.subscriptionReceipt, { transactionId }, { jobId: `subscription-receipt-${transactionId}` });
    }
    // Due now (an intro shorter than the reminder's lead): queue it; otherwise the hourly reconcile
    // queues it when it falls due (a delayed job of days would not survive a restart in-process).
    if (outcome.reminder && outcome.reminder <= this.clock.now()) {
      await this.jobs.enqueue(JOBS.subscriptionIntroReminder, { subscriptionId: outcome.subscriptionId }, { jobId: `subscription-intro-reminder-${outcome.subscriptionId}` });
    }
    // Until the refund is recorded, every sync tries it again (the idempotency keys make that safe).
    const unrefunded = outcome.refused && outcome.firstCharge
      ? await this.prisma.transaction.count({ where: { providerRef: outcome.firstCharge.id, refundedAt: null } })
      : 0;
    if (unrefunded > 0 && outcome.firstCharge) {
      const why = outcome.introRefused ? 'the user or the card had the intro already' : outcome.duplicateRefused ? 'another plan of the user runs' : 'it was ended before it was paid';
      this.logger.warn(`subscription ${outcome.subscriptionId} refused: ${why}; refunding`);
      const key = outcome.introRefused ? 'intro-refused' : outcome.duplicateRefused ? 'duplicate-refused' : 'ended-unpaid';
      await this.gateway.refund(outcome.firstCharge, outcome.firstCharge.amountOre, `${key}-refund-${outcome.subscriptionId}`);
      await this.gateway.cancelNow(g.id, `${key}-cancel-${outcome.subscriptionId}`);
      const recorded = await this.prisma.transaction.updateManyAndReturn({ where: { providerRef: outcome.firstCharge.id, refundedAt: null }, data: { refundedAt: this.clock.now(), refundedOre: outcome.firstCharge.amountOre } });
      // The sync that records the refund owes the user its mail (issue 36).
      for (const t of recorded) {
        const reason = outcome.introRefused ? 'intro-used' : outcome.duplicateRefused ? 'already-subscribed' : 'ended-unpaid';
        await queueNotice(this.prisma, this.jobs, { subscriptionId: outcome.subscriptionId, kind: 'refund', key: String(t.id), data: { refundedOre: t.refundedOre ?? 0, transactionIds: [t.id], reason } });
      }
    }
    return { subscriptionId: outcome.subscriptionId, introRefused: outcome.introRefused, duplicateRefused: outcome.duplicateRefused };
  }
}

/**
 * Claims the intro for the user and for the card (each a primary key: of two intros paid at once, one
 * wins). A refused intro keeps no claim, so it does not count as had.
 */
async function claimIntro(tx: Prisma.TransactionClient, userId: number, subscriptionId: string, fingerprint: string | null): Promise<boolean> {
  await tx.introClaim.createMany({ data: [{ userId, subscriptionId }], skipDuplicates: true });
  let won = (await tx.introClaim.findUniqueOrThrow({ where: { userId } })).subscriptionId === subscriptionId;
  if (won && fingerprint) {
    await tx.introCard.createMany({ data: [{ fingerprint, userId, subscriptionId }], skipDuplicates: true });
    won = (await tx.introCard.findUniqueOrThrow({ where: { fingerprint } })).subscriptionId === subscriptionId;
    if (!won) await tx.introClaim.deleteMany({ where: { userId, subscriptionId } });
  }
  return won;
}

export function pricingOf(offer: { name: string; label: string; amount: number; trialDays: number; price: number; intervalDays: number; intro: boolean }): OfferPricing {
  return { name: offer.name, label: offer.label, amount: offer.amount, trialDays: offer.trialDays, price: offer.price, intervalDays: offer.intervalDays, intro: offer.intro };
}

export interface StoredBilling {
  name: string;
  email: string;
  address: string;
  zipcode: string;
  city: string;
  phone: string;
}

export function billingOf(meta: Prisma.JsonValue): StoredBilling {
  const b = ((meta ?? {}) as { billing?: Partial<StoredBilling> }).billing ?? {};
  return { name: b.name ?? '', email: b.email ?? '', address: b.address ?? '', zipcode: b.zipcode ?? '', city: b.city ?? '', phone: b.phone ?? '' };
}
