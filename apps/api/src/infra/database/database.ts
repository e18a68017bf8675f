import type { AppConfig } from '../../config/app-config';
import { openEmbeddedDatabase, type DatabaseHandle } from './embedded-postgres';

export type { DatabaseHandle } from './embedded-postgres';

/** DATABASE_URL set: that server. Unset: the embedded PGlite server under DATA_DIR. */
export async function openDatabase(config: AppConfig): Promise<DatabaseHandle> {
  if (config.database.url) {
    const url = new URL(config.database.url);
    return {
      url: config.database.url,
      mode: 'external',
      description: `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`,
      close: async () => undefined,
    };
  }
  return openEmbeddedDatabase(config.dataDir, config.database.embeddedPort);
}
