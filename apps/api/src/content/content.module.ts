import { Module } from '@nestjs/common';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { ContentController } from './content.controller';
import { ContentService } from './content.service';

/** The static information pages' one call: the contact form (POST /api/contact). */
@Module({ imports: [RateLimitModule], controllers: [ContentController], providers: [ContentService] })
export class ContentModule {}
