import { Module } from '@nestjs/common';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { TenantAdEmailService } from './tenant-ad-email.service';
import { TenantAdController } from './tenant-ad.controller';
import { TenantAdRepository } from './tenant-ad.repository';
import { TenantAdService } from './tenant-ad.service';

/**
 * The tenant ad (boligsøgerannonce): the seeker's editor calls, the landlord page's list and the
 * relay of a landlord's message. "Active subscription" is the subscriptions feature's rule, reused.
 */
@Module({
  imports: [RateLimitModule, SubscriptionsModule],
  controllers: [TenantAdController],
  providers: [TenantAdService, TenantAdRepository, TenantAdEmailService],
})
export class TenantAdModule {}
