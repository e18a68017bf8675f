import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  cancelSubscriptionRequestSchema,
  changePlanRequestSchema,
  createSubscriptionRequestSchema,
  reactivateQuerySchema,
  subscriptionIdParamSchema,
  testPaymentClientSecretParamSchema,
  transactionIdParamSchema,
  type SubscriptionView,
  type CreateSubscriptionResponse,
  type OffersResponse,
  type SubscriptionsResponse,
  type Transaction,
  type TransactionsResponse,
} from '@husly/contracts';
import { Ctx, type RequestContext } from '../common/request-context';
import type { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, JwtAuthGuard, OptionalJwtAuthGuard } from '../common/auth/auth.guards';
import { OffersService } from './offers/offers.service';
import { parseInput } from './subscription-errors';
import { SubscriptionsService } from './subscriptions.service';
import { WebhookEventsService } from './webhooks/webhook-events.service';

/** Spec section 7 "Subscriptions". Every call but the offers needs the bearer token. */
@Controller('subscriptions')
export class SubscriptionsController {
  constructor(
    private readonly offers: OffersService,
    private readonly subscriptions: SubscriptionsService,
    private readonly webhooks: WebhookEventsService,
  ) {}

  /** Public (the splash shows to visitors); with a token it says whether this user may still buy the intro. */
  @Get('offers')
  @UseGuards(OptionalJwtAuthGuard)
  listOffers(@CurrentUser() user: AuthUser | undefined): Promise<OffersResponse> {
    return this.offers.list(user?.id);
  }

  @Get()
  @UseGuards(JwtAuthGuard)
  list(@CurrentUser() user: AuthUser): Promise<SubscriptionsResponse> {
    return this.subscriptions.list(user.id);
  }

  @Post()
  @UseGuards(JwtAuthGuard)
  create(@CurrentUser() user: AuthUser, @Body() body: unknown): Promise<CreateSubscriptionResponse> {
    return this.subscriptions.create(user, parseInput(createSubscriptionRequestSchema, body));
  }

  /** Switch plan at the next renewal (the limited plan instead of cancelling). */
  @Post('change')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  async change(@CurrentUser() user: AuthUser, @Body() body: unknown): Promise<SubscriptionsResponse> {
    await this.subscriptions.changePlan(user, parseInput(changePlanRequestSchema, body));
    return this.subscriptions.list(user.id);
  }

  /** Section 7's path; an ended subscription is charged now, so then `?terms=true` is required (400 terms-required). */
  @Get('reactivate/:id')
  @UseGuards(JwtAuthGuard)
  async reactivate(@CurrentUser() user: AuthUser, @Param() params: unknown, @Query() query: unknown): Promise<SubscriptionsResponse> {
    const { id } = parseInput(subscriptionIdParamSchema, params);
    await this.subscriptions.reactivate(user, id, parseInput(reactivateQuerySchema, query ?? {}).terms);
    return this.subscriptions.list(user.id);
  }

  /** Cancel at period end; the answer replaces the list (section 4). */
  @Delete(':id')
  @UseGuards(JwtAuthGuard)
  async remove(@CurrentUser() user: AuthUser, @Param() params: unknown): Promise<SubscriptionsResponse> {
    await this.subscriptions.cancel(user, parseInput(subscriptionIdParamSchema, params).id);
    return this.subscriptions.list(user.id);
  }

  @Post('cancel')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  async cancel(@CurrentUser() user: AuthUser, @Body() body: unknown): Promise<SubscriptionsResponse> {
    await this.subscriptions.cancel(user, parseInput(cancelSubscriptionRequestSchema, body).id);
    return this.subscriptions.list(user.id);
  }

  /**
   * The built-in test provider's payment form (only without STRIPE_SECRET_KEY): pays the client
   * secret with a test card. A refused card is a 402 with the section 8 payment code; too many
   * attempts by the user or on the secret a 429 (TEST_PAYMENT_CONFIRM_THROTTLE).
   */
  @Post('test-payments/:clientSecret/confirm')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  async confirmTestPayment(@CurrentUser() user: AuthUser, @Param() params: unknown, @Body() body: unknown, @Ctx() ctx: RequestContext) {
    const { clientSecret } = parseInput(testPaymentClientSecretParamSchema, params);
    const { subscriptionId } = await this.subscriptions.confirmTestPayment(user, clientSecret, (body ?? {}) as Record<string, unknown>, ctx.language);
    return { status: 'succeeded' as const, subscriptionId, returnUrl: '/profile' };
  }

  /** The 14-day right of withdrawal: refunds the charges and ends access now. */
  @Post(':id/withdraw')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  withdraw(@CurrentUser() user: AuthUser, @Param() params: unknown): Promise<{ refundedOre: number; subscription: SubscriptionView }> {
    return this.subscriptions.withdraw(user, parseInput(subscriptionIdParamSchema, params).id);
  }

  /** Stripe's webhook: verified on the raw body, stored once, the work queued; answers at once. */
  @Post('webhook')
  @HttpCode(200)
  webhook(@Req() request: RawBodyRequest<FastifyRequest>, @Headers('stripe-signature') signature?: string) {
    return this.webhooks.receive(request.rawBody, signature);
  }

  @Get('transactions')
  @UseGuards(JwtAuthGuard)
  async transactions(@CurrentUser() user: AuthUser): Promise<TransactionsResponse> {
    return { transactions: await this.subscriptions.transactions(user.id) };
  }

  @Get('transactions/:id')
  @UseGuards(JwtAuthGuard)
  transaction(@CurrentUser() user: AuthUser, @Param() params: unknown): Promise<Transaction> {
    return this.subscriptions.transaction(user.id, parseInput(transactionIdParamSchema, params).id);
  }
}
