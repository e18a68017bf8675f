import { Injectable } from '@nestjs/common';
import { contactPeriod, contactUsage, type ContactLimitSubscription, type ContactUsage } from '@husly/domain';
import type { Prisma } from '../infra/prisma/generated/client';
import { PrismaService } from '../infra/prisma/prisma.service';

export interface ActiveAccess {
  subscriptionId: string;
  plan: string;
  /** Limited plans: at most contactLimit landlords per period of contactWindowDays days; null = unlimited. */
  contactLimit: number | null;
  contactWindowDays: number | null;
  /** The subscription's period: the limited plan counts per period (docs/decisions/0049). */
  startingAt: Date;
  endingAt: Date | null;
  intervalDays: number;
}

/** The subscription and offer fields the limited plan's count reads. */
export interface LimitedPeriodFacts {
  startingAt: Date;
  endingAt: Date | null;
  offer: { contactLimit: number | null; contactWindowDays: number | null; intervalDays: number };
}

/** The count's rule input, or null for an unlimited plan. The period is the plan's window, which is its paid interval. */
export function limitedSubscription(s: LimitedPeriodFacts): ContactLimitSubscription | null {
  if (s.offer.contactLimit === null) return null;
  return { startingAt: s.startingAt, endingAt: s.endingAt, limit: s.offer.contactLimit, periodDays: s.offer.contactWindowDays ?? s.offer.intervalDays };
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
      select: {
        id: true,
        startingAt: true,
        endingAt: true,
        offer: { select: { name: true, contactLimit: true, contactWindowDays: true, intervalDays: true } },
      },
    });
    if (!subscription) return null;
    return {
      subscriptionId: subscription.id,
      plan: subscription.offer.name,
      contactLimit: subscription.offer.contactLimit,
      contactWindowDays: subscription.offer.contactWindowDays,
      startingAt: subscription.startingAt,
      endingAt: subscription.endingAt,
      intervalDays: subscription.offer.intervalDays,
    };
  }

  async isSubscriber(userId: number, now: Date): Promise<boolean> {
    return (await this.activeAccess(userId, now)) !== null;
  }

  /**
   * The limited plan's count at `now` for the subscription `s` gives access through; null on an
   * unlimited plan. `db` is the transaction holding the user's contact lock when a fetch decides on it.
   */
  async contactUsage(userId: number, s: LimitedPeriodFacts, now: Date, db: Prisma.TransactionClient = this.prisma): Promise<ContactUsage | null> {
    const limited = limitedSubscription(s);
    if (!limited) return null;
    // Only this period's fetches are read; the rule decides what counts.
    const period = contactPeriod(limited, now);
    const rows = await db.contactFetch.groupBy({
      by: ['landlordId'],
      where: { userId, createdAt: { gte: period.start, lt: period.resetsAt } },
      _min: { createdAt: true },
    });
    const fetches = rows.map((r) => ({ landlordId: r.landlordId, at: r._min.createdAt ?? period.start }));
    return contactUsage(limited, fetches, now);
  }
}
