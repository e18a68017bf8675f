import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { JOBS } from '../../infra/queue/jobs';
import { PushService } from './push.service';

/** The push send job: thin, the service does the work. */
@Injectable()
export class PushProcessor implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly push: PushService,
  ) {}

  onModuleInit(): void {
    this.jobs.register(JOBS.pushSend, async ({ deliveryId }, context) => {
      await this.push.send(deliveryId, context.attempt >= context.maxAttempts);
    });
  }
}
