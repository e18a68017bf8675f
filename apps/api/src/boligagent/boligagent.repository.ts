import { Injectable } from '@nestjs/common';
import { PrismaService } from '../infra/prisma/prisma.service';

export interface DigestClaim {
  /** Highest agent id of the batch (keyset cursor of the next batch); null when the batch was empty. */
  lastAgentId: number | null;
  agentsScanned: number;
  /** Mails created and claimed by this call, one per agent with something new. */
  mailIds: number[];
  /** Dwellings in those mails, all of them (a mail lists at most 20). */
  dwellings: number;
  /** Time of the read: which new dwellings match which agent, counted and listed. */
  matchingMs: number;
  /** Time of the writes: the agents' windows moved and their mails inserted. */
  claimingMs: number;
}

export interface InstantClaim {
  mailIds: number[];
  dwellings: number;
}

// A pref matches a dwelling of its city when every set limit holds. An unknown value (-1) never
// satisfies a set limit: we cannot promise "at most 6000 kr." for a rent we do not know.
const prefMatchesDwelling = (p: string) => `
  d.status = 1 AND d.deleted_at IS NULL
  AND (${p}.rent IS NULL OR (d.rent >= 0 AND d.rent <= ${p}.rent))
  AND (${p}.rooms IS NULL OR d.rooms >= ${p}.rooms)
  AND (${p}.size IS NULL OR d.size >= ${p}.size)`;
const PREF_MATCHES_DWELLING = prefMatchesDwelling('p');

/**
 * A drawn area (boligagent_areas, docs/decisions/0064-area-search.md) holds a dwelling as the area
 * search does: PostgreSQL's `point <@ polygon`, the polygon text made by the list SQL's own
 * areaPolygonText when the area was stored. A dwelling without a position is never inside.
 */
const areaHoldsDwelling = (w: string) => `point(d.lng, d.lat) <@ ${w}.polygon::polygon`;

/**
 * What an agent watches, for the digest (matched from the agents' side): its city prefs and its drawn
 * areas, the same sliders on both. A city row has polygon NULL, an area row city_id NULL.
 */
const WATCHES = `(
  SELECT boligagent_id, city_id, NULL::text AS polygon, rent, rooms, size FROM boligagent_prefs WHERE status = 'ACTIVE'
  UNION ALL
  SELECT boligagent_id, NULL::int, polygon, rent, rooms, size FROM boligagent_areas WHERE status = 'ACTIVE'
)`;

/**
 * The agents watching dwelling `d`, for the instant mails and the change alerts (matched from the
 * dwellings' side): a city pref of its city or a drawn area holding it, whose sliders it meets. An
 * agent may appear twice (a city and an area): the callers take distinct agents.
 */
const WATCHERS_OF_DWELLING = `
  SELECT p.boligagent_id FROM boligagent_prefs p WHERE p.city_id = d.city_id AND p.status = 'ACTIVE' AND ${PREF_MATCHES_DWELLING}
  UNION ALL
  SELECT p.boligagent_id FROM boligagent_areas p WHERE p.status = 'ACTIVE' AND ${areaHoldsDwelling('p')} AND ${PREF_MATCHES_DWELLING}`;

/** Newest first, the order of a mail's list; `listed` keeps the first $6 (DWELLINGS_PER_MAIL). */
const NEWEST = 'ORDER BY d.created_at DESC, d.id DESC';

const AGENT_IS_MAILABLE = `
  a.enabled AND a.verified_at IS NOT NULL AND a.unsubscribed_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM mail_suppressions s WHERE s.email = a.email)`;

/**
 * A mail of the given ids still PENDING, for statements that name their mails: compared as text, so
 * that the planner takes each mail by its primary key. Compared as the enum, it walks the status
 * index over every PENDING mail whenever its statistics (taken before the night's claims) think
 * there are none: with a batch claimed, tens of thousands of rows for each statement (issue 35).
 */
