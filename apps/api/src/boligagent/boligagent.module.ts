import { Module } from '@nestjs/common';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { BoligagentDeliveryService } from './boligagent-delivery.service';
import { BoligagentRepository } from './boligagent.repository';
import { BoligagentRunLog } from './boligagent-run-log';
import { BoligagentsController, NotificationLogController } from './boligagent.controller';
import { BoligagentService } from './boligagent.service';
import { BoligagentProcessor } from './jobs/boligagent.processor';
import { WebPushSender } from '../infra/push/web-push-sender';
import { PushController } from './push.controller';
import { PushProcessor } from './push/push.processor';
import { PushRepository } from './push/push.repository';
import { PushService } from './push/push.service';

/** Instant push (ADR 0063): its own sub-folder; the delivery service calls PushService after an instant claim. */
const PUSH_PROVIDERS = [PushService, PushRepository, PushProcessor, WebPushSender];

/**
 * Boligagents: the API of section 7, the nightly and instant mail job, and one-click unsubscribe.
 * Other features call BoligagentDeliveryService.dwellingsCreated(ids) after creating or importing dwellings.
 */
@Module({
  imports: [RateLimitModule],
  controllers: [BoligagentsController, NotificationLogController, PushController],
  providers: [BoligagentService, BoligagentRepository, BoligagentRunLog, BoligagentDeliveryService, BoligagentProcessor, ...PUSH_PROVIDERS],
  exports: [BoligagentService, BoligagentDeliveryService],
})
export class BoligagentModule {}
