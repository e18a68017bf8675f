import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EnqueueOptions, JobContext, JobDefinition } from './job-definition';

type Runner = (name: string, data: unknown, context: JobContext) => Promise<void>;

interface PendingJob {
  id: string;
  definition: JobDefinition<unknown>;
  data: unknown;
  attempt: number;
}

/**
 * The queue when REDIS_URL is not set: jobs run in this process through the very same handlers as
 * the BullMQ worker, with the same retry and backoff rules. Nothing survives a restart, which is
 * the trade-off of running with no services.
 */
export class InProcessQueue {
  private readonly logger = new Logger('InProcessQueue');
  private readonly active = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /**
   * Jobs whose time has come, waiting for a slot, first in first out: a slot that frees starts the
   * next at once. (Re-arming each on a 10 ms timer fired 5,000 timers a second with 50 send jobs
   * waiting, and left a freed slot idle for up to 10 ms; issue 35.)
   */
  private readonly ready: PendingJob[] = [];
  private readonly idleWaiters: Array<() => void> = [];
  private readonly stoppedWaiters: Array<() => void> = [];
  private running = 0;
  private failed = 0;
  private closed = false;

  constructor(
    private readonly run: Runner,
    private readonly concurrency = 4,
  ) {}

  enqueue<T>(definition: JobDefinition<T>, data: T, options: EnqueueOptions = {}): string {
    const id = options.jobId ?? randomUUID();
    if (this.active.has(id)) return id;
    this.active.add(id);
    this.later({ id, definition: definition as JobDefinition<unknown>, data, attempt: 1 }, options.delayMs ?? 0);
    return id;
  }

  /** Resolves once no job is waiting, retrying or running. */
  drain(): Promise<void> {
    if (this.active.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** For the metrics: jobs waiting for their time or a free slot (retries included), running, and failed for good since start. */
  counts(): { waiting: number; active: number; failed: number } {
    return { waiting: this.active.size - this.running, active: this.running, failed: this.failed };
  }

  /**
   * Starts nothing more (waiting and retrying jobs are dropped: nothing survives a restart here) and
   * resolves once the jobs already running have ended, so the database closes after its last user.
   */
  close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.ready.length = 0;
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.stoppedWaiters.push(resolve));
  }

  private later(job: PendingJob, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.ready.push(job);
      this.startReady();
    }, delayMs);
    this.timers.add(timer);
  }

  private startReady(): void {
    while (!this.closed && this.running < this.concurrency && this.ready.length > 0) void this.start(this.ready.shift() as PendingJob);
  }

  private async start(job: PendingJob): Promise<void> {
    this.running++;
    try {
      await this.run(job.definition.name, job.data, {
        jobId: job.id,
        attempt: job.attempt,
        maxAttempts: job.definition.attempts,
      });
      this.finish(job.id);
    } catch (error) {
      if (job.attempt < job.definition.attempts) {
        const delay = job.definition.backoffMs * 2 ** (job.attempt - 1);
        this.logger.warn(`${job.definition.name} ${job.id} failed (attempt ${job.attempt}), retrying in ${delay} ms: ${String(error)}`);
        this.later({ ...job, attempt: job.attempt + 1 }, delay);
      } else {
        this.logger.error(`${job.definition.name} ${job.id} failed for good after ${job.attempt} attempts: ${String(error)}`);
        this.failed++;
        this.finish(job.id);
      }
    } finally {
      this.running--;
      if (this.closed && this.running === 0) for (const resolve of this.stoppedWaiters.splice(0)) resolve();
      this.startReady();
    }
  }

  private finish(id: string): void {
    this.active.delete(id);
    if (this.active.size === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
