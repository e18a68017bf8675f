import { Inject, Injectable } from '@nestjs/common';
import {
  changePlanRequestSchema,
  createSubscriptionRequestSchema,
  type ChangePlanRequest,
  type CreateSubscriptionRequest,
  type CreateSubscriptionResponse,
  type SubscriptionsResponse,
  type SubscriptionView,
  type Transaction,
} from '@husly/contracts';
import { showReactivateButton } from '@husly/domain';
import type { AuthUser } from '../common/auth/auth-user';
import { Clock } from '../infra/clock/clock';
import { PrismaService } from '../infra/prisma/prisma.service';
import { PaymentProvidersService } from './payment-providers.service';
import { notFound, parseInput, subscriptionError } from './subscription-errors';
import { SUBSCRIPTION_INCLUDE, TRANSACTION_INCLUDE, toSubscriptionView, toTransaction } from './subscription-views';

/** Purchase, cancel, reactivation, change of plan and receipts (spec sections 4 and 7). */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly providers: PaymentProvidersService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** The user's subscriptions, newest first; pending next subscriptions show inside their predecessor. */
  async list(userId: number): Promise<SubscriptionsResponse> {
    const now = this.clock.now();
    const rows = await this.prisma.subscription.findMany({
      where: { userId, previousSubscription: null, NOT: { status: 'INCOMPLETE', createdAt: { lt: new Date(now.getTime() - 86_400_000) } } },
      include: SUBSCRIPTION_INCLUDE,
      orderBy: [{ startingAt: 'desc' }, { createdAt: 'desc' }],
    });
    const subscriptions = rows.map((r) => toSubscriptionView(r, now));
    const subscriber = subscriptions.some((s) => s.active);
    const first = rows.find((r) => r.status !== 'INCOMPLETE');
    return {
      subscriber,
      subscriptions,
      showReactivate: showReactivateButton(subscriber, first && { legacyId: first.legacyId, renew: first.renew, hasNext: first.nextSubscriptionId !== null }),
      paymentMode: this.providers.mode,
    };
  }

  /** `input` is parsed here, so REST and GraphQL refuse the same things the same way. */
  async create(user: AuthUser, input: CreateSubscriptionRequest | Record<string, unknown>): Promise<CreateSubscriptionResponse> {
    parseInput(createSubscriptionRequestSchema, input);
    throw subscriptionError(503, 'provider-unavailable', 'Payments are not available yet');
  }

  async cancel(user: AuthUser, id: string | undefined): Promise<SubscriptionView> {
    void id;
    void user;
    throw subscriptionError(503, 'provider-unavailable', 'Payments are not available yet');
  }

  async reactivate(user: AuthUser, id: string): Promise<SubscriptionView> {
    void id;
    void user;
    throw subscriptionError(503, 'provider-unavailable', 'Payments are not available yet');
  }

  async changePlan(user: AuthUser, input: ChangePlanRequest | Record<string, unknown>): Promise<SubscriptionView> {
    parseInput(changePlanRequestSchema, input);
    void user;
    throw subscriptionError(503, 'provider-unavailable', 'Payments are not available yet');
  }

  /** The user's own receipts, newest first. */
  async transactions(userId: number): Promise<Transaction[]> {
    const rows = await this.prisma.transaction.findMany({ where: { userId }, include: TRANSACTION_INCLUDE, orderBy: [{ timestamp: 'desc' }, { id: 'desc' }] });
    return rows.map(toTransaction);
  }

  /** One receipt; another user's (or an unknown id) is a 404, never a 403, so ids reveal nothing. */
  async transaction(userId: number, id: number): Promise<Transaction> {
    const row = await this.prisma.transaction.findFirst({ where: { id, userId }, include: TRANSACTION_INCLUDE });
    if (!row) throw notFound('Transaction');
    return toTransaction(row);
  }
}
