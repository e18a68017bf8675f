import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { JobQueue } from '../queue/job-queue.service';
import { Metrics } from './metrics';
import { MetricsController } from './metrics.controller';

@Global()
@Module({ controllers: [MetricsController], providers: [Metrics], exports: [Metrics] })
export class MetricsModule implements OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    private readonly jobs: JobQueue,
    private readonly prisma: PrismaService,
  ) {}

  onModuleInit(): void {
    this.metrics.watchQueue(() => this.jobs.counts());
    this.metrics.watchPool('prisma', this.prisma.pool);
  }
}
