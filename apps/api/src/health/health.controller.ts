import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { HealthDetailsResponse, HealthResponse } from '@husly/contracts';
import { OpsTokenGuard } from '../common/ops-token';
import { HealthService } from './health.service';

@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

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
  @UseGuards(OpsTokenGuard)
  async details(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthDetailsResponse> {
    const report = await this.health.check();
    reply.status(HealthService.httpStatus(report));
    return report;
  }
}
