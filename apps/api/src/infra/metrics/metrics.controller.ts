import { Controller, Get, Headers, Inject, NotFoundException, Res, UnauthorizedException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { isOpsBearer } from '../../common/ops-token';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Metrics } from './metrics';

/**
 * GET /api/metrics, for Prometheus: Authorization: Bearer OPS_TOKEN, as /api/health/details. Without
 * a configured token there is nothing to ask for (404, like any unknown path); a wrong one is a 401.
 */
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async scrape(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const token = this.config.ops.token;
    if (!token) throw new NotFoundException();
    if (!isOpsBearer(authorization, token)) {
      void reply.header('WWW-Authenticate', 'Bearer');
      throw new UnauthorizedException();
    }
    void reply.header('Content-Type', this.metrics.registry.contentType);
    return this.metrics.registry.metrics();
  }
}