const PENDING_BY_ID = `m.status::text = 'PENDING'`;

/** A leased mail with everything its rendering needs. */
export interface LeasedMail {
  id: number;
  agentId: number;
  email: string;
  token: string;
  /** The List-Unsubscribe token: it can only stop the agent. */
  unsubscribeToken: string;
  language: string;
  enabled: boolean;
  unsubscribed: boolean;
  suppressed: boolean;
  /** Change alerts (ADR 0062): whether the agent still wants them, and the change a change mail is about. */
  changeAlerts: boolean;
  change: MailChange | null;
  /** Dwellings the mail is about ("see all N"). */
  total: number;
  /** The ones it lists, newest first (fixed when the mail was claimed). */
  dwellings: Array<{ id: number; headline: string; rent: number; rooms: number; size: number; city: string; vacant: boolean }>;
}

/** The change a change mail is about (docs/decisions/0062-change-alerts.md). */
export interface MailChange {
  kind: 'RENT_DROP' | 'BACK_ON_MARKET';
  oldRent: number;
  newRent: number;
}

/**
 * The match of a digest batch ($1 cutoff, $2 after agent id, $3 batch size, $4 frequencies,
 * $5 dwellings listed), into boligagent_found: one row per agent with something new.
 *
 * Matched per kind of pref, not per agent: agents with the same city, limits and window start share
 * their matches, and most do (limits are rounded when stored, and the window of everyone mailed by
 * the last run starts at its cutoff). Agents with instant deliveries inside their window (switched
 * from instant) are matched pair by pair instead, leaving out what their instant mails had, and so are
 * agents with a drawn area (an area may overlap a watched city, or another area: one row per dwelling).
 * A dwelling is in one city, so an agent's city prefs (one per city) never match the same dwelling.
 */
