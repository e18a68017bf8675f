import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { HealthResponse } from '@husly/contracts';
import { HealthService } from './health.service';

@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Every part's mode and whether it answers; the status code is for load balancers and compose. */
  @Get()
  async get(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthResponse> {
    const report = await this.health.check();
    reply.status(HealthService.httpStatus(report));
    return report;
  }
}
