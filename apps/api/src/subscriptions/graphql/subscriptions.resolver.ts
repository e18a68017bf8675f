import { UseGuards } from '@nestjs/common';
import { subscriptionIdParamSchema } from '@husly/contracts';
import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth/auth-user';
import { PaymentProvidersService } from '../gateway/payment-providers.service';
import { parseInput } from '../subscription-errors';
import { SubscriptionsService } from '../subscriptions.service';
import { GqlCurrentUser, GqlJwtAuthGuard } from './gql-auth.guard';
import { CreateSubscriptionInput, PaymentProviderModel, ProviderType, SubscriptionModel } from './subscription.types';

/**
 * GraphQL of spec section 7: the same service calls as REST, the same error codes (extensions.code).
 * Inputs go through the REST contracts (here or in the service): GraphQL's String lets a NUL through.
 */
@Resolver()
@UseGuards(GqlJwtAuthGuard)
export class SubscriptionsResolver {
  constructor(
    private readonly providers: PaymentProvidersService,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  @Query(() => PaymentProviderModel, { nullable: true })
  provider(@Args('providerType', { type: () => ProviderType }) providerType: ProviderType): Promise<PaymentProviderModel | null> {
    return this.providers.byType(providerType);
  }

  @Mutation(() => SubscriptionModel)
  async createSubscription(@GqlCurrentUser() user: AuthUser, @Args('input') input: CreateSubscriptionInput): Promise<SubscriptionModel> {
    const { meta } = input;
    const created = await this.subscriptions.create(user, {
      planId: input.planId,
      providerId: input.providerId,
      terms: meta.terms,
      billing: { name: meta.firstName, email: meta.email, address: meta.address, zipcode: meta.zipcode, city: meta.city, country: meta.country, phone: meta.phone },
    });
    return { id: created.id, meta: { paymentInfo: created.meta.paymentInfo } };
  }

  /** `terms`: accepted where the seeker said yes; required when an ended subscription is charged now (as REST). */
  @Mutation(() => SubscriptionModel)
  async reactivateSubscription(
    @GqlCurrentUser() user: AuthUser,
    @Args('id', { type: () => ID }) id: string,
    @Args('terms', { type: () => Boolean, nullable: true }) terms?: boolean | null,
  ): Promise<SubscriptionModel> {
    return { id: (await this.subscriptions.reactivate(user, parseInput(subscriptionIdParamSchema, { id }).id, terms === true)).id, meta: {} };
  }

  /** Cancels at period end; when the subscription has a pending next one, that one is cancelled. */
  @Mutation(() => SubscriptionModel)
  async cancelSubscription(@GqlCurrentUser() user: AuthUser, @Args('id', { type: () => ID }) id: string): Promise<SubscriptionModel> {
    return { id: (await this.subscriptions.cancel(user, parseInput(subscriptionIdParamSchema, { id }).id)).id, meta: {} };
  }

  @Mutation(() => SubscriptionModel)
  async changePlan(
    @GqlCurrentUser() user: AuthUser,
    @Args('subscription', { type: () => ID }) subscription: string,
    @Args('plan') plan: string,
  ): Promise<SubscriptionModel> {
    return { id: (await this.subscriptions.changePlan(user, { subscription, plan })).id, meta: {} };
  }
}
