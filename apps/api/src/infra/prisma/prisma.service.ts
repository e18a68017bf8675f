import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { PrismaClient } from './generated/client';
import { createPrismaAdapter } from './prisma-adapter';

export const DATABASE_URL = Symbol('DATABASE_URL');
export const DATABASE_POOL_SIZE = Symbol('DATABASE_POOL_SIZE');

/** The one Prisma client of the process, on the pg driver adapter (no query engine binary). */
@Injectable()
export class PrismaService extends PrismaClient implements OnApplicationShutdown {
  private readonly logger = new Logger(PrismaService.name);

  /** The connections Prisma queries on (read by the metrics). */
  readonly pool: Pool;

  constructor(@Inject(DATABASE_URL) databaseUrl: string, @Inject(DATABASE_POOL_SIZE) poolSize: number) {
    const { adapter, pool } = createPrismaAdapter(databaseUrl, { max: poolSize });
    super({ adapter });
    this.pool = pool;
  }

  async ping(): Promise<number> {
    const started = performance.now();
    await this.$queryRaw`SELECT 1`;
    return performance.now() - started;
  }

  /**
   * Last of all, after every module's onModuleDestroy (the job queue waits there for its running jobs):
   * pg's pool.end() waits for every client still checked out, and work still starting while it ends
   * made a test app's close hang (double-clicks.e2e-spec, once in two CI runs).
   */
  async onApplicationShutdown(): Promise<void> {
    await this.$disconnect().catch((error: unknown) => this.logger.warn(`disconnect failed: ${String(error)}`));
  }
}
