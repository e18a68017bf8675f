import { Inject, Injectable } from '@nestjs/common';
import type { FoundHomeView } from '@husly/contracts';
import { normalizeEmail } from '@husly/domain';
import { RateLimitService } from '../../accounts/rate-limit.service';
import type { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../infra/clock/clock';
import { PrismaService } from '../../infra/prisma/prisma.service';
import type { FoundHome } from '../../infra/prisma/generated/client';
import { SubscriptionsService } from '../subscriptions.service';
import type { Caller } from './unsubscribe.service';
import { UNSUBSCRIBE_BUCKETS } from './unsubscribe-throttles';

/**
 * "Found a home" (issue 14): one step pauses every boligagent of the user and stops the renewal;
 * the profile can undo it. Pausing is the agent's own switch (`enabled`, what the delivery query
 * reads), and the step remembers which agents it switched off, so the undo restores exactly those
 * and never an agent the user had stopped before or unsubscribed from since.
 */
@Injectable()
export class FoundHomeService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly subscriptions: SubscriptionsService,
    private readonly rateLimits: RateLimitService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async state(user: AuthUser): Promise<FoundHomeView> {
    return view(await this.open(user.id));
  }

  async foundHome(caller: Caller & { user: AuthUser }): Promise<FoundHomeView> {
    await this.rateLimits.consume([UNSUBSCRIBE_BUCKETS.survey({ userId: caller.user.id, ip: caller.ip })], caller.language);
    const existing = await this.open(caller.user.id);
    if (existing) return view(existing);
    const now = this.clock.now();
    // Renewal first: it calls the payment provider, which cannot be part of a database transaction.
    // If it fails, nothing is paused and the user sees an error to retry.
    const renewing = await this.prisma.subscription.findFirst({
      where: {
        userId: caller.user.id,
        status: 'ACTIVE',
        OR: [{ endingAt: null }, { endingAt: { gt: now } }],
        AND: [{ OR: [{ renew: true }, { nextSubscription: { renew: true, status: { notIn: ['CANCELED', 'EXPIRED'] } } }] }],
      },
      orderBy: { startingAt: 'desc' },
      select: { id: true },
    });
    if (renewing) await this.subscriptions.cancel(caller.user, renewing.id);

    const owner = await this.prisma.user.findUniqueOrThrow({ where: { id: caller.user.id }, select: { email: true, emailVerified: true } });
    const row = await this.prisma.$transaction(async (tx) => {
      // The user's agent, and visitor agents of the user's verified address not yet merged into it.
      const agents = await tx.boligagent.findMany({
        where: {
          enabled: true,
          OR: [{ userId: caller.user.id }, ...(owner.email && owner.emailVerified ? [{ email: normalizeEmail(owner.email), userId: null, verifiedAt: { not: null } }] : [])],
        },
        select: { id: true },
      });
      const ids = agents.map((a) => a.id);
      if (ids.length > 0) await tx.boligagent.updateMany({ where: { id: { in: ids } }, data: { enabled: false } });
      return tx.foundHome.create({ data: { userId: caller.user.id, pausedBoligagentIds: ids, stoppedSubscriptionId: renewing?.id ?? null, createdAt: now } });
    });
    return view(row);
  }

  /**
   * The undo from the profile: the agents it paused are switched on again and a renewal it stopped
   * resumes (if that subscription still runs), in that order; the record is closed in the same
   * transaction as the agents.
   */
  async undo(caller: Caller & { user: AuthUser }): Promise<FoundHomeView> {
    await this.rateLimits.consume([UNSUBSCRIBE_BUCKETS.survey({ userId: caller.user.id, ip: caller.ip })], caller.language);
    const open = await this.open(caller.user.id);
    if (!open) return view(null);
    const now = this.clock.now();
    await this.prisma.$transaction(async (tx) => {
      const closed = await tx.foundHome.updateMany({ where: { id: open.id, undoneAt: null }, data: { undoneAt: now } });
      if (closed.count !== 1) return;
      // Never one the user has unsubscribed from (one-click) since, nor one that is no longer theirs.
      await tx.boligagent.updateMany({ where: { id: { in: open.pausedBoligagentIds }, enabled: false, unsubscribedAt: null }, data: { enabled: true } });
    });
    if (open.stoppedSubscriptionId) {
      const s = await this.prisma.subscription.findFirst({ where: { id: open.stoppedSubscriptionId, userId: caller.user.id, status: 'ACTIVE', renew: false, endingAt: { gt: now } }, select: { id: true, legacyId: true } });
      if (s && !s.legacyId) await this.subscriptions.reactivate(caller.user, s.id);
    }
    return view(null);
  }

  private open(userId: number): Promise<FoundHome | null> {
    return this.prisma.foundHome.findFirst({ where: { userId, undoneAt: null }, orderBy: { id: 'desc' } });
  }
}

function view(row: FoundHome | null): FoundHomeView {
  return {
    active: row !== null,
    since: row?.createdAt.toISOString() ?? null,
    pausedBoligagents: row?.pausedBoligagentIds.length ?? 0,
    renewalStopped: row?.stoppedSubscriptionId !== null && row?.stoppedSubscriptionId !== undefined,
  };
}
