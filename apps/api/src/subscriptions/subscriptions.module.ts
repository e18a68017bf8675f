import { Module } from '@nestjs/common';
import { SubscriptionAccessService } from './subscription-access.service';

/** Subscriptions: for now who has access; purchase, cancel and receipts come with their issue. */
@Module({ providers: [SubscriptionAccessService], exports: [SubscriptionAccessService] })
export class SubscriptionsModule {}
