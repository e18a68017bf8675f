import { Module } from '@nestjs/common';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { BoligagentDeliveryService } from './boligagent-delivery.service';
import { BoligagentRepository } from './boligagent.repository';
import { BoligagentRunLog } from './boligagent-run-log';
import { BoligagentsController, NotificationLogController } from './boligagent.controller';
import { BoligagentService } from './boligagent.service';
import { BoligagentProcessor } from './jobs/boligagent.processor';

/**
 * Boligagents: the API of section 7, the nightly and instant mail job, and one-click unsubscribe.
 * Other features call BoligagentDeliveryService.dwellingsCreated(ids) after creating or importing dwellings.
 */
@Module({
  imports: [RateLimitModule],
  controllers: [BoligagentsController, NotificationLogController],
  providers: [BoligagentService, BoligagentRepository, BoligagentRunLog, BoligagentDeliveryService, BoligagentProcessor],
  exports: [BoligagentService, BoligagentDeliveryService],
})
export class BoligagentModule {}
