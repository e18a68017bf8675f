import { Module } from '@nestjs/common';
import { AccountTokensService } from '../../accounts/account-tokens.service';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { SubscriptionsModule } from '../subscriptions.module';
import { FoundHomeService } from './found-home.service';
import { UnsubscribeController } from './unsubscribe.controller';
import { UnsubscribeProcessor } from './unsubscribe.processor';
import { UnsubscribeResolver } from './unsubscribe.resolver';
import { UnsubscribeService } from './unsubscribe.service';

/**
 * The unsubscribe flows (spec section 4, issue 14): survey reasons, the manual form with its
 * confirmation link, "found a home". Its own instance of the stateless link-token service:
 * AccountsModule imports SubscriptionsModule, so this module cannot import AccountsModule back.
 */
@Module({
  imports: [SubscriptionsModule, RateLimitModule],
  controllers: [UnsubscribeController],
  providers: [UnsubscribeService, FoundHomeService, UnsubscribeResolver, UnsubscribeProcessor, AccountTokensService],
})
export class UnsubscribeModule {}
