import { Inject, Injectable } from '@nestjs/common';
import { SITE_ALERT_STYLES, type SiteAlert, type SiteAlertsResponse } from '@husly/contracts';
import { safeAlertLink } from '@husly/domain';
import { Clock } from '../infra/clock/clock';
import { PrismaService } from '../infra/prisma/prisma.service';

/** Every page load asks; the list changes rarely, so one read serves every visitor for a while. */
export const ALERTS_CACHE_MS = 30_000;

@Injectable()
export class AlertsService {
  private cached: { at: number; body: SiteAlertsResponse } | null = null;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** The desk changed an alert: the next page load reads the table again. */
  forgetCache(): void {
    this.cached = null;
  }

  async published(): Promise<SiteAlertsResponse> {
    const now = this.clock.now().getTime();
    if (this.cached && now - this.cached.at < ALERTS_CACHE_MS) return this.cached.body;
    const rows = await this.prisma.alert.findMany({ where: { active: true, views: { gt: 0 } }, orderBy: { id: 'desc' }, take: 5 });
    const body = {
      data: rows.map(
        (row): SiteAlert => ({
          id: row.id,
          headline: row.headline,
          link: safeAlertLink(row.link),
          text: row.text,
          // A style the web does not know is shown as information rather than not at all.
          style: (SITE_ALERT_STYLES as readonly string[]).includes(row.style) ? (row.style as SiteAlert['style']) : 'info',
          multiline: row.multiline,
          views: row.views,
        }),
      ),
    };
    this.cached = { at: now, body };
    return body;
  }
}
