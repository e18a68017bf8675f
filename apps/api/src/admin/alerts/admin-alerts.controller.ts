import { Body, Controller, Get, Header, NotFoundException, Param, Post, Put, UseGuards } from '@nestjs/common';
import { adminCreateAlertSchema, adminIdParamSchema, adminUpdateAlertSchema, apiError, type AdminSiteAlert, type AdminSiteAlertsResponse } from '@husly/contracts';
import { SITE_ALERT_STYLES } from '@husly/contracts';
import { AlertsService } from '../../alerts/alerts.service';
import { parseInput } from '../../common/parse-input';
import type { Alert } from '../../infra/prisma/generated/client';
import { PrismaService } from '../../infra/prisma/prisma.service';
import { AuditLogService } from '../audit/audit-log.service';
import { actorOf, type AdminPrincipal } from '../auth/admin-access.service';
import { AdminGuard, CurrentAdmin } from '../auth/admin.guard';

const toAdminAlert = (row: Alert): AdminSiteAlert => ({
  id: row.id,
  headline: row.headline,
  link: row.link,
  text: row.text,
  style: (SITE_ALERT_STYLES as readonly string[]).includes(row.style) ? (row.style as AdminSiteAlert['style']) : 'info',
  multiline: row.multiline,
  views: row.views,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
});

/** The site alerts (the banner over every page), as support manages them. */
@Controller('admin/alerts')
@UseGuards(AdminGuard)
export class AdminAlertsController {
  constructor(
    private readonly prisma: PrismaService,
    private readonly alerts: AlertsService,
    private readonly audit: AuditLogService,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async list(): Promise<AdminSiteAlertsResponse> {
    const rows = await this.prisma.alert.findMany({ orderBy: { id: 'desc' }, take: 200 });
    return { data: rows.map(toAdminAlert) };
  }

  /** One alert per form key: the same key again (a double click, a retry) answers the alert it made. */
  @Post()
  async create(@CurrentAdmin() admin: AdminPrincipal, @Body() body: unknown): Promise<AdminSiteAlert> {
    const { key, ...fields } = parseInput(adminCreateAlertSchema, body);
    const alert = await this.prisma.$transaction(async (tx) => {
      const [made] = await tx.alert.createManyAndReturn({ data: [{ ...fields, link: fields.link ?? null, adminKey: key }], skipDuplicates: true });
      if (!made) return tx.alert.findUniqueOrThrow({ where: { adminKey: key } });
      await this.audit.record(actorOf(admin), { action: 'alert.create', target: `alert ${made.id}`, after: toAdminAlert(made) }, tx);
      return made;
    });
    this.alerts.forgetCache();
    return toAdminAlert(alert);
  }

  /** The whole alert; `active: false` takes it off the site. Written only when something differs. */
  @Put(':id')
  async update(@CurrentAdmin() admin: AdminPrincipal, @Param() params: unknown, @Body() body: unknown): Promise<AdminSiteAlert> {
    const { id } = parseInput(adminIdParamSchema, params);
    const fields = parseInput(adminUpdateAlertSchema, body);
    const alert = await this.prisma.$transaction(async (tx) => {
      // FOR UPDATE: of two saves at once, the second reads what the first wrote.
      const [locked] = await tx.$queryRaw<Array<{ id: number }>>`SELECT id FROM alerts WHERE id = ${id} FOR UPDATE`;
      if (!locked) throw new NotFoundException(apiError(404, 'No alert with this id', { code: 'unknown-alert' }));
      const before = toAdminAlert(await tx.alert.findUniqueOrThrow({ where: { id } }));
      const after = toAdminAlert(await tx.alert.update({ where: { id }, data: { ...fields, link: fields.link ?? null } }));
      if (JSON.stringify(before) !== JSON.stringify(after)) await this.audit.record(actorOf(admin), { action: 'alert.update', target: `alert ${id}`, before, after }, tx);
      return after;
    });
    this.alerts.forgetCache();
    return alert;
  }
}
