import { Injectable } from '@nestjs/common';
import type { AdminAuditEntry } from '@husly/contracts';
import { currentRequestId } from '../../common/request-id';
import type { Prisma } from '../../infra/prisma/generated/client';
import { PrismaService } from '../../infra/prisma/prisma.service';

/** Who did it: an admin of the desk, or the command line (grant and revoke). */
export type AuditActor = { userId: number; email: string | null } | 'cli';

export interface AuditRecord {
  action: string;
  targetUserId?: number | null;
  target?: string | null;
  before?: unknown;
  after?: unknown;
}

type Db = Prisma.TransactionClient | PrismaService;

/**
 * The desk's audit log: one row per change an admin (or the CLI) made, with the request id that
 * ties it to the logs. The table takes INSERTs only (a trigger refuses UPDATE, DELETE and TRUNCATE);
 * a change and its entry are written in one transaction where the change is ours alone.
 */
@Injectable()
export class AuditLogService {
  constructor(private readonly prisma: PrismaService) {}

  async record(actor: AuditActor, entry: AuditRecord, db: Db = this.prisma): Promise<void> {
    await db.adminAuditEntry.create({
      data: {
        adminUserId: actor === 'cli' ? null : actor.userId,
        actor: actor === 'cli' ? 'cli' : (actor.email ?? `user ${actor.userId}`),
        action: entry.action,
        targetUserId: entry.targetUserId ?? null,
        target: entry.target ?? null,
        before: toJson(entry.before),
        after: toJson(entry.after),
        requestId: currentRequestId() ?? null,
      },
    });
  }

  /** Newest first, 100 a page; `before` an entry id to page back from. */
  async list(filter: { userId?: number; before?: bigint; take?: number }): Promise<AdminAuditEntry[]> {
    const rows = await this.prisma.adminAuditEntry.findMany({
      where: { ...(filter.userId ? { targetUserId: filter.userId } : {}), ...(filter.before ? { id: { lt: filter.before } } : {}) },
      orderBy: { id: 'desc' },
      take: filter.take ?? 100,
    });
    return rows.map((row) => ({
      id: row.id.toString(),
      at: row.at.toISOString(),
      actor: row.actor,
      action: row.action,
      targetUserId: row.targetUserId,
      target: row.target,
      before: row.before,
      after: row.after,
      requestId: row.requestId,
    }));
  }
}

const toJson = (value: unknown): Prisma.InputJsonValue | undefined => (value === undefined || value === null ? undefined : (JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue));
