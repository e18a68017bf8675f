import { Inject, Injectable } from '@nestjs/common';
import type { FoundHomeView } from '@husly/contracts';
import { normalizeEmail } from '@husly/domain';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import type { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../infra/clock/clock';
import { PrismaService } from '../../infra/prisma/prisma.service';
import type { FoundHome, Prisma } from '../../infra/prisma/generated/client';
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

  /**
   * Twice, in parallel or in a row, is once: the step runs with the user's row locked, so a second
   * click waits for the first and then finds its record (and the database keeps one open record per
   * user). The agents are paused first, in that transaction; the renewal is stopped after it, since
   * the payment provider cannot be part of a transaction (`stopRenewal`).
   */
  async foundHome(caller: Caller & { user: AuthUser }): Promise<FoundHomeView> {
    await this.rateLimits.consume([UNSUBSCRIBE_BUCKETS.survey({ userId: caller.user.id, ip: caller.ip })], caller.language);
    const userId = caller.user.id;
    const now = this.clock.now();
    const row = await this.prisma.$transaction(async (tx) => {
      await lockUser(tx, userId);
      const open = await tx.foundHome.findFirst({ where: { userId, undoneAt: null } });
      if (open) return open;
      const owner = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, emailVerified: true } });
      // The user's agent, and visitor agents of the user's verified address not yet merged into it.
      const agents = await tx.boligagent.findMany({
        where: {
          enabled: true,
          OR: [{ userId }, ...(owner.email && owner.emailVerified ? [{ email: normalizeEmail(owner.email), userId: null, verifiedAt: { not: null } }] : [])],
        },
        select: { id: true },
      });
      const ids = agents.map((a) => a.id);
      if (ids.length > 0) await tx.boligagent.updateMany({ where: { id: { in: ids } }, data: { enabled: false } });
      return tx.foundHome.create({ data: { userId, pausedBoligagentIds: ids, createdAt: now } });
    });
    return view(await this.stopRenewal(caller.user, row));
  }

  /**
   * Stops the renewal for an open record that has not stopped one yet. The record claims the
   * subscription first (a conditional update), so of two racing clicks only one calls the provider;
   * if the call fails the claim is given back and the error shown, and a retry tries again.
   */
  private async stopRenewal(user: AuthUser, row: FoundHome): Promise<FoundHome> {
    if (row.stoppedSubscriptionId) return row;
    const now = this.clock.now();
    const renewing = await this.prisma.subscription.findFirst({
      where: {
        userId: user.id,
        status: 'ACTIVE',
        OR: [{ endingAt: null }, { endingAt: { gt: now } }],
        AND: [{ OR: [{ renew: true }, { nextSubscription: { renew: true, status: { notIn: ['CANCELED', 'EXPIRED'] } } }] }],
      },
      orderBy: { startingAt: 'desc' },
      select: { id: true },
    });
    if (!renewing) return row;
    const claimed = await this.prisma.foundHome.updateMany({ where: { id: row.id, undoneAt: null, stoppedSubscriptionId: null }, data: { stoppedSubscriptionId: renewing.id } });
    if (claimed.count === 1) {
      try {
        await this.subscriptions.cancel(user, renewing.id);
      } catch (error) {
        await this.prisma.foundHome.updateMany({ where: { id: row.id, stoppedSubscriptionId: renewing.id }, data: { stoppedSubscriptionId: null } });
        throw error;
      }
    }
    return (await this.prisma.foundHome.findUnique({ where: { id: row.id } })) ?? row;
  }

  /**
   * The undo from the profile: the agents it paused are switched on again and a renewal it stopped
   * resumes (if that subscription still runs), in that order; the record is closed in the same
   * transaction as the agents, under the user's row lock, so of two undos only the one that closed
   * the record switches anything back on.
   */
  async undo(caller: Caller & { user: AuthUser }): Promise<FoundHomeView> {
    await this.rateLimits.consume([UNSUBSCRIBE_BUCKETS.survey({ userId: caller.user.id, ip: caller.ip })], caller.language);
    const userId = caller.user.id;
    const now = this.clock.now();
    const closed = await this.prisma.$transaction(async (tx) => {
      await lockUser(tx, userId);
      const open = await tx.foundHome.findFirst({ where: { userId, undoneAt: null } });
      if (!open) return null;
      await tx.foundHome.update({ where: { id: open.id }, data: { undoneAt: now } });
      // Never one the user has unsubscribed from (one-click) since, nor one that is no longer theirs.
      await tx.boligagent.updateMany({ where: { id: { in: open.pausedBoligagentIds }, enabled: false, unsubscribedAt: null }, data: { enabled: true } });
      return open;
    });
    if (closed?.stoppedSubscriptionId) {
      const s = await this.prisma.subscription.findFirst({ where: { id: closed.stoppedSubscriptionId, userId, status: 'ACTIVE', renew: false, endingAt: { gt: now } }, select: { id: true, legacyId: true } });
      if (s && !s.legacyId) await this.subscriptions.reactivate(caller.user, s.id);
    }
    return view(null);
  }

  private open(userId: number): Promise<FoundHome | null> {
    return this.prisma.foundHome.findFirst({ where: { userId, undoneAt: null }, orderBy: { id: 'desc' } });
  }
}

/** Serialises the user's "found a home" steps: the second of two racing calls waits, then sees the first's result. */
async function lockUser(tx: Prisma.TransactionClient, userId: number): Promise<void> {
  await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
}

function view(row: FoundHome | null): FoundHomeView {
  return {
    active: row !== null,
    since: row?.createdAt.toISOString() ?? null,
    pausedBoligagents: row?.pausedBoligagentIds.length ?? 0,
    renewalStopped: row?.stoppedSubscriptionId !== null && row?.stoppedSubscriptionId !== undefined,
  };
}
