import { Module } from '@nestjs/common';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { Clock } from '../infra/clock/clock';
import { PrismaService } from '../infra/prisma/prisma.service';
import { DeletedAccountSubscriptionsService } from './sync/deleted-account-subscriptions.service';
import { PaymentGateway } from './gateway/payment-gateway';
import { StripePaymentGateway } from './gateway/stripe-payment-gateway';
import { TestPaymentGateway } from './gateway/test-payment-gateway';
import { SubscriptionsResolver } from './graphql/subscriptions.resolver';
import { OffersService } from './offers/offers.service';
import { PaymentProvidersService } from './gateway/payment-providers.service';
import { SubscriptionAccessService } from './subscription-access.service';
import { SubscriptionMailService } from './subscription-mail.service';
import { SubscriptionReconcileService } from './subscription-reconcile.service';
import { SubscriptionLockService } from './sync/subscription-lock.service';
import { SubscriptionSyncService } from './sync/subscription-sync.service';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscriptionsProcessor } from './jobs/subscriptions.processor';
import { SubscriptionsService } from './subscriptions.service';
import { WebhookEventsService } from './webhooks/webhook-events.service';

/**
 * Subscriptions and payments: offers, purchase, cancel/reactivate/change, receipts, webhooks, REST and GraphQL.
 * The root holds the module, the routes and the services other features use (ADR 0060: access,
 * reconcile, SubscriptionsService). The rest by concern: gateway/ (payment providers), graphql/,
 * jobs/ (the queue's processor), offers/, sync/ (our rows as the provider has them, one change at
 * a time, deleted accounts), webhooks/, unsubscribe/ (a module of its own).
 */
@Module({
  imports: [RateLimitModule],
  controllers: [SubscriptionsController],
  providers: [
    {
      // Stripe when configured; otherwise the built-in test provider (the env schema refuses that in production).
      provide: PaymentGateway,
      inject: [APP_CONFIG, PrismaService, Clock],
      useFactory: (config: AppConfig, prisma: PrismaService, clock: Clock): PaymentGateway => {
        if (config.payments.stripe) return new StripePaymentGateway(config.payments.stripe);
        if (config.env === 'production') throw new Error('The test payment provider never runs in production: set STRIPE_SECRET_KEY');
        return new TestPaymentGateway(prisma, clock);
      },
    },
    SubscriptionAccessService,
    OffersService,
    PaymentProvidersService,
    SubscriptionSyncService,
    SubscriptionLockService,
    SubscriptionsService,
    SubscriptionMailService,
    SubscriptionReconcileService,
    WebhookEventsService,
    DeletedAccountSubscriptionsService,
    SubscriptionsProcessor,
    SubscriptionsResolver,
  ],
  exports: [SubscriptionAccessService, SubscriptionReconcileService, SubscriptionsService],
})
export class SubscriptionsModule {}
