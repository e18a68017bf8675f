import { Injectable } from '@nestjs/common';
import { PrismaService } from '../infra/prisma/prisma.service';

export interface ClaimResult {
  /** Highest agent id of the batch (keyset cursor of the next batch); null when the batch was empty. */
  lastAgentId: number | null;
  agentsScanned: number;
  /** Mails created and claimed by this statement, one per agent with something new. */
  mailIds: number[];
  deliveries: number;
}

// A pref matches a dwelling of its city when every set limit holds. An unknown value (-1) never
// satisfies a set limit: we cannot promise "at most 6000 kr." for a rent we do not know.
const PREF_MATCHES_DWELLING = `
  d.status = 1 AND d.deleted_at IS NULL
  AND (p.rent IS NULL OR (d.rent >= 0 AND d.rent <= p.rent))
  AND (p.rooms IS NULL OR d.rooms >= p.rooms)
  AND (p.size IS NULL OR d.size >= p.size)`;

const AGENT_IS_MAILABLE = `
  a.enabled AND a.verified_at IS NOT NULL AND a.unsubscribed_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM mail_suppressions s WHERE s.email = a.email)`;

// The claim: one BoligagentMail (PENDING) per agent with matches, and one BoligagentDelivery per
// (agent, dwelling) pointing at it. The unique (agent, dwelling) key with ON CONFLICT DO NOTHING is
// what makes a re-run, a retried job or a second worker harmless: a pair is claimed by exactly one
// statement, and only claimed pairs are ever put in a mail. All in one statement, so a crash leaves
// either the whole claim or none of it.
const CLAIM = `
  mails AS (
    INSERT INTO boligagent_mails (boligagent_id, status, dwelling_count, attempts, created_at)
    SELECT agent_id, 'PENDING', count(*), 0, $1 FROM matches GROUP BY agent_id
    RETURNING id, boligagent_id
  ),
  claimed AS (
    INSERT INTO boligagent_deliveries (boligagent_id, dwelling_id, mail_id, sent_at)
    SELECT m.agent_id, m.dwelling_id, ml.id, $1 FROM matches m JOIN mails ml ON ml.boligagent_id = m.agent_id
    ON CONFLICT (boligagent_id, dwelling_id) DO NOTHING
    RETURNING boligagent_id, mail_id
  ),
  touched AS (
    UPDATE boligagents a SET last_mailed_at = $2
    WHERE a.id IN (SELECT DISTINCT boligagent_id FROM claimed) AND (a.last_mailed_at IS NULL OR a.last_mailed_at < $2)
    RETURNING a.id
  )`;

/** A claimed mail with everything its rendering needs. */
export interface PendingMail {
  id: number;
  agentId: number;
  email: string;
  token: string;
  language: string;
  enabled: boolean;
  unsubscribed: boolean;
  suppressed: boolean;
  /** Dwellings claimed for this mail ("see all N"). */
  total: number;
  /** The newest of them, at most the limit asked for. */
  dwellings: Array<{ id: number; headline: string; rent: number; rooms: number; size: number; city: string }>;
}

