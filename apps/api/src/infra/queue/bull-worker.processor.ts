import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { QUEUE_NAME } from './job-definition';
import { JobQueue } from './job-queue.service';

/** The BullMQ worker: hands every job to the same handler the in-process queue would call. */
@Processor(QUEUE_NAME, { concurrency: 8 })
export class BullWorkerProcessor extends WorkerHost {
  constructor(private readonly jobs: JobQueue) {
    super();
  }

  async process(job: Job): Promise<void> {
    await this.jobs.run(job.name, job.data, {
      jobId: String(job.id),
      attempt: job.attemptsMade + 1,
      maxAttempts: job.opts.attempts ?? 1,
    });
  }
}
