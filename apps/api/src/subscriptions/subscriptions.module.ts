import { Module } from '@nestjs/common';
import { SubscriptionsResolver } from './graphql/subscriptions.resolver';
import { OffersService } from './offers.service';
import { PaymentProvidersService } from './payment-providers.service';
import { SubscriptionAccessService } from './subscription-access.service';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscriptionsService } from './subscriptions.service';

/** Subscriptions and payments: offers, purchase, cancel/reactivate/change, receipts, REST and GraphQL. */
@Module({
  controllers: [SubscriptionsController],
  providers: [SubscriptionAccessService, OffersService, PaymentProvidersService, SubscriptionsService, SubscriptionsResolver],
  exports: [SubscriptionAccessService],
})
export class SubscriptionsModule {}
