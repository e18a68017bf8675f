import { Controller, Get, Header } from '@nestjs/common';
import type { SiteAlertsResponse } from '@husly/contracts';
import { AlertsService } from './alerts.service';

@Controller('alerts')
export class AlertsController {
  constructor(private readonly alerts: AlertsService) {}

  /** GET /api/alerts: the same for everyone, so a shared cache may keep it briefly. */
  @Get()
  @Header('Cache-Control', 'public, max-age=30')
  published(): Promise<SiteAlertsResponse> {
    return this.alerts.published();
  }
}