const MATCH_DIGEST_BATCH = `
  WITH batch AS MATERIALIZED (
    SELECT a.id, a.last_mailed_at, a.frequency,
           GREATEST(COALESCE(a.last_mailed_at, a.verified_at), a.verified_at, $1::timestamp - interval '8 days') AS window_start
    FROM boligagents a
    WHERE a.id > $2 AND ${AGENT_IS_MAILABLE}
      AND a.frequency::text = ANY($4::text[])
    ORDER BY a.id
    LIMIT $3
  ),
  prefs AS MATERIALIZED (
    SELECT b.id AS agent_id, b.last_mailed_at, b.window_start, p.city_id, p.polygon, p.rent, p.rooms, p.size,
           EXISTS (SELECT 1 FROM boligagent_deliveries x WHERE x.boligagent_id = b.id AND x.sent_at > b.window_start) AS had_instant,
           EXISTS (SELECT 1 FROM boligagent_areas ar WHERE ar.boligagent_id = b.id AND ar.status = 'ACTIVE') AS has_area
    FROM batch b
    JOIN ${WATCHES} p ON p.boligagent_id = b.id
    WHERE b.window_start < $1
      AND (b.frequency <> 'WEEKLY' OR b.last_mailed_at IS NULL OR b.last_mailed_at <= $1::timestamp - interval '6 days 12 hours')
  ),
  kinds AS (
    SELECT DISTINCT city_id, rent, rooms, size, window_start FROM prefs WHERE NOT had_instant AND NOT has_area
  ),
  -- Agents with a drawn area, or with instant deliveries in their window, pair by pair: one row per
  -- (agent, dwelling), so a dwelling that a city pref and an area both match counts once.
  pairs AS (
    SELECT p.agent_id, p.last_mailed_at, p.window_start, d.id, d.created_at
    FROM prefs p
    JOIN dwellings d ON d.city_id = p.city_id AND d.created_at > p.window_start AND d.created_at <= $1 AND ${PREF_MATCHES_DWELLING}
    WHERE (p.had_instant OR p.has_area)
      AND NOT (p.had_instant AND EXISTS (SELECT 1 FROM boligagent_deliveries x WHERE x.boligagent_id = p.agent_id AND x.dwelling_id = d.id))
    UNION
    SELECT p.agent_id, p.last_mailed_at, p.window_start, d.id, d.created_at
    FROM prefs p
    JOIN dwellings d ON d.created_at > p.window_start AND d.created_at <= $1 AND ${areaHoldsDwelling('p')} AND ${PREF_MATCHES_DWELLING}
    WHERE p.polygon IS NOT NULL
      AND NOT (p.had_instant AND EXISTS (SELECT 1 FROM boligagent_deliveries x WHERE x.boligagent_id = p.agent_id AND x.dwelling_id = d.id))
  ),
  kind_matches AS (
    SELECT k.city_id, k.rent, k.rooms, k.size, k.window_start, count(*)::int AS total,
           (array_agg(d.id ${NEWEST}))[1:$5] AS ids, (array_agg(d.created_at ${NEWEST}))[1:$5] AS times
    FROM kinds k
    JOIN dwellings d ON d.city_id = k.city_id AND d.created_at > k.window_start AND d.created_at <= $1 AND ${prefMatchesDwelling('k')}
    GROUP BY k.city_id, k.rent, k.rooms, k.size, k.window_start
  ),
  pref_matches AS MATERIALIZED (
    SELECT p.agent_id, p.last_mailed_at, p.window_start, m.total, m.ids, m.times
    FROM prefs p
    JOIN kind_matches m ON m.city_id = p.city_id AND m.window_start = p.window_start
      AND COALESCE(m.rent, -1) = COALESCE(p.rent, -1) AND COALESCE(m.rooms, -1) = COALESCE(p.rooms, -1) AND COALESCE(m.size, -1) = COALESCE(p.size, -1)
    WHERE NOT p.had_instant AND NOT p.has_area
    UNION ALL
    SELECT d.agent_id, d.last_mailed_at, d.window_start, count(*)::int,
           (array_agg(d.id ${NEWEST}))[1:$5], (array_agg(d.created_at ${NEWEST}))[1:$5]
    FROM pairs d
    GROUP BY d.agent_id, d.last_mailed_at, d.window_start
  ),
  agents AS MATERIALIZED (
    SELECT agent_id, last_mailed_at, window_start, sum(total)::int AS total, count(*) AS prefs, min(ids) AS ids
    FROM pref_matches GROUP BY agent_id, last_mailed_at, window_start
  ),
  -- Agents matched through more than one pref: their newest across those prefs.
  merged AS (
    SELECT pm.agent_id, (array_agg(u.id ORDER BY u.created_at DESC, u.id DESC))[1:$5] AS ids
    FROM pref_matches pm
    JOIN agents a ON a.agent_id = pm.agent_id AND a.prefs > 1
    CROSS JOIN LATERAL unnest(pm.ids, pm.times) AS u(id, created_at)
    GROUP BY pm.agent_id
  ),
  found AS (
    INSERT INTO boligagent_found (agent_id, last_mailed_at, window_start, total, listed)
    SELECT a.agent_id, a.last_mailed_at, a.window_start, a.total, COALESCE(m.ids, a.ids)
    FROM agents a LEFT JOIN merged m ON m.agent_id = a.agent_id
    RETURNING 1
  )
  SELECT (SELECT max(id) FROM batch)::int AS "lastAgentId",
         (SELECT count(*) FROM batch)::int AS "agentsScanned",
         (SELECT count(*) FROM found)::int AS found`;

/**
 * The claim of a digest batch ($1 now, $2 cutoff): driven from boligagent_found, one primary-key
 * probe per agent; the conditional move of last_mailed_at is what makes racing runs claim an agent once.
 */
