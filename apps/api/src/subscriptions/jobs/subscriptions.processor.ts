import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { QUEUE_NAME } from '../../infra/queue/job-definition';
import { JOBS } from '../../infra/queue/jobs';
import { DeletedAccountSubscriptionsService } from '../sync/deleted-account-subscriptions.service';
import { SubscriptionMailService } from '../subscription-mail.service';
import { SubscriptionSyncService } from '../sync/subscription-sync.service';
import { SubscriptionReconcileService } from '../subscription-reconcile.service';
import { WebhookEventsService } from '../webhooks/webhook-events.service';

const SCHEDULER_ID = 'subscriptions-reconcile';
const RECONCILE_EVERY_MS = 3_600_000;

/** Thin job processors: they call the services. The reconcile runs hourly (and `npm run subscriptions:reconcile`). */
@Injectable()
export class SubscriptionsProcessor implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SubscriptionsProcessor.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly jobs: JobQueue,
    private readonly syncer: SubscriptionSyncService,
    private readonly mails: SubscriptionMailService,
    private readonly reconcile: SubscriptionReconcileService,
    private readonly webhooks: WebhookEventsService,
    private readonly deletedAccounts: DeletedAccountSubscriptionsService,
    private readonly moduleRef: ModuleRef,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.register(JOBS.subscriptionWebhook, async ({ eventId }) => {
      await this.webhooks.process(eventId);
    });
    this.jobs.register(JOBS.subscriptionSync, async ({ providerSubscriptionId }) => {
      await this.syncer.sync(providerSubscriptionId);
    });
    this.jobs.register(JOBS.subscriptionReceipt, async ({ transactionId }) => {
      await this.mails.sendReceipt(transactionId);
    });
    this.jobs.register(JOBS.subscriptionIntroReminder, async ({ subscriptionId }) => {
      await this.mails.sendIntroReminder(subscriptionId);
    });
    this.jobs.register(JOBS.subscriptionNotice, async ({ noticeId }) => {
      await this.mails.sendNotice(noticeId);
    });
    this.jobs.register(JOBS.subscriptionAccountDeleted, async ({ userId }) => {
      await this.deletedAccounts.stopAll(userId);
    });
    this.jobs.register(JOBS.subscriptionReconcile, async () => {
      await this.reconcile.run();
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.role === 'web' || this.config.env === 'test') return;
    if (this.jobs.mode === 'redis') {
      const queue = this.moduleRef.get<Queue>(getQueueToken(QUEUE_NAME), { strict: false });
      void queue
        .upsertJobScheduler(SCHEDULER_ID, { every: RECONCILE_EVERY_MS }, { name: JOBS.subscriptionReconcile.name, data: { trigger: 'schedule' } })
        .catch((error: unknown) => this.logger.error(`could not register the subscription reconcile schedule: ${String(error)}`));
    } else {
      this.timer = setInterval(() => {
        this.jobs
          .enqueue(JOBS.subscriptionReconcile, { trigger: 'schedule' })
          .catch((error: unknown) => this.logger.error(`could not queue the subscription reconcile: ${String(error)}`));
      }, RECONCILE_EVERY_MS);
      this.timer.unref();
    }
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
