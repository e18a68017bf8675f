import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../infra/prisma/prisma.service';

/** A change as the mail tells it, with its dwelling as it is now. */
export interface MailedChange {
  changeId: number;
  kind: 'RENT_DROP' | 'BACK_ON_MARKET' | 'RENTED' | 'RESERVED';
  oldRent: number;
  id: number;
  headline: string;
  rent: number;
  rooms: number;
  size: number;
  city: string;
}

/** A leased favourites' mail with everything its rendering needs. */
export interface LeasedFavouriteMail {
  id: number;
  userId: number;
  email: string;
  language: string;
  /** The one-click off token; null only if it was never switched on (then nothing is sent). */
  token: string | null;
  /** Still wants the mails (switched off after the claim: not sent). */
  on: boolean;
  /** Not deleted, not blocked, an address that was verified and is not suppressed. */
  mailable: boolean;
  /** The mail's changes whose dwelling is still saved and whose change still holds. */
  changes: MailedChange[];
}

/**
 * A change of dwelling `d` still holds (`c` its dwelling_changes row): a rent drop while the rent is
 * below the old one and the dwelling vacant, back on the market while vacant, rented while rented,
 * reserved while listed with another status. Checked at the claim and again at the send.
 */
const CHANGE_HOLDS = `CASE c.kind
    WHEN 'RENT_DROP' THEN d.status = 1 AND d.deleted_at IS NULL AND d.rent >= 0 AND d.rent < c.old_rent
    WHEN 'BACK_ON_MARKET' THEN d.status = 1 AND d.deleted_at IS NULL
    WHEN 'RENTED' THEN d.deleted_at IS NOT NULL
    WHEN 'RESERVED' THEN d.deleted_at IS NULL AND d.status NOT IN (0, 1)
  END`;

const USER_IS_MAILABLE = `
  u.email IS NOT NULL AND u.email_verified AND u.deleted_at IS NULL AND u.blocked_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM mail_suppressions s WHERE s.email = u.email)`;

