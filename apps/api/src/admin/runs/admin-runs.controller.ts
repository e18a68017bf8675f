import { Controller, Get, Header, Query, UseGuards } from '@nestjs/common';
import { adminAuditQuerySchema, type AdminAuditResponse, type AdminBoligagentRun, type AdminFeedImport, type AdminRunsResponse } from '@husly/contracts';
import { parseInput } from '../../common/parse-input';
import { PrismaService } from '../../infra/prisma/prisma.service';
import { AuditLogService } from '../audit/audit-log.service';
import { AdminGuard } from '../auth/admin.guard';

const RUNS_SHOWN = 30;
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** What support reads to answer "did it run?": the feed imports, the boligagent runs, and the audit log. */
@Controller('admin')
@UseGuards(AdminGuard)
export class AdminRunsController {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditLogService,
  ) {}

  @Get('feed-imports')
  @Header('Cache-Control', 'no-store')
  async feedImports(): Promise<AdminRunsResponse<AdminFeedImport>> {
    const rows = await this.prisma.feedImport.findMany({ orderBy: { id: 'desc' }, take: RUNS_SHOWN });
    return {
      data: rows.map((r) => ({ id: r.id, source: r.source, startedAt: r.startedAt.toISOString(), finishedAt: iso(r.finishedAt), counts: r.counts as Record<string, number>, error: r.error })),
    };
  }

  @Get('boligagent-runs')
  @Header('Cache-Control', 'no-store')
  async boligagentRuns(): Promise<AdminRunsResponse<AdminBoligagentRun>> {
    const rows = await this.prisma.boligagentRun.findMany({ orderBy: { id: 'desc' }, take: RUNS_SHOWN });
    return { data: rows.map((r) => ({ id: r.id, startedAt: r.startedAt.toISOString(), finishedAt: iso(r.finishedAt), mails: r.mails, error: r.error })) };
  }

  @Get('audit')
  @Header('Cache-Control', 'no-store')
  async auditLog(@Query() query: unknown): Promise<AdminAuditResponse> {
    const { userId, before } = parseInput(adminAuditQuerySchema, query);
    return { data: await this.audit.list({ userId, before: before ? BigInt(before) : undefined }) };
  }
}
