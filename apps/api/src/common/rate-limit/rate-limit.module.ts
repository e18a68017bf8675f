import { Module } from '@nestjs/common';
import { RateLimitService } from './rate-limit.service';

/** The throttle counts in rate_limits, for every feature that refuses floods (its buckets stay its own). */
@Module({ providers: [RateLimitService], exports: [RateLimitService] })
export class RateLimitModule {}