/** The favourites' mails (ADR 0062): the claim of (user, change) pairs and the outbox the shared sender leases. */
@Injectable()
export class FavouriteMailsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * One PENDING mail per user for the changes this call claims: changes (of `changeIds`, or every one
   * since `since` for the sweep) of a dwelling the user saved before the change, with the mail switched
   * on before the change, while the user is mailable and the change still holds; only a dwelling's
   * latest change counts. The claim row per (user, change) is unique and inserted ON CONFLICT DO
   * NOTHING in the same statement as the mails, so a retried job, a second worker and the sweep each
   * mail a change once; a user's changes won by one call go in one mail.
   */
  async claimChanges(input: { changeIds: number[] | null; since: Date; now: Date }): Promise<number[]> {
    const rows = await this.prisma.$queryRawUnsafe<Array<{ id: number }>>(
      `WITH changes AS (
         SELECT c.id, c.dwelling_id, c.kind, c.old_rent, c.created_at FROM dwelling_changes c
         WHERE ($1::int[] IS NULL OR c.id = ANY($1::int[])) AND c.created_at > $2
           AND NOT EXISTS (SELECT 1 FROM dwelling_changes later WHERE later.dwelling_id = c.dwelling_id AND later.id > c.id)
       ),
       wanted AS (
         SELECT f.user_id, c.id AS change_id
         FROM changes c
         JOIN dwellings d ON d.id = c.dwelling_id
         JOIN favourites f ON f.dwelling_id = c.dwelling_id AND f.created_at < c.created_at
         JOIN users u ON u.id = f.user_id
         WHERE u.favourite_mails_at < c.created_at AND ${USER_IS_MAILABLE} AND ${CHANGE_HOLDS}
         ORDER BY f.user_id, c.id
       ),
       claimed AS (
         INSERT INTO favourite_change_claims (user_id, change_id, created_at)
         SELECT user_id, change_id, $3 FROM wanted
         ON CONFLICT (user_id, change_id) DO NOTHING
         RETURNING user_id, change_id
       )
       INSERT INTO favourite_mails (user_id, change_ids, status, attempts, created_at)
       SELECT user_id, array_agg(change_id ORDER BY change_id), 'PENDING', 0, $3 FROM claimed GROUP BY user_id
       RETURNING id`,
      input.changeIds,
      input.since,
      input.now,
    );
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  /** Takes the still PENDING mails among `mailIds` that no other worker holds, with their user and changes, in one statement. */
  async leaseMails(input: { mailIds: number[]; now: Date; leaseUntil: Date }): Promise<LeasedFavouriteMail[]> {
    return this.prisma.$queryRawUnsafe<LeasedFavouriteMail[]>(
      `WITH leased AS (
         UPDATE favourite_mails m SET lease_until = $3, attempts = m.attempts + 1
         WHERE m.id = ANY($1::int[]) AND m.status = 'PENDING' AND (m.lease_until IS NULL OR m.lease_until <= $2)
         RETURNING m.id, m.user_id, m.change_ids
       )
       SELECT l.id, u.id AS "userId", u.email, u.language, u.favourite_mails_token AS token,
              u.favourite_mails_at IS NOT NULL AS "on", (${USER_IS_MAILABLE}) AS mailable,
              COALESCE((SELECT json_agg(t ORDER BY t."changeId") FROM (
                SELECT c.id AS "changeId", c.kind, c.old_rent AS "oldRent", d.id, d.headline, d.rent, d.rooms, d.size, ci.label AS city
                FROM dwelling_changes c JOIN dwellings d ON d.id = c.dwelling_id JOIN cities ci ON ci.id = d.city_id
                WHERE c.id = ANY(l.change_ids) AND ${CHANGE_HOLDS}
                  AND EXISTS (SELECT 1 FROM favourites f WHERE f.user_id = l.user_id AND f.dwelling_id = c.dwelling_id)) t), '[]'::json) AS changes
       FROM leased l JOIN users u ON u.id = l.user_id
       ORDER BY l.id`,
      input.mailIds,
      input.now,
      input.leaseUntil,
    );
  }

  async heldElsewhere(mailIds: number[], now: Date): Promise<number> {
    if (mailIds.length === 0) return 0;
    const [row] = await this.prisma.$queryRaw<Array<{ n: number }>>`
      SELECT count(*)::int AS n FROM favourite_mails WHERE id = ANY(${mailIds}::int[]) AND status = 'PENDING' AND lease_until > ${now}`;
    return row.n;
  }

  async markSent(mailId: number, input: { sentAt: Date; messageId: string }): Promise<void> {
    await this.prisma.$executeRaw`UPDATE favourite_mails SET status = 'SENT', sent_at = ${input.sentAt}, message_id = ${input.messageId},
      lease_until = NULL, error = NULL WHERE id = ${mailId} AND status = 'PENDING'`;
  }

  async markFailed(mailId: number, error: string): Promise<void> {
    await this.prisma.$executeRaw`UPDATE favourite_mails SET status = 'FAILED', error = ${error}, lease_until = NULL
      WHERE id = ${mailId} AND status = 'PENDING'`;
  }

  async release(mailIds: number[], error: string | null): Promise<void> {
    if (mailIds.length === 0) return;
    await this.prisma.$executeRaw`UPDATE favourite_mails SET lease_until = NULL, error = COALESCE(${error}, error)
      WHERE id = ANY(${mailIds}::int[]) AND status = 'PENDING'`;
  }

  /** Mails claimed but never handed over (a crash between claim and enqueue, or retries given up): keyset pages. */
  async pendingMailIds(input: { afterId: number; limit: number; createdBefore: Date }): Promise<number[]> {
    const rows = await this.prisma.favouriteMail.findMany({
      where: { id: { gt: input.afterId }, status: 'PENDING', createdAt: { lt: input.createdBefore } },
      select: { id: true },
      orderBy: { id: 'asc' },
      take: input.limit,
    });
    return rows.map((r) => r.id);
  }
}
