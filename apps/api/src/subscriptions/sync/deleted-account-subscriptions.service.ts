import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../infra/clock/clock';
import { PrismaService } from '../../infra/prisma/prisma.service';
import { PaymentGateway } from '../gateway/payment-gateway';
import { SubscriptionSyncService } from './subscription-sync.service';

const DAY_MS = 86_400_000;

/**
 * A deleted account's subscriptions must stop at the payment provider too (issue 13). The account
 * deletion only changes our rows (one transaction) and queues `subscription.account-deleted`; this
 * service does the provider calls, from the provider's current state, so a retried job, a second
 * deletion or the reconcile repeating it changes nothing twice. ADR 0009, "Account deletion".
 */
@Injectable()
export class DeletedAccountSubscriptionsService {
  private readonly logger = new Logger(DeletedAccountSubscriptionsService.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly gateway: PaymentGateway,
    private readonly syncer: SubscriptionSyncService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * Stops every subscription of the deleted user at the provider: a running one at period end (the
   * paid period runs out, no refund), one not started yet (a pending change of plan) or never paid
   * or in dunning now. Throws when the provider fails, so the job is retried.
   */
  async stopAll(userId: number): Promise<number> {
    const user = await this.prisma.user.findUnique({ where: { id: userId }, select: { deletedAt: true } });
    // Only for a deleted account: a job must never cancel a live customer's subscription.
    if (!user?.deletedAt) return 0;
    const rows = await this.prisma.subscription.findMany({
      where: { userId, providerSubscriptionId: { not: null }, status: { notIn: ['EXPIRED', 'CANCELED'] } },
      select: { id: true, providerSubscriptionId: true, startingAt: true },
    });
    let changed = 0;
    for (const row of rows) if (await this.stop(row as { id: string; providerSubscriptionId: string; startingAt: Date })) changed++;
    return changed;
  }

  /**
   * The reconcile's share: subscriptions of deleted users that the provider still renews, bills or
   * may still charge (the job was lost in a crash, or failed for good while the provider was down).
   * Runs after the reconcile's syncs, so `renew` is the provider's word, not what the deletion wrote.
   */
  async heal(): Promise<number> {
    const now = this.clock.now();
    const users = await this.prisma.subscription.findMany({
      where: {
        user: { deletedAt: { not: null } },
        providerSubscriptionId: { not: null },
        OR: [
          { status: 'ACTIVE', renew: true },
          { status: 'ACTIVE', startingAt: { gt: now } },
          { status: 'PAUSED' },
          { status: 'INCOMPLETE', createdAt: { gt: new Date(now.getTime() - 2 * DAY_MS) } },
        ],
      },
      distinct: ['userId'],
      select: { userId: true },
    });
    let changed = 0;
    for (const { userId } of users) changed += await this.stopAll(userId);
    if (changed) this.logger.warn(`reconcile: stopped ${changed} subscription(s) of deleted accounts at the provider`);
    return changed;
  }

  /** One subscription: the call its provider state needs, if any; true when a call was made. */
  private async stop(row: { id: string; providerSubscriptionId: string; startingAt: Date }): Promise<boolean> {
    const g = await this.gateway.retrieveSubscription(row.providerSubscriptionId);
    if (!g || g.status === 'canceled' || g.status === 'incomplete_expired') {
      if (g) await this.syncer.apply(g);
      return false;
    }
    const notStarted = row.startingAt > this.clock.now();
    // Never paid, in dunning (the provider would keep retrying the card), or a plan change that has
    // not started: end now. Keys from our ids only: a deleted account cannot resume, so no toggles.
    if (notStarted || g.status === 'incomplete' || g.status === 'past_due' || g.status === 'unpaid' || g.status === 'paused') {
      await this.gateway.cancelNow(g.id, `account-deleted-end-${row.id}`);
    } else if (!g.cancelAtPeriodEnd) {
      await this.gateway.cancelAtPeriodEnd(g.id, `account-deleted-cancel-${row.id}`);
    } else {
      await this.syncer.apply(g);
      return false;
    }
    await this.syncer.sync(g.id);
    return true;
  }
}