const CLAIM_DIGEST_BATCH = `
  WITH claimed AS (
    UPDATE boligagents a SET last_mailed_at = $2
    FROM boligagent_found f
    WHERE a.id = f.agent_id AND a.last_mailed_at IS NOT DISTINCT FROM f.last_mailed_at
    RETURNING a.id, f.window_start, f.total, f.listed
  ),
  mails AS (
    INSERT INTO boligagent_mails (boligagent_id, status, dwelling_count, dwelling_ids, window_start, window_end, attempts, created_at)
    SELECT c.id, 'PENDING', c.total, c.listed, c.window_start, $2, 0, $1 FROM claimed c
    RETURNING id, dwelling_count
  )
  SELECT COALESCE((SELECT array_agg(id ORDER BY id) FROM mails), '{}')::int[] AS "mailIds",
         COALESCE((SELECT sum(dwelling_count) FROM mails), 0)::int AS dwellings`;

interface ChangeClaimInput {
  changeIds: number[] | null;
  since: Date;
  frequencies: Array<'INSTANT' | 'DAILY' | 'WEEKLY'>;
  now: Date;
}
const changeClaimParams = (input: ChangeClaimInput) => [input.changeIds, input.since, input.frequencies, input.now] as const;

/**
 * Change alerts (ADR 0062), the read ($1 change ids or null for all, $2 since): the recent changes
 * agents hear of, and who was sent a mail listing the dwelling before the change.
 */
const CHANGES_TOLD = `
  changes AS (
    SELECT c.id, c.dwelling_id, c.kind, c.old_rent, c.created_at FROM dwelling_changes c
    WHERE ($1::int[] IS NULL OR c.id = ANY($1::int[])) AND c.created_at > $2
      -- Agents hear only of these two; a later change of any kind (rented, reserved) makes them stale.
      AND c.kind IN ('RENT_DROP', 'BACK_ON_MARKET')
      AND NOT EXISTS (SELECT 1 FROM dwelling_changes later WHERE later.dwelling_id = c.dwelling_id AND later.id > c.id)
  ),
  told AS (
    SELECT DISTINCT m.boligagent_id AS agent_id, c.id AS change_id, c.dwelling_id, c.kind, c.old_rent
    FROM changes c
    JOIN boligagent_mails m ON m.dwelling_ids @> ARRAY[c.dwelling_id] AND m.status = 'SENT' AND m.sent_at < c.created_at
  )`;

/** The claim of change mails ($3 frequencies, $4 now): one PENDING mail per agent and change, unique. */
const CLAIM_TOLD = `
  INSERT INTO boligagent_mails (boligagent_id, change_id, status, dwelling_count, dwelling_ids, attempts, created_at)
  SELECT t.agent_id, t.change_id, 'PENDING', 1, ARRAY[t.dwelling_id], 0, $4
  FROM told t
  JOIN boligagents a ON a.id = t.agent_id
  JOIN dwellings d ON d.id = t.dwelling_id
  WHERE a.change_alerts AND ${AGENT_IS_MAILABLE} AND a.frequency::text = ANY($3::text[])
    AND (t.kind <> 'RENT_DROP' OR (d.rent >= 0 AND d.rent < t.old_rent))
    AND EXISTS (SELECT 1 FROM (${WATCHERS_OF_DWELLING}) w WHERE w.boligagent_id = a.id)
  ORDER BY t.agent_id, t.change_id
  ON CONFLICT (boligagent_id, change_id) DO NOTHING`;

