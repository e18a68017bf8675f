import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { BullWorkerProcessor } from './bull-worker.processor';
import { QUEUE_NAME } from './job-definition';
import { BULL_QUEUE, JobQueue } from './job-queue.service';
import { redisOptionsFromUrl } from './redis-connection';
import { patchBullmqCloseRace } from './bullmq-close-patch';

@Global()
@Module({})
export class QueueModule {
  static forRoot(config: AppConfig): DynamicModule {
    const { redisUrl, prefix } = config.queue;
    if (!redisUrl) {
      return { module: QueueModule, providers: [JobQueue], exports: [JobQueue] };
    }
    patchBullmqCloseRace();
    const providers: Provider[] = [{ provide: BULL_QUEUE, useExisting: getQueueToken(QUEUE_NAME) }, JobQueue];
    // The worker runs where the role asks for it: `all` (one process) or `worker` (compose's worker).
    if (config.role !== 'web') providers.push(BullWorkerProcessor);
    return {
      module: QueueModule,
      imports: [
        BullModule.forRoot({ connection: redisOptionsFromUrl(redisUrl), prefix }),
        BullModule.registerQueue({ name: QUEUE_NAME }),
      ],
      providers,
      exports: [JobQueue],
    };
  }
}
