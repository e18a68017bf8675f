import { Inject, Injectable, Logger } from '@nestjs/common';
import { chargeLines, introReminderAt, invoiceLines, type OfferPricing } from '@husly/domain';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { Clock } from '../infra/clock/clock';
import { PrismaService } from '../infra/prisma/prisma.service';
import type { Prisma } from '../infra/prisma/generated/client';
import { JobQueue } from '../infra/queue/job-queue.service';
import { JOBS } from '../infra/queue/jobs';
import { PaymentGateway, type GatewaySubscription } from './gateway/payment-gateway';
import { mapGatewaySubscription } from './gateway/subscription-state';

export interface SyncResult {
  /** Our subscription id, when the provider's subscription is one of ours. */
  subscriptionId: string | null;
  /** A paid intro refused because the user or the card had it already (refunded and ended). */
  introRefused: boolean;
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
  ) {}

  async sync(providerSubscriptionId: string): Promise<SyncResult> {
    const g = await this.gateway.retrieveSubscription(providerSubscriptionId);
    if (!g) return { subscriptionId: null, introRefused: false };
    return this.apply(g);
  }

  async apply(g: GatewaySubscription): Promise<SyncResult> {
    const ourId = g.metadata.husly_subscription_id;
    const where = ourId ? { id: ourId } : { providerSubscriptionId: g.id };
    const found = await this.prisma.subscription.findFirst({ where: { ...where }, select: { id: true } });
    if (!found) return { subscriptionId: null, introRefused: false };

    const outcome = await this.prisma.$transaction(async (tx) => {
      // One sync of a subscription at a time: concurrent webhook jobs wait here instead of interleaving.
      await tx.$queryRaw`SELECT id FROM subscriptions WHERE id = ${found.id}::uuid FOR UPDATE`;
      const s = await tx.subscription.findUniqueOrThrow({ where: { id: found.id }, include: { offer: true, user: { select: { name: true } } } });
      const state = mapGatewaySubscription(g, { startingAt: s.startingAt, intervalDays: s.offer.intervalDays, withdrawnAt: s.withdrawnAt, canceledAt: s.canceledAt });
      const firstCharge = g.charges.find((c) => c.kind === 'first') ?? g.charges[0];
      const billing = billingOf(s.meta);
      const newTransactions: number[] = [];
      let decideIntro = false;
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
        if (charge === firstCharge) decideIntro = true;
      }

      // The intro is once per user and once per card. Decided once, by the sync that records its
      // first charge (the row lock makes that one sync): a second paid intro is refunded and ended.
      let introRefused = (s.meta as { introRefused?: boolean }).introRefused === true;
      if (s.offer.intro && firstCharge && decideIntro && s.withdrawnAt === null) {
        const otherIntro = await tx.subscription.count({
          where: { userId: s.userId, id: { not: s.id }, offer: { intro: true }, status: { not: 'INCOMPLETE' }, NOT: { meta: { path: ['introRefused'], equals: true } } },
        });
        let cardTaken = false;
        if (firstCharge.cardFingerprint) {
          await tx.introCard.createMany({ data: [{ fingerprint: firstCharge.cardFingerprint, userId: s.userId, subscriptionId: s.id }], skipDuplicates: true });
          const claim = await tx.introCard.findUniqueOrThrow({ where: { fingerprint: firstCharge.cardFingerprint } });
          cardTaken = claim.subscriptionId !== s.id;
        }
        introRefused = otherIntro > 0 || cardTaken;
      }
      const refusedNow = introRefused && s.withdrawnAt === null;

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
          ...(refusedNow ? { withdrawnAt: this.clock.now(), meta: { ...(s.meta as object), introRefused: true } } : {}),
        },
      });
      const reminder =
        !introRefused && s.offer.intro && state.status === 'ACTIVE' && state.renew && s.introReminderSentAt === null && firstCharge && state.endingAt
          ? introReminderAt(state.endingAt, firstCharge.paidAt)
          : null;
      return { subscriptionId: s.id, newTransactions, introRefused, firstCharge, reminder };
    });

    for (const transactionId of outcome.newTransactions) {
      await this.jobs.enqueue(JOBS.subscriptionReceipt, { transactionId }, { jobId: `subscription-receipt-${transactionId}` });
    }
    // Due now (an intro shorter than the reminder's lead): queue it; otherwise the hourly reconcile
    // queues it when it falls due (a delayed job of days would not survive a restart in-process).
    if (outcome.reminder && outcome.reminder <= this.clock.now()) {
      await this.jobs.enqueue(JOBS.subscriptionIntroReminder, { subscriptionId: outcome.subscriptionId }, { jobId: `subscription-intro-reminder-${outcome.subscriptionId}` });
    }
    // Until the refund is recorded, every sync tries it again (the idempotency keys make that safe).
    const unrefunded = outcome.introRefused && outcome.firstCharge
      ? await this.prisma.transaction.count({ where: { providerRef: outcome.firstCharge.id, refundedAt: null } })
      : 0;
    if (unrefunded > 0 && outcome.firstCharge) {
      this.logger.warn(`intro ${outcome.subscriptionId} refused: the user or the card had the intro already; refunding`);
      await this.gateway.refund(outcome.firstCharge, outcome.firstCharge.amountOre, `intro-refused-refund-${outcome.subscriptionId}`);
      await this.gateway.cancelNow(g.id, `intro-refused-cancel-${outcome.subscriptionId}`);
      await this.prisma.transaction.updateMany({ where: { providerRef: outcome.firstCharge.id, refundedAt: null }, data: { refundedAt: this.clock.now(), refundedOre: outcome.firstCharge.amountOre } });
    }
    return { subscriptionId: outcome.subscriptionId, introRefused: outcome.introRefused };
  }
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
