import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../queue/job-queue.service';
import { JOBS } from '../queue/jobs';
import { MailService } from './mail.service';

/** Sends queued mails; a failure is retried by the queue with backoff. */
@Injectable()
export class MailDeliveryProcessor implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly mail: MailService,
  ) {}

  onModuleInit(): void {
    this.jobs.register(JOBS.mailDeliver, async (message) => {
      await this.mail.send(message);
    });
  }
}
