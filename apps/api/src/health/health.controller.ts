import { Controller, Get, Headers, Inject, NotFoundException, Res, UnauthorizedException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { HealthDetailsResponse, HealthResponse } from '@husly/contracts';
import { isOpsBearer } from '../common/ops-token';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { HealthService } from './health.service';

@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Liveness for load balancers and compose: the status code (503 when the database or queue is gone)
   * and ok/degraded, nothing more. Anyone may ask, so modes, paths and the version are in /details.
   */
  @Get()
  async get(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthResponse> {
    const report = await this.health.check();
    reply.status(HealthService.httpStatus(report));
    return { status: report.status };
  }

  /**
   * Every part's mode and whether it answers, for ops: Authorization: Bearer OPS_TOKEN. Without a
   * configured token there are no details to ask for (404); a missing or wrong token is a 401.
   */
  @Get('details')
  async details(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): Promise<HealthDetailsResponse> {
    const token = this.config.ops.token;
    if (!token) throw new NotFoundException();
    if (!isOpsBearer(authorization, token)) {
      void reply.header('WWW-Authenticate', 'Bearer');
      throw new UnauthorizedException();
    }
    const report = await this.health.check();
    reply.status(HealthService.httpStatus(report));
    return report;
  }
}
