import { HttpException, Inject, Injectable } from '@nestjs/common';
import { apiError } from '@husly/contracts';
import { Clock } from '../../infra/clock/clock';
import { PrismaService } from '../../infra/prisma/prisma.service';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { JOBS } from '../../infra/queue/jobs';
import { Metrics } from '../../infra/metrics/metrics';
import { PaymentGateway } from '../gateway/payment-gateway';
import { SubscriptionSyncService } from '../sync/subscription-sync.service';

/**
 * POST /api/subscriptions/webhook: verify the signature on the raw body, store the event id once,
 * queue the work, answer. The job re-reads the subscription from the provider, trusting the event
 * only for which subscription (or customer) it concerns.
 */
@Injectable()
export class WebhookEventsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly gateway: PaymentGateway,
    private readonly syncer: SubscriptionSyncService,
    private readonly jobs: JobQueue,
    @Inject(Clock) private readonly clock: Clock,
    private readonly metrics: Metrics,
  ) {}

  async receive(rawBody: Buffer | undefined, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
    let event;
    try {
      if (!rawBody) throw new Error('no body');
      event = this.gateway.parseWebhook(rawBody, signature);
    } catch {
      // Bad, missing or stale signature, or not an event: nothing is stored or changed.
      this.metrics.webhookEvents.inc({ outcome: 'refused' });
      throw new HttpException(apiError(400, 'Webhook signature verification failed', { code: 'bad-signature' }), 400);
    }
    const objectId = event.subscriptionId ?? (event.customerId ? `customer:${event.customerId}` : null);
    // One plain statement: Prisma's createMany cost three times the CPU, on the path that must answer fast.
    const stored = await this.prisma.$executeRaw`
      INSERT INTO payment_webhook_events (id, type, object_id) VALUES (${event.id}, ${event.type}, ${objectId})
      ON CONFLICT (id) DO NOTHING`;
    if (stored === 0) {
      this.metrics.webhookEvents.inc({ outcome: 'duplicate' });
      return { received: true, duplicate: true };
    }
    this.metrics.webhookEvents.inc({ outcome: 'accepted' });
    await this.jobs.enqueue(JOBS.subscriptionWebhook, { eventId: event.id }, { jobId: `subscription-webhook-${event.id}` });
    return { received: true, duplicate: false };
  }

  /**
   * The job: re-read what the event names and repair ours. Stripe sends an event after the change it
   * reports, so one read taken after an event was received covers it: every waiting event of the same
   * subscription received before the read is marked done with this one, and its own job then has
   * nothing to do (a payment sends five or six events for one subscription at once).
   */
  async process(eventId: string): Promise<void> {
    const event = await this.prisma.paymentWebhookEvent.findUnique({ where: { id: eventId } });
    if (!event || event.processedAt) return;
    // The database's clock, the one that stamped received_at (the app's may differ from it), kept as
    // the text PostgreSQL wrote so no time-zone conversion sits between the two.
    const [{ readAt }] = await this.prisma.$queryRaw<{ readAt: string }[]>`SELECT clock_timestamp()::timestamp(3)::text AS "readAt"`;
    const ids: string[] = [];
    if (event.objectId?.startsWith('customer:')) {
      // payment_intent.* name only the customer: re-read that customer's subscriptions that are not over.
      const subs = await this.prisma.subscription.findMany({
        where: { providerCustomerId: event.objectId.slice('customer:'.length), providerSubscriptionId: { not: null }, status: { in: ['INCOMPLETE', 'ACTIVE', 'PAUSED'] } },
        select: { providerSubscriptionId: true },
      });
      ids.push(...subs.map((s) => s.providerSubscriptionId as string));
    } else if (event.objectId) {
      ids.push(event.objectId);
    }
    for (const id of ids) await this.syncer.sync(id);
    // Each event marked done here has waited from its arrival until now, on the database's clock.
    const done = await this.prisma.$queryRaw<{ lag: number }[]>`
      UPDATE payment_webhook_events SET processed_at = ${this.clock.now()}
      WHERE id = ${eventId}
         OR (object_id = ${event.objectId} AND processed_at IS NULL AND received_at <= ${readAt}::timestamp)
      RETURNING extract(epoch FROM clock_timestamp()::timestamp(3) - received_at)::float8 AS lag`;
    for (const { lag } of done) this.metrics.webhookLag.observe(Math.max(0, lag));
  }
}
