import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Pool, type PoolConfig } from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import type { DatabaseHandle } from '../infra/database/database';
import { DATABASE_HANDLE } from '../infra/prisma/prisma.module';
import { decodeListRows, FOLD_LIST_VERSION_SQL, LIST_QUERY_OPTIONS, LIST_VERSION_SQL, type ListResult, type ListResultRow, type ListStatement } from './dwelling-list.query';

/**
 * The dwelling lists' reads, on a pg pool of their own instead of Prisma: Prisma's $queryRaw costs
 * ~0.8 ms of CPU per call on the development machine before any row is decoded, and ~4.5 ms for a
 * page of 150 (docs/decisions/0004): more than the query itself, and every cache hit asks for the
 * list version. Read-only single statements; every write stays with Prisma.
 */
@Injectable()
export class DwellingListReader implements OnModuleDestroy {
  private readonly logger = new Logger(DwellingListReader.name);
  private readonly pool: Pool;

  constructor(@Inject(DATABASE_HANDLE) database: DatabaseHandle, @Inject(APP_CONFIG) config: AppConfig) {
    // Parsed fields, not a connectionString, as the Prisma adapter does (prisma-adapter.ts).
    const pool: PoolConfig = { ...(parseIntoClientConfig(database.url) as PoolConfig) };
    // PGlite serves one query at a time: more connections only queue inside its socket server.
    pool.max = database.mode === 'embedded' ? 2 : config.database.poolSize;
    this.pool = new Pool(pool);
    // An idle connection that the server closes must not take the process down; the next query reconnects.
    this.pool.on('error', (error) => this.logger.warn(`idle connection: ${error.message}`));
  }

  async list(statement: ListStatement): Promise<ListResult> {
    const { rows } = await this.pool.query<ListResultRow>({ ...statement, ...LIST_QUERY_OPTIONS });
    return decodeListRows(rows);
  }

  async version(): Promise<string> {
    const { rows } = await this.pool.query<{ version: string }>(LIST_VERSION_SQL);
    return rows[0].version;
  }

  async fold(): Promise<void> {
    await this.pool.query(FOLD_LIST_VERSION_SQL);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }
}