/** The bulk SQL of the boligagent job: matching agents × prefs × new dwellings in the database. */
@Injectable()
export class BoligagentRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * One keyset batch of the nightly run: the next `limit` mailable agents after `afterAgentId`,
   * matched against the dwellings created in their window (since last mailed, at most 8 days back,
   * up to `cutoff`), minus what they already got, claimed in the same statement.
   * Weekly agents take part once their last mail is about a week old.
   */
  async claimDigestBatch(input: { afterAgentId: number; limit: number; cutoff: Date; now: Date; frequencies: Array<'INSTANT' | 'DAILY' | 'WEEKLY'> }): Promise<ClaimResult> {
    const sql = `
      WITH batch AS (
        SELECT a.id, a.last_mailed_at, a.verified_at, a.frequency
        FROM boligagents a
        WHERE a.id > $3 AND ${AGENT_IS_MAILABLE}
          AND a.frequency::text = ANY($5::text[])
        ORDER BY a.id
        LIMIT $4
      ),
      eligible AS (
        SELECT b.* FROM batch b
        WHERE b.frequency <> 'WEEKLY' OR b.last_mailed_at IS NULL OR b.last_mailed_at <= $2::timestamp - interval '6 days 12 hours'
      ),
      matches AS (
        SELECT e.id AS agent_id, d.id AS dwelling_id
        FROM eligible e
        JOIN boligagent_prefs p ON p.boligagent_id = e.id AND p.status = 'ACTIVE'
        JOIN dwellings d ON d.city_id = p.city_id
          AND d.created_at > GREATEST(COALESCE(e.last_mailed_at, e.verified_at), e.verified_at, $2::timestamp - interval '8 days')
          AND d.created_at <= $2
          AND ${PREF_MATCHES_DWELLING}
        WHERE NOT EXISTS (SELECT 1 FROM boligagent_deliveries x WHERE x.boligagent_id = e.id AND x.dwelling_id = d.id)
      ),
      ${CLAIM}
      SELECT (SELECT max(id) FROM batch)::int AS "lastAgentId",
             (SELECT count(*) FROM batch)::int AS "agentsScanned",
             COALESCE((SELECT array_agg(DISTINCT mail_id) FROM claimed), '{}')::int[] AS "mailIds",
             (SELECT count(*) FROM claimed)::int AS deliveries,
             (SELECT count(*) FROM touched)::int AS touched`;
    const [row] = await this.prisma.$queryRawUnsafe<ClaimResult[]>(sql, input.now, input.cutoff, input.afterAgentId, input.limit, input.frequencies);
    return { ...row, mailIds: [...row.mailIds].sort((a, b) => a - b) };
  }

  /** Instant agents: the given (just created or imported) dwellings, matched from the dwellings' side. */
  async claimInstant(input: { dwellingIds: number[]; now: Date }): Promise<ClaimResult> {
    const sql = `
      WITH matches AS (
        SELECT a.id AS agent_id, d.id AS dwelling_id
        FROM dwellings d
        JOIN boligagent_prefs p ON p.city_id = d.city_id AND p.status = 'ACTIVE'
        JOIN boligagents a ON a.id = p.boligagent_id
        WHERE d.id = ANY($3::int[]) AND ${PREF_MATCHES_DWELLING}
          AND a.frequency = 'INSTANT' AND ${AGENT_IS_MAILABLE}
          AND d.created_at > a.verified_at
          AND NOT EXISTS (SELECT 1 FROM boligagent_deliveries x WHERE x.boligagent_id = a.id AND x.dwelling_id = d.id)
      ),
      ${CLAIM}
      SELECT NULL::int AS "lastAgentId", 0 AS "agentsScanned",
             COALESCE((SELECT array_agg(DISTINCT mail_id) FROM claimed), '{}')::int[] AS "mailIds",
             (SELECT count(*) FROM claimed)::int AS deliveries,
             (SELECT count(*) FROM touched)::int AS touched`;
    const [row] = await this.prisma.$queryRawUnsafe<ClaimResult[]>(sql, input.now, input.now, input.dwellingIds);
    return { ...row, mailIds: [...row.mailIds].sort((a, b) => a - b) };
  }

  /** The still PENDING mails among `mailIds`, each with its agent and newest dwellings, in one query. */
  async pendingMails(mailIds: number[], dwellingsPerMail: number): Promise<PendingMail[]> {
    return this.prisma.$queryRawUnsafe<PendingMail[]>(
      `SELECT m.id, a.id AS "agentId", a.email, a.token, a.language, a.enabled, a.unsubscribed_at IS NOT NULL AS unsubscribed,
              EXISTS (SELECT 1 FROM mail_suppressions s WHERE s.email = a.email) AS suppressed,
              (SELECT count(*) FROM boligagent_deliveries x WHERE x.mail_id = m.id)::int AS total,
              COALESCE((SELECT json_agg(t) FROM (
                SELECT d.id, d.headline, d.rent, d.rooms, d.size, c.label AS city
                FROM boligagent_deliveries x JOIN dwellings d ON d.id = x.dwelling_id JOIN cities c ON c.id = d.city_id
                WHERE x.mail_id = m.id ORDER BY d.created_at DESC, d.id DESC LIMIT $2) t), '[]'::json) AS dwellings
       FROM boligagent_mails m JOIN boligagents a ON a.id = m.boligagent_id
       WHERE m.id = ANY($1::int[]) AND m.status = 'PENDING'
       ORDER BY m.id`,
      mailIds,
      dwellingsPerMail,
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
