import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../infra/clock/clock';
import { PrismaService } from '../infra/prisma/prisma.service';
import { JobQueue } from '../infra/queue/job-queue.service';
import { JOBS } from '../infra/queue/jobs';
import { PaymentGateway } from './gateway/payment-gateway';
import { DeletedAccountSubscriptionsService } from './sync/deleted-account-subscriptions.service';
import { SubscriptionSyncService } from './sync/subscription-sync.service';

const DAY_MS = 86_400_000;

/**
 * Heals what a lost webhook left behind: every subscription the provider changed since the last run
 * (with a day's overlap) and every one of ours that is not over yet is re-read and repaired. Also
 * sends intro reminders a restart lost, and stops what a deleted account still has running at the provider.
 */
@Injectable()
export class SubscriptionReconcileService {
  private readonly logger = new Logger(SubscriptionReconcileService.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly gateway: PaymentGateway,
    private readonly syncer: SubscriptionSyncService,
    private readonly jobs: JobQueue,
    private readonly deletedAccounts: DeletedAccountSubscriptionsService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async run(): Promise<{ checked: number; repaired: number }> {
    const now = this.clock.now();
    await this.gateway.advance(now);
    const changed = await this.gateway.listChangedSubscriptionIds(new Date(now.getTime() - 2 * DAY_MS));
    const open = await this.prisma.subscription.findMany({
      where: { providerSubscriptionId: { not: null }, OR: [{ status: { in: ['ACTIVE', 'PAUSED'] } }, { status: 'INCOMPLETE', createdAt: { gt: new Date(now.getTime() - 2 * DAY_MS) } }] },
      select: { providerSubscriptionId: true },
    });
    const ids = new Set([...changed, ...open.map((o) => o.providerSubscriptionId as string)]);
    let repaired = 0;
    for (const id of ids) {
      const before = await this.snapshot(id);
      await this.syncer.sync(id);
      if ((await this.snapshot(id)) !== before) repaired++;
    }
    // After the syncs, so what still renews is the provider's word: a deletion's lost job heals here.
    repaired += await this.deletedAccounts.heal();
    const dueReminders = await this.prisma.subscription.findMany({
      where: { status: 'ACTIVE', renew: true, introReminderSentAt: null, offer: { intro: true }, endingAt: { gt: now, lte: new Date(now.getTime() + 3 * DAY_MS) } },
      select: { id: true },
    });
    for (const { id } of dueReminders) {
      await this.jobs.enqueue(JOBS.subscriptionIntroReminder, { subscriptionId: id }, { jobId: `subscription-intro-reminder-${id}` });
    }
    if (repaired) this.logger.log(`reconcile: ${ids.size} subscriptions checked, ${repaired} repaired`);
    return { checked: ids.size, repaired };
  }

  private async snapshot(providerSubscriptionId: string): Promise<string> {
    const s = await this.prisma.subscription.findUnique({
      where: { providerSubscriptionId },
      select: { status: true, endingAt: true, renew: true, outstanding: true, _count: { select: { transactions: true } } },
    });
    return JSON.stringify(s);
  }
}
