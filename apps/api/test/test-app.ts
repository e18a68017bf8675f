import { inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config/app-config';
import { openDatabase } from '../src/infra/database/database';
import { PrismaService } from '../src/infra/prisma/prisma.service';
import { Clock } from '../src/infra/clock/clock';
import { warmUp, type WarmUp } from '../src/warm-up';
import { createScratchDatabase } from './scratch-database';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  prisma: PrismaService;
  /** The app's clock: set() or advance() it to test expiry and time windows. */
  clock: Clock;
  dataDir: string;
  /** What the warm-up before serving did (null: none, or a worker). */
  warmed: WarmUp | null;
  /** A real HTTP round trip through Fastify's injector: routing, hooks, filters and serialisation. */
  request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers?: Record<string, string>, remoteAddress?: string): Promise<{ status: number; headers: Record<string, unknown>; body: any; text: string }>;
  close(): Promise<void>;
}

/**
 * The real application on this run's throwaway database; `redis: true` puts the queue on real Redis.
 * `ownDatabase: true` gives it a database of its own (copied from the migrated template, dropped on
 * close): for a file whose clock jumps weeks ahead and runs the reconcile, since the test payment
 * provider then renews every subscription in its database, those of other files running meanwhile too.
 */
export async function createTestApp(
  options: { redis?: boolean; env?: Record<string, string>; clock?: Clock; ownDatabase?: boolean; warmUp?: boolean } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'husly-test-'));
  const own = options.ownDatabase ? await createScratchDatabase('husly_own') : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: own?.url ?? inject('databaseUrl'),
    DATA_DIR: dataDir,
    DB_POOL_SIZE: '4',
    // As behind the compose proxy: the tests' X-Forwarded-For (from the injector's 127.0.0.1) counts.
    TRUST_PROXY: 'loopback',
    // A queue prefix per app: apps of other test files run at the same time, and their workers must not
    // take this app's jobs (the run's teardown removes every key under the run's prefix).
    ...(options.redis ? { REDIS_URL: inject('redisUrl'), QUEUE_PREFIX: `${inject('queuePrefix')}-${randomBytes(4).toString('hex')}` } : {}),
    ...options.env,
  });
  const database = await openDatabase(config);
  const clock = options.clock ?? new Clock();
  const app = await createApp(config, database, { clock });
  // As main.ts before it listens: by default for a web-role app, as a web process is ready. The
  // default role (all) stands in for commands and tests alike, whose lists load on first use.
  const warmed = (options.warmUp ?? config.role === 'web') ? await warmUp(app, config) : null;
  const fastify = app.getHttpAdapter().getInstance();
  return {
    app,
    config,
    dataDir,
    warmed,
    prisma: app.get(PrismaService),
    clock,
    async request(method, url, body, headers = {}, remoteAddress) {
      const response = await fastify.inject({
        method,
        url,
        ...(remoteAddress ? { remoteAddress } : {}),
        headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        payload: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = response.body;
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: response.statusCode, headers: response.headers, body: parsed, text };
    },
    async close() {
      await app.close();
      await database.close();
      await own?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
