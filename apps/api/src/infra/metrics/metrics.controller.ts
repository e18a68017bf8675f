import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { OpsTokenGuard } from '../../common/ops-token';
import { Metrics } from './metrics';

/** GET /api/metrics, for Prometheus: Authorization: Bearer OPS_TOKEN, as /api/health/details. */
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: Metrics) {}

  @Get()
  @UseGuards(OpsTokenGuard)
  async scrape(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    void reply.header('Content-Type', this.metrics.registry.contentType);
    return this.metrics.registry.metrics();
  }
}
