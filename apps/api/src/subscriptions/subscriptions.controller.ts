import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import {
  cancelSubscriptionRequestSchema,
  changePlanRequestSchema,
  createSubscriptionRequestSchema,
  subscriptionIdParamSchema,
  transactionIdParamSchema,
  type CreateSubscriptionResponse,
  type OffersResponse,
  type SubscriptionsResponse,
  type Transaction,
  type TransactionsResponse,
} from '@husly/contracts';
import type { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, JwtAuthGuard, OptionalJwtAuthGuard } from '../common/auth/auth.guards';
import { OffersService } from './offers.service';
import { parseInput } from './subscription-errors';
import { SubscriptionsService } from './subscriptions.service';

/** Spec section 7 "Subscriptions". Every call but the offers needs the bearer token. */
@Controller('subscriptions')
export class SubscriptionsController {
  constructor(
    private readonly offers: OffersService,
    private readonly subscriptions: SubscriptionsService,
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

  @Get('reactivate/:id')
  @UseGuards(JwtAuthGuard)
  async reactivate(@CurrentUser() user: AuthUser, @Param() params: unknown): Promise<SubscriptionsResponse> {
    await this.subscriptions.reactivate(user, parseInput(subscriptionIdParamSchema, params).id);
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
