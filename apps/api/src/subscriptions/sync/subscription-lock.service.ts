import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../infra/prisma/prisma.service';
import { subscriptionError } from '../subscription-errors';

/** Longer than any one change takes with the provider's retries (20 s timeout, two retries). */
const LEASE_SECONDS = 120;
/** How long a second tab waits for the first before it is told to try again. */
const WAIT_MS = 45_000;

/**
 * One change of a user's subscriptions at a time, decided by PostgreSQL: the lease is taken by one
 * atomic upsert (a free or expired row only), so of two requests sent at once exactly one holds it and
 * the other waits, then sees what the first did. A lease rather than a row lock held in a transaction:
 * the provider calls in between must not hold a database connection, and the embedded database serves
 * one transaction at a time (docs/decisions/0036). A process that dies mid-change frees it on expiry.
 */
@Injectable()
export class SubscriptionLockService {
  constructor(private readonly prisma: PrismaService) {}

  async run<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const holder = randomUUID();
    const giveUpAt = Date.now() + WAIT_MS;
    for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
      if (await this.take(userId, holder)) break;
      if (Date.now() > giveUpAt) {
        throw subscriptionError(409, 'subscription-busy', 'Another change to your subscription is still running. Try again in a moment.');
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
    try {
      return await work();
    } finally {
      await this.prisma.$executeRaw`DELETE FROM subscription_locks WHERE user_id = ${userId} AND holder = ${holder}::uuid`;
    }
  }

  private async take(userId: number, holder: string): Promise<boolean> {
    const rows = await this.prisma.$queryRaw<Array<{ holder: string }>>`
      INSERT INTO subscription_locks (user_id, holder, expires_at)
      VALUES (${userId}, ${holder}::uuid, LOCALTIMESTAMP + make_interval(secs => ${LEASE_SECONDS}))
      ON CONFLICT (user_id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
        WHERE subscription_locks.expires_at < LOCALTIMESTAMP
      RETURNING holder::text`;
    return rows.length === 1;
  }
}
