import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { InProcessQueue } from './in-process-queue';
import type { EnqueueOptions, JobContext, JobDefinition, JobHandler } from './job-definition';
import { ALL_JOBS } from './jobs';
import type { QueueCounts } from '../metrics/metrics';

export const BULL_QUEUE = Symbol('BULL_QUEUE');

/**
 * The one place work is put on the queue. REDIS_URL set: BullMQ on Redis, processed by whichever
 * process runs the worker role. Unset: in this process, through the same handlers.
 */
@Injectable()
export class JobQueue implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(JobQueue.name);
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  private readonly inProcess?: InProcessQueue;

  constructor(@Optional() @Inject(BULL_QUEUE) private readonly bull?: Queue) {
    if (!bull) this.inProcess = new InProcessQueue((name, data, context) => this.run(name, data, context));
  }

  get mode(): 'redis' | 'in-process' {
    return this.bull ? 'redis' : 'in-process';
  }

  /** The BullMQ queues, for the admins' queue board; none when jobs run in this process. */
  get bullQueues(): Queue[] {
    return this.bull ? [this.bull] : [];
  }

  /** Features register their processors in onModuleInit; boot checks none is missing. */
  register<T>(definition: JobDefinition<T>, handler: JobHandler<T>): void {
    if (this.handlers.has(definition.name)) throw new Error(`Job ${definition.name} has two handlers`);
    this.handlers.set(definition.name, handler as JobHandler<unknown>);
  }

  onApplicationBootstrap(): void {
    const missing = ALL_JOBS.filter((job) => !this.handlers.has(job.name)).map((job) => job.name);
    if (missing.length) throw new Error(`No handler registered for job(s): ${missing.join(', ')}`);
  }

  async enqueue<T>(definition: JobDefinition<T>, data: T, options: EnqueueOptions = {}): Promise<string> {
    if (!this.handlers.has(definition.name)) throw new Error(`No handler registered for job ${definition.name}`);
    if (this.inProcess) return this.inProcess.enqueue(definition, data, options);
    const job = await (this.bull as Queue).add(definition.name, data, {
      jobId: options.jobId,
      delay: options.delayMs,
      attempts: definition.attempts,
      backoff: { type: 'exponential', delay: definition.backoffMs },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 14 * 24 * 3600 },
    });
    return job.id as string;
  }

  /** Runs one job's handler: called by the in-process queue and by the BullMQ worker alike. */
  async run(name: string, data: unknown, context: JobContext): Promise<void> {
    const handler = this.handlers.get(name);
    if (!handler) throw new Error(`No handler registered for job ${name}`);
    await handler(data, context);
  }

  /** Waits until in-process work is done (commands that must exit when every mail is handed over). */
  async drain(): Promise<void> {
    await this.inProcess?.drain();
  }

  /**
   * The queue's jobs by state, for the metrics scrape. From BullMQ within timeoutMs (its client waits
   * for Redis forever; a scrape must not), else nothing: the scrape then lacks the series, which is
   * what an alert on absent data is for.
   */
  async counts(timeoutMs = 2_000): Promise<QueueCounts> {
    if (!this.bull) return this.inProcess?.counts() ?? {};
    let timer: NodeJS.Timeout | undefined;
    try {
      const counts = this.bull.getJobCounts('waiting', 'active', 'failed', 'delayed');
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
      });
      return await Promise.race([counts, timeout]);
    } catch (error) {
      this.logger.warn(`queue counts unavailable: ${String(error)}`);
      return {};
    } finally {
      clearTimeout(timer);
    }
  }

  /** Whether Redis answers within timeoutMs: BullMQ's client retries forever, a health check must not wait. */
  async ping(timeoutMs = 2_000): Promise<boolean> {
    if (!this.bull) return true;
    const bull = this.bull;
    let timer: NodeJS.Timeout | undefined;
    try {
      const answer = (async () => {
        // bullmq types its client abstractly; on Redis it is ioredis, which has ping().
        const client = (await bull.client) as unknown as { ping(): Promise<string> };
        return (await client.ping()) === 'PONG';
      })();
      const timeout = new Promise<boolean>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
      });
      return await Promise.race([answer, timeout]);
    } catch (error) {
      this.logger.warn(`Redis not reachable: ${String(error)}`);
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Jobs running in this process finish before the app goes on to close the database (PrismaService). */
  async onModuleDestroy(): Promise<void> {
    await this.inProcess?.close();
  }
}
