import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { migrateDatabase } from '../src/infra/database/migrate';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** A database of its own on the test server (migrated unless asked not to), dropped with drop(). */
export async function createScratchDatabase(
  prefix = 'husly_scratch',
  options: { migrate?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `Integration tests need PostgreSQL at ${ADMIN_URL} (set TEST_DATABASE_URL to use another): ${String(error)}\n` +
        `Start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`,
    );
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  if (options.migrate !== false) await migrateDatabase(url.toString());
  return {
    url: url.toString(),
    async drop() {
      const client = new Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
