import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Clock } from '../../infra/clock/clock';
import { Metrics } from '../../infra/metrics/metrics';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { QUEUE_NAME } from '../../infra/queue/job-definition';
import { JOBS } from '../../infra/queue/jobs';
import { BoligagentDeliveryService } from '../boligagent-delivery.service';
import { nextRun } from './next-run';

/** 06:00 in Copenhagen: mails are waiting when people wake up. */
export const DIGEST_HOUR = 6;
export const DIGEST_TIME_ZONE = 'Europe/Copenhagen';
const DIGEST_PATTERN = `0 ${DIGEST_HOUR} * * *`;
const SCHEDULER_ID = 'boligagent-nightly';

/**
 * The boligagent job processors (thin: they call the delivery service) and the nightly schedule,
 * which only processes that run jobs set up (APP_ROLE all or worker).
 */
@Injectable()
export class BoligagentProcessor implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(BoligagentProcessor.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly jobs: JobQueue,
    private readonly delivery: BoligagentDeliveryService,
    private readonly moduleRef: ModuleRef,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  onModuleInit(): void {
    this.jobs.register(JOBS.boligagentDigest, async () => {
      // The favourites' mails ride on this nightly schedule: their sweep heals a lost change job (ADR 0062).
      // One job per night and hour: a retried digest does not queue it again (and its claim is unique anyway).
      const night = this.clock.now().toISOString().slice(0, 13);
      await this.jobs.enqueue(JOBS.favouriteChanges, { changeIds: null }, { jobId: `favourites-sweep-${night}` });
      const started = performance.now();
      const result = await this.delivery.runDigest();
      this.metrics.boligagentRun(this.clock.now(), performance.now() - started, result.mails);
    });
    this.jobs.register(JOBS.boligagentInstant, async ({ dwellingIds }) => {
      await this.delivery.runInstant(dwellingIds);
    });
    this.jobs.register(JOBS.boligagentChanges, async ({ changeIds }) => {
      await this.delivery.runChanges(changeIds);
    });
    this.jobs.register(JOBS.boligagentSend, async ({ mailIds }, context) => {
      await this.delivery.sendMails(mailIds, context.attempt >= context.maxAttempts);
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.role === 'web') return;
    if (this.jobs.mode === 'redis') {
      // One scheduler in Redis however many workers start: upsert is idempotent.
      const queue = this.moduleRef.get<Queue>(getQueueToken(QUEUE_NAME), { strict: false });
      // Not awaited: with Redis down the upsert waits for it, and boot (and /api/health, which
      // reports the outage) must not wait with it. Upserted once Redis answers, after
      // waitUntilReady: BullMQ's upsert awaits the client inside a `new Promise(async …)`, so a
      // connection closed before it was ready (shutdown with Redis down) would reject in there,
      // unhandled, and never reach this catch.
      void queue
        .waitUntilReady()
        .then(() =>
          queue.upsertJobScheduler(
            SCHEDULER_ID,
            { pattern: DIGEST_PATTERN, tz: DIGEST_TIME_ZONE },
            {
              name: JOBS.boligagentDigest.name,
              data: { trigger: 'schedule' },
              opts: { attempts: JOBS.boligagentDigest.attempts, backoff: { type: 'exponential', delay: JOBS.boligagentDigest.backoffMs } },
            },
          ),
        )
        .catch((error: unknown) => this.logger.error(`could not register the nightly boligagent schedule: ${String(error)}`));
    } else {
      this.scheduleInProcess();
    }
  }

  /** Without Redis: a timer to the next 06:00 Copenhagen time, re-armed after each run. */
  private scheduleInProcess(): void {
    const now = this.clock.now();
    const at = nextRun(DIGEST_PATTERN, DIGEST_TIME_ZONE, now);
    // setTimeout holds at most ~24.8 days; the next run is at most a day away.
    this.timer = setTimeout(() => {
      this.jobs
        .enqueue(JOBS.boligagentDigest, { trigger: 'schedule' }, { jobId: `boligagent-digest-${at.toISOString()}` })
        .catch((error: unknown) => this.logger.error(`could not queue the nightly boligagent run: ${String(error)}`))
        .finally(() => this.scheduleInProcess());
    }, at.getTime() - now.getTime());
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}
