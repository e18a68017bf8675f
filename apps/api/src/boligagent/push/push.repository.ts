import { Injectable } from '@nestjs/common';
import { Prisma } from '../../infra/prisma/generated/client';
import { PrismaService } from '../../infra/prisma/prisma.service';

/** A claimed push with what its sending needs: the agent's state, the dwelling, the browsers not yet done. */
export interface LeasedPush {
  id: number;
  agentId: number;
  dwellingId: number;
  /** Still an enabled, mailable instant agent (stopped after the claim: not pushed). */
  active: boolean;
  dwelling: { id: number; headline: string; rent: number } | null;
  subscriptions: Array<{ id: number; endpoint: string; p256dh: string; auth: string; language: string }>;
}

/** The browsers of an agent: its own (a visitor's, by token) and its user's (logged in). */
const SUBSCRIPTIONS_OF_AGENT = Prisma.sql`(s.boligagent_id = a.id OR (a.user_id IS NOT NULL AND s.user_id = a.user_id))`;

/** The statements of instant push (docs/decisions/0063-instant-push.md). */
@Injectable()
export class PushRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * One browser subscription, by endpoint: a second POST (a double click, a second tab, the browser
   * renewing its keys) updates the same row, decided by the unique endpoint.
   */
  async upsertSubscription(input: { endpoint: string; p256dh: string; auth: string; userId: number | null; boligagentId: number | null; language: string; now: Date }): Promise<void> {
    await this.prisma.$executeRaw`
      INSERT INTO push_subscriptions (endpoint, p256dh, auth, user_id, boligagent_id, language, created_at)
      VALUES (${input.endpoint}, ${input.p256dh}, ${input.auth}, ${input.userId}, ${input.boligagentId}, ${input.language}, ${input.now})
      ON CONFLICT (endpoint) DO UPDATE SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, user_id = EXCLUDED.user_id,
        boligagent_id = EXCLUDED.boligagent_id, language = EXCLUDED.language`;
  }

  /** Removes the owner's subscription of that endpoint (a user's, or an agent's); someone else's stays. */
  async deleteSubscription(input: { endpoint: string; userId: number | null; boligagentId: number | null }): Promise<number> {
    return this.prisma.$executeRaw`
      DELETE FROM push_subscriptions WHERE endpoint = ${input.endpoint}
        AND ((${input.userId}::int IS NOT NULL AND user_id = ${input.userId}) OR (${input.boligagentId}::int IS NOT NULL AND boligagent_id = ${input.boligagentId}))`;
  }

  /** The push service said the subscription is gone (404/410): never sent to again. */
  async forgetSubscription(id: number): Promise<void> {
    await this.prisma.$executeRaw`DELETE FROM push_subscriptions WHERE id = ${id}`;
  }

  /**
   * Claims the pushes of the instant pairs just claimed for these dwellings (boligagent_deliveries,
   * claimed within the last hour, so a re-import of an old dwelling pushes nothing), for agents with
   * at least one browser: one push_deliveries row per (agent, dwelling), ON CONFLICT DO NOTHING, so a
   * retried instant job claims what a crash left out and nothing twice. Each agent's row is locked
   * first, so two claims for one agent count its last hour one after the other: the newest dwellings
   * up to the hourly limit are PENDING, the rest THROTTLED (kept, so never pushed later). Answers the
   * ids of every PENDING push of these dwellings, also those an earlier attempt claimed but did not
   * hand over (their job ids make a second hand-over the same job).
   */
  async claim(input: { dwellingIds: number[]; now: Date; perHour: number; windowMs: number }): Promise<number[]> {
    return this.prisma.$transaction(async (tx) => {
      const since = new Date(input.now.getTime() - input.windowMs);
      // Only agents with a browser: the others get no push and need no lock.
      await tx.$queryRaw`
        SELECT a.id FROM boligagents a
        WHERE a.id IN (SELECT x.boligagent_id FROM boligagent_deliveries x WHERE x.dwelling_id = ANY(${input.dwellingIds}::int[]) AND x.sent_at > ${since})
          AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE ${SUBSCRIPTIONS_OF_AGENT})
        ORDER BY a.id FOR UPDATE OF a`;
      await tx.$executeRaw`
        WITH pairs AS (
          SELECT x.boligagent_id, x.dwelling_id, d.created_at
          FROM boligagent_deliveries x
          JOIN dwellings d ON d.id = x.dwelling_id
          JOIN boligagents a ON a.id = x.boligagent_id
          WHERE x.dwelling_id = ANY(${input.dwellingIds}::int[]) AND x.sent_at > ${since}
            AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE ${SUBSCRIPTIONS_OF_AGENT})
            AND NOT EXISTS (SELECT 1 FROM push_deliveries p WHERE p.boligagent_id = x.boligagent_id AND p.dwelling_id = x.dwelling_id)
        ),
        ranked AS (
          SELECT p.boligagent_id, p.dwelling_id,
                 row_number() OVER (PARTITION BY p.boligagent_id ORDER BY p.created_at DESC, p.dwelling_id DESC) AS n,
                 (SELECT count(*) FROM push_deliveries q
                  WHERE q.boligagent_id = p.boligagent_id AND q.status <> 'THROTTLED' AND q.created_at > ${since}) AS used
          FROM pairs p
        )
        INSERT INTO push_deliveries (boligagent_id, dwelling_id, status, created_at)
        SELECT boligagent_id, dwelling_id, CASE WHEN used + n <= ${input.perHour} THEN 'PENDING' ELSE 'THROTTLED' END, ${input.now}
        FROM ranked
        ON CONFLICT (boligagent_id, dwelling_id) DO NOTHING`;
      const rows = await tx.$queryRaw<Array<{ id: number }>>`
        SELECT id FROM push_deliveries WHERE dwelling_id = ANY(${input.dwellingIds}::int[]) AND status = 'PENDING' ORDER BY id`;
      return rows.map((r) => r.id);
    });
  }

  /**
   * Takes a PENDING push that no other worker holds, until `leaseUntil`, with its agent, dwelling and
   * the browsers it has not been handed to yet; null when it is done or held elsewhere (see `heldElsewhere`).
   */
  async lease(input: { id: number; now: Date; leaseUntil: Date }): Promise<LeasedPush | null> {
    const [row] = await this.prisma.$queryRaw<LeasedPush[]>`
      WITH leased AS (
        UPDATE push_deliveries SET lease_until = ${input.leaseUntil}, attempts = attempts + 1
        WHERE id = ${input.id} AND status = 'PENDING' AND (lease_until IS NULL OR lease_until <= ${input.now})
        RETURNING id, boligagent_id, dwelling_id, done_subscription_ids
      )
      SELECT l.id, a.id AS "agentId", l.dwelling_id AS "dwellingId",
             (a.enabled AND a.frequency = 'INSTANT' AND a.unsubscribed_at IS NULL
              AND NOT EXISTS (SELECT 1 FROM mail_suppressions m WHERE m.email = a.email)) AS active,
             (SELECT json_build_object('id', d.id, 'headline', d.headline, 'rent', d.rent) FROM dwellings d WHERE d.id = l.dwelling_id) AS dwelling,
             COALESCE((SELECT json_agg(json_build_object('id', s.id, 'endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth, 'language', s.language) ORDER BY s.id)
                       FROM push_subscriptions s WHERE ${SUBSCRIPTIONS_OF_AGENT} AND NOT s.id = ANY(l.done_subscription_ids)), '[]'::json) AS subscriptions
      FROM leased l JOIN boligagents a ON a.id = l.boligagent_id`;
    return row ?? null;
  }

  async heldElsewhere(id: number, now: Date): Promise<boolean> {
    const [row] = await this.prisma.$queryRaw<Array<{ held: boolean }>>`
      SELECT EXISTS (SELECT 1 FROM push_deliveries WHERE id = ${id} AND status = 'PENDING' AND lease_until > ${now}) AS held`;
    return row.held;
  }

  /** This browser is done for this push (handed over, or given up for good): a retry skips it. */
  async markDone(id: number, subscriptionId: number): Promise<void> {
    await this.prisma.$executeRaw`
      UPDATE push_deliveries SET done_subscription_ids = array_append(done_subscription_ids, ${subscriptionId}::int)
      WHERE id = ${id} AND NOT ${subscriptionId}::int = ANY(done_subscription_ids)`;
  }

  /** Ends a leased push: SENT or FAILED (with why). */
  async finish(id: number, status: 'SENT' | 'FAILED', input: { at: Date; error?: string }): Promise<void> {
    await this.prisma.$executeRaw`
      UPDATE push_deliveries SET status = ${status}, sent_at = ${status === 'SENT' ? input.at : null}, error = ${input.error ?? null}, lease_until = NULL
      WHERE id = ${id} AND status = 'PENDING'`;
  }

  /** A temporary failure: recorded, and the lease given back so the job's retry can take it at once. */
  async release(id: number, error: string): Promise<void> {
    await this.prisma.$executeRaw`UPDATE push_deliveries SET lease_until = NULL, error = ${error} WHERE id = ${id} AND status = 'PENDING'`;
  }
}
