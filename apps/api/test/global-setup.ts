import type { TestProject } from 'vitest/node';
import { Redis } from 'ioredis';
import { createScratchDatabase, dropStaleTemplates } from './scratch-database';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    redisUrl: string;
    queuePrefix: string;
  }
}

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * One throwaway database per test run on the real PostgreSQL, with every migration applied, and
 * a Redis key prefix of its own. Dropped again when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = `${Date.now().toString(36)}_${process.pid}`;
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(
      `Integration tests need Redis at ${REDIS_URL} (set TEST_REDIS_URL to use another): ${String(error)}\n` +
        `Start it with: redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no`,
    );
  }
  const queuePrefix = `husly-test-${runId}`;
  await dropStaleTemplates();
  const database = await createScratchDatabase('husly_test');
  const databaseUrl = database.url;

  project.provide('databaseUrl', databaseUrl);
  project.provide('redisUrl', REDIS_URL);
  project.provide('queuePrefix', queuePrefix);

  return async () => {
    const keys = await redis.keys(`${queuePrefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await database.drop();
  };
}
