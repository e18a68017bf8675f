import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { JOBS } from '../../infra/queue/jobs';
import { UnsubscribeService } from './unsubscribe.service';

/** Matches a manual unsubscribe request and sends its mail, away from the form's answer. */
@Injectable()
export class UnsubscribeProcessor implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly unsubscribe: UnsubscribeService,
  ) {}

  onModuleInit(): void {
    this.jobs.register(JOBS.unsubscribeManual, async ({ unsubscriptionId }) => {
      await this.unsubscribe.processManual(unsubscriptionId);
    });
  }
}
