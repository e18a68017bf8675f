import { PrismaPg } from '@prisma/adapter-pg';
import { Pool, type PoolConfig } from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';

export interface PrismaAdapterOptions {
  /** Pool size; pg's default (10) when omitted. */
  max?: number;
}

/**
 * The driver adapter of the app's PrismaClient (generator engineType "client": no query engine binary).
 *
 * The pool gets the URL's parsed fields rather than a connectionString: pg lets a connectionString
 * override the other fields, which is what broke adapter-pg's shadow database (see prisma.config.ts),
 * so we never rely on that precedence. Query-parameters such as sslmode are kept by the parser.
 */
export function createPrismaAdapter(databaseUrl: string, options: PrismaAdapterOptions = {}): { adapter: PrismaPg; pool: Pool } {
  const config: PoolConfig = { ...(parseIntoClientConfig(databaseUrl) as PoolConfig) };
  if (options.max !== undefined) config.max = options.max;
  // Our pool, handed in, so the metrics can read its counts; the adapter still ends it on $disconnect.
  const pool = new Pool(config);
  return { adapter: new PrismaPg(pool, { disposeExternalPool: true }), pool };
}
