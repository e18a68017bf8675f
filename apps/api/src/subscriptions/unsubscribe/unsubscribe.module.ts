import { Module } from '@nestjs/common';
import { AccountTokensService } from '../../accounts/account-tokens.service';
import { RateLimitService } from '../../accounts/rate-limit.service';
import { SubscriptionsModule } from '../subscriptions.module';
import { FoundHomeService } from './found-home.service';
import { UnsubscribeController } from './unsubscribe.controller';
import { UnsubscribeProcessor } from './unsubscribe.processor';
import { UnsubscribeResolver } from './unsubscribe.resolver';
import { UnsubscribeService } from './unsubscribe.service';

/**
 * The unsubscribe flows (spec section 4, issue 14): survey reasons, the manual form with its
 * confirmation link, "found a home". Own instances of the stateless token and throttle services:
 * AccountsModule imports SubscriptionsModule, so this module cannot import AccountsModule back.
 */
@Module({
  imports: [SubscriptionsModule],
  controllers: [UnsubscribeController],
  providers: [UnsubscribeService, FoundHomeService, UnsubscribeResolver, UnsubscribeProcessor, AccountTokensService, RateLimitService],
})
export class UnsubscribeModule {}
