import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config';
import { openDatabase, type DatabaseHandle } from './infra/database/database';
import { migrateDatabase } from './infra/database/migrate';

export interface Booted {
  config: AppConfig;
  database: DatabaseHandle;
  app: NestFastifyApplication;
  migrations: string;
  close(): Promise<void>;
}

/**
 * Everything a process of the portal does before it serves or works: validate the configuration,
 * open the database (embedded or not), apply migrations, build the app. Shared by `npm start`
 * and every command (imports, jobs, seeds), so they all see the same data.
 */
export async function boot(overrides: Partial<NodeJS.ProcessEnv> = {}): Promise<Booted> {
  let config: AppConfig;
  try {
    config = loadConfig({ ...process.env, ...overrides });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase(config);
  try {
    const migrations = await migrateDatabase(database.url);
    const app = await createApp(config, database);
    return {
      config,
      database,
      app,
      migrations,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