/** The bulk SQL of the boligagent job: matching agents × prefs × new dwellings in the database. */
@Injectable()
export class BoligagentRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * One keyset batch of the nightly run: the next `limit` mailable agents after `afterAgentId`, each
   * matched against the dwellings created in its window (after max(last mailed or verified, cutoff −
   * 8 days), up to `cutoff`). Every agent with matches gets one PENDING mail for that window (its
   * count and newest `listed` dwellings), and its last_mailed_at moves to the window's end, so the
   * next window starts where this one ended.
   *
   * Two statements in one transaction: the match (a read, into a temporary table) and the claim.
   * The claim moves last_mailed_at only where it is still what the match read: when two runs race
   * for an agent, one claims it and the other's UPDATE finds the value changed and claims nothing
   * (READ COMMITTED re-checks the condition on the row it waited for). Windows of an agent therefore
   * never overlap, and a dwelling is in at most one of its mails (ADR 0006).
   *
   * Weekly agents take part once their last mail is about a week old.
   */
  async claimDigestBatch(input: {
    afterAgentId: number;
    limit: number;
    cutoff: Date;
    now: Date;
    listed: number;
    frequencies: Array<'DAILY' | 'WEEKLY'>;
  }): Promise<DigestClaim> {
    return this.prisma.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe(
          'CREATE TEMP TABLE boligagent_found (agent_id int, last_mailed_at timestamp(3), window_start timestamp(3), total int, listed int[]) ON COMMIT DROP',
        );
        let started = performance.now();
        const [batch] = await tx.$queryRawUnsafe<Array<{ lastAgentId: number | null; agentsScanned: number }>>(
          MATCH_DIGEST_BATCH,
          input.cutoff,
          input.afterAgentId,
          input.limit,
          input.frequencies,
          input.listed,
        );
        const matchingMs = performance.now() - started;
        started = performance.now();
        const [claim] = await tx.$queryRawUnsafe<Array<{ mailIds: number[]; dwellings: number }>>(CLAIM_DIGEST_BATCH, input.now, input.cutoff);
        return { ...batch, ...claim, matchingMs, claimingMs: performance.now() - started };
      },
      // Far more than a batch takes; the default 5 s is meant for requests, not for 25,000 agents.
      { maxWait: 30_000, timeout: 10 * 60_000 },
    );
  }

  /**
   * Instant agents: the given (just created or imported) dwellings, matched from the dwellings' side
   * and claimed pair by pair (unique (agent, dwelling): a re-run or a second worker claims nothing
   * twice), then one mail per agent for the pairs this call won, in one transaction. Dwellings that
   * a digest window of the agent already covered (created before its last_mailed_at) are left out.
   */
  async claimInstant(input: { dwellingIds: number[]; now: Date; listed: number }): Promise<InstantClaim> {
    const rows = await this.prisma.$transaction(async (tx) => {
      const claimed = await tx.$queryRawUnsafe<Array<{ mailId: number; total: number }>>(
        `WITH matches AS (
           SELECT DISTINCT a.id AS agent_id, d.id AS dwelling_id
           FROM dwellings d
           CROSS JOIN LATERAL (${WATCHERS_OF_DWELLING}) w
           JOIN boligagents a ON a.id = w.boligagent_id
           WHERE d.id = ANY($2::int[])
             AND a.frequency = 'INSTANT' AND ${AGENT_IS_MAILABLE}
             AND d.created_at > GREATEST(a.verified_at, COALESCE(a.last_mailed_at, a.verified_at))
         ),
         claimed AS (
           INSERT INTO boligagent_deliveries (boligagent_id, dwelling_id, sent_at)
           SELECT agent_id, dwelling_id, $1 FROM matches
           ON CONFLICT (boligagent_id, dwelling_id) DO NOTHING
           RETURNING boligagent_id, dwelling_id
         ),
         found AS (
           SELECT c.boligagent_id, count(*)::int AS total,
                  (array_agg(c.dwelling_id ORDER BY d.created_at DESC, d.id DESC))[1:$3] AS listed
           FROM claimed c JOIN dwellings d ON d.id = c.dwelling_id
           GROUP BY c.boligagent_id
         )
         INSERT INTO boligagent_mails (boligagent_id, status, dwelling_count, dwelling_ids, attempts, created_at)
         SELECT boligagent_id, 'PENDING', total, listed, 0, $1 FROM found
         RETURNING id AS "mailId", dwelling_count AS total`,
        input.now,
        input.dwellingIds,
        input.listed,
      );
      // Link the pairs to their mail (the claim above could not: the mail did not exist yet).
      await tx.$executeRawUnsafe(
        `UPDATE boligagent_deliveries x SET mail_id = m.id
         FROM boligagent_mails m
         WHERE m.id = ANY($1::int[]) AND x.boligagent_id = m.boligagent_id AND x.dwelling_id = ANY($2::int[]) AND x.mail_id IS NULL`,
        claimed.map((c) => c.mailId),
        input.dwellingIds,
      );
      return claimed;
    });
    return { mailIds: rows.map((r) => r.mailId).sort((a, b) => a - b), dwellings: rows.reduce((s, r) => s + r.total, 0) };
  }

  /**
   * Takes the still PENDING mails among `mailIds` that no other worker holds, until `leaseUntil`,
   * and returns them with their agent and listed dwellings, in one statement. A mail another worker
   * holds is not returned (see `heldElsewhere`).
   */
  async leaseMails(input: { mailIds: number[]; now: Date; leaseUntil: Date }): Promise<LeasedMail[]> {
    return this.prisma.$queryRawUnsafe<LeasedMail[]>(
      `WITH leased AS (
         UPDATE boligagent_mails m SET lease_until = $3, attempts = m.attempts + 1
         WHERE m.id = ANY($1::int[]) AND ${PENDING_BY_ID} AND (m.lease_until IS NULL OR m.lease_until <= $2)
         RETURNING m.id, m.boligagent_id, m.dwelling_count, m.dwelling_ids, m.change_id
       )
       SELECT l.id, a.id AS "agentId", a.email, a.token, a.unsubscribe_token AS "unsubscribeToken", a.language, a.enabled, a.unsubscribed_at IS NOT NULL AS unsubscribed,
              EXISTS (SELECT 1 FROM mail_suppressions s WHERE s.email = a.email) AS suppressed,
              a.change_alerts AS "changeAlerts",
              (SELECT json_build_object('kind', x.kind, 'oldRent', x.old_rent, 'newRent', x.new_rent) FROM dwelling_changes x WHERE x.id = l.change_id) AS change,
              l.dwelling_count AS total,
              COALESCE((SELECT json_agg(t ORDER BY t.ord) FROM (
                SELECT d.id, d.headline, d.rent, d.rooms, d.size, c.label AS city, d.status = 1 AND d.deleted_at IS NULL AS vacant, u.ord
                FROM unnest(l.dwelling_ids) WITH ORDINALITY u(id, ord)
                JOIN dwellings d ON d.id = u.id JOIN cities c ON c.id = d.city_id) t), '[]'::json) AS dwellings
       FROM leased l JOIN boligagents a ON a.id = l.boligagent_id
       ORDER BY l.id`,
      input.mailIds,
      input.now,
      input.leaseUntil,
    );
  }

  /**
   * Change alerts (ADR 0062): one PENDING mail per agent and change, for the agents of `frequencies`
   * with change alerts on that were sent a mail listing the dwelling before the change, and whose
   * active prefs the dwelling (vacant) still matches. Only a dwelling's latest change counts, and a
   * rent drop only while the rent is still below the old one. The insert is the claim: unique
   * (agent, change), so a retried job, the nightly sweep and a second worker mail each change once.
   * `changeIds` names the changes (the instant job); null takes every change since `since` (the sweep).
   */
  async claimChanges(input: ChangeClaimInput): Promise<number[]> {
    const rows = await this.prisma.$queryRawUnsafe<Array<{ id: number }>>(`WITH ${CHANGES_TOLD} ${CLAIM_TOLD} RETURNING id`, ...changeClaimParams(input));
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  /**
   * The nightly sweep's claim (every change since `since`): the same insert, answering how many mails
   * it made and their id range, not every id. A million agents make some 180,000 change mails a
   * night in the benchmark; the sweep pages through them (`changeMailIds`) as it queues them.
   */
  async claimChangesInBulk(input: Omit<ChangeClaimInput, 'changeIds'>): Promise<{ mails: number; firstId: number | null; lastId: number | null }> {
    const [row] = await this.prisma.$queryRawUnsafe<Array<{ mails: number; firstId: number | null; lastId: number | null }>>(
      `WITH ${CHANGES_TOLD}, claimed AS (${CLAIM_TOLD} RETURNING id)
       SELECT count(*)::int AS mails, min(id)::int AS "firstId", max(id)::int AS "lastId" FROM claimed`,
      ...changeClaimParams({ ...input, changeIds: null }),
    );
    return row;
  }

  /** A keyset page of the change mails one bulk claim made (its id range and its created_at). */
  async changeMailIds(input: { afterId: number; lastId: number; createdAt: Date; limit: number }): Promise<number[]> {
    const rows = await this.prisma.$queryRaw<Array<{ id: number }>>`
      SELECT id FROM boligagent_mails WHERE id > ${input.afterId} AND id <= ${input.lastId} AND change_id IS NOT NULL AND created_at = ${input.createdAt}
      ORDER BY id LIMIT ${input.limit}`;
    return rows.map((r) => r.id);
  }

  /** How many of `mailIds` are still PENDING under another worker's lease. */
  async heldElsewhere(mailIds: number[], now: Date): Promise<number> {
    if (mailIds.length === 0) return 0;
    const [row] = await this.prisma.$queryRaw<Array<{ n: number }>>`
      SELECT count(*)::int AS n FROM boligagent_mails WHERE id = ANY(${mailIds}::int[]) AND status = 'PENDING' AND lease_until > ${now}`;
    return row.n;
  }

  /** Mails the relay accepted, marked SENT in one statement (the send jobs' marks, grouped: GroupCommit). */
  async markSent(marks: Array<{ mailId: number; sentAt: Date; messageId: string }>): Promise<void> {
    if (marks.length === 0) return;
    // ISO strings: a timestamp without time zone takes the UTC digits (the 'Z' is ignored), as Prisma stores them.
    await this.prisma.$executeRawUnsafe(
      `UPDATE boligagent_mails m SET status = 'SENT', sent_at = x.sent_at, message_id = x.message_id, lease_until = NULL, error = NULL
       FROM unnest($1::int[], $2::timestamp(3)[], $3::text[]) AS x(id, sent_at, message_id)
       WHERE m.id = x.id AND ${PENDING_BY_ID}`,
      marks.map((m) => m.mailId),
      marks.map((m) => m.sentAt.toISOString()),
      marks.map((m) => m.messageId),
    );
  }

  /** Not sent, for good (agent stopped, address refused, nothing left to list). */
  async markFailed(mailId: number, error: string): Promise<void> {
    await this.prisma.$executeRaw`UPDATE boligagent_mails SET status = 'FAILED', error = ${error}, lease_until = NULL
      WHERE id = ${mailId} AND status = 'PENDING'`;
  }

  /** A temporary failure: recorded, and the lease given back so the job's retry can take the mail again. */
  async release(mailIds: number[], error: string | null): Promise<void> {
    if (mailIds.length === 0) return;
    await this.prisma.$executeRawUnsafe(
      `UPDATE boligagent_mails m SET lease_until = NULL, error = COALESCE($2, error) WHERE m.id = ANY($1::int[]) AND ${PENDING_BY_ID}`,
      mailIds,
      error,
    );
  }

  /** Mails claimed but not handed over (a crash between claim and enqueue, or retries given up): keyset pages. */
  async pendingMailIds(input: { afterId: number; limit: number; createdBefore: Date }): Promise<number[]> {
    const rows = await this.prisma.boligagentMail.findMany({
      where: { id: { gt: input.afterId }, status: 'PENDING', createdAt: { lt: input.createdBefore } },
      select: { id: true },
      orderBy: { id: 'asc' },
      take: input.limit,
    });
    return rows.map((r) => r.id);
  }
}
