import { Injectable } from '@nestjs/common';
import type { Prisma } from '../infra/prisma/generated/client';
import { PrismaService } from '../infra/prisma/prisma.service';

export interface ActiveAccess {
  subscriptionId: string;
  plan: string;
  /** Limited plans: at most contactLimit landlords per contactWindowDays days; null = unlimited. */
  contactLimit: number | null;
  contactWindowDays: number | null;
}

/**
 * Whether a user is a subscriber right now. A subscription gives access while it is ACTIVE and its
 * period covers `now`; one cancelled by the user stays ACTIVE with renew = false until it ends.
 */
@Injectable()
export class SubscriptionAccessService {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The rule as a filter on subscriptions, for queries over many users (the tenant ads landlords
   * see: `user: { subscriptions: { some: activeSubscriptionWhere(now) } }`): one rule, not a copy.
   */
  static activeSubscriptionWhere(now: Date): Prisma.SubscriptionWhereInput {
    return { status: 'ACTIVE', startingAt: { lte: now }, OR: [{ endingAt: null }, { endingAt: { gt: now } }] };
  }

  async activeAccess(userId: number, now: Date): Promise<ActiveAccess | null> {
    const subscription = await this.prisma.subscription.findFirst({
      where: { userId, ...SubscriptionAccessService.activeSubscriptionWhere(now) },
      orderBy: { startingAt: 'desc' },
      select: { id: true, offer: { select: { name: true, contactLimit: true, contactWindowDays: true } } },
    });
    if (!subscription) return null;
    return {
      subscriptionId: subscription.id,
      plan: subscription.offer.name,
      contactLimit: subscription.offer.contactLimit,
      contactWindowDays: subscription.offer.contactWindowDays,
    };
  }

  async isSubscriber(userId: number, now: Date): Promise<boolean> {
    return (await this.activeAccess(userId, now)) !== null;
  }
}
