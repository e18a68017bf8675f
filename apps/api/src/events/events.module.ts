import { Module } from '@nestjs/common';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';

/** Named events from the web app and the browser's error beacon (spec section 7). */
@Module({ imports: [RateLimitModule], controllers: [EventsController], providers: [EventsService] })
export class EventsModule {}
