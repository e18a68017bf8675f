import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { JOBS } from '../../infra/queue/jobs';
import { FavouriteMailDeliveryService } from './favourite-mail-delivery.service';

/** The favourites' mail jobs, thin: they call the delivery service (ADR 0062). */
@Injectable()
export class FavouriteMailsProcessor implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly delivery: FavouriteMailDeliveryService,
  ) {}

  onModuleInit(): void {
    this.jobs.register(JOBS.favouriteChanges, async ({ changeIds }) => {
      await this.delivery.runChanges(changeIds);
    });
    this.jobs.register(JOBS.favouriteSend, async ({ mailIds }, context) => {
      await this.delivery.sendMails(mailIds, context.attempt >= context.maxAttempts);
    });
  }
}
