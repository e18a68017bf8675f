import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';

const run = promisify(execFile);

/** The workspace root, whether we run from sources (apps/api/src/...) or from dist/api/apps/api/src/... */
export function workspaceRoot(): string {
  const marker = `${'apps'}/api/src`;
  const here = __dirname.replace(/\\/g, '/');
  const at = here.lastIndexOf(marker);
  const root = here.slice(0, at).replace(/\/dist\/api\/$/, '/');
  return resolve(root);
}

/**
 * Applies every pending migration with Prisma's own `migrate deploy` (the offline JS schema engine,
 * see docs/decisions/0001-prisma-offline.md). Prisma takes an advisory lock, so replicas starting
 * together are safe.
 */
export async function migrateDatabase(databaseUrl: string): Promise<string> {
  const root = workspaceRoot();
  const pending = await pendingMigrations(databaseUrl, resolve(root, 'prisma/migrations'));
  // The CLI's WASM engine lingers ~10 s after its work; a restart with nothing to apply skips it.
  if (pending.length === 0) return 'migrations up to date';
  const cli = resolve(root, 'node_modules/prisma/build/index.js');
  try {
    const { stdout } = await run(process.execPath, [cli, 'migrate', 'deploy'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' },
      maxBuffer: 16 * 1024 * 1024,
    });
    return /No pending migrations/.test(stdout) ? 'migrations up to date' : `applied ${pending.length} migration(s)`;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`prisma migrate deploy failed:\n${e.stdout ?? ''}${e.stderr ?? e.message}`);
  }
}

/** Migration folders not yet recorded as finished in Prisma's own _prisma_migrations table. */
export async function pendingMigrations(databaseUrl: string, migrationsDir: string): Promise<string[]> {
  const folders = readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const table = await client.query<{ exists: boolean }>(`SELECT to_regclass('_prisma_migrations') IS NOT NULL AS exists`);
    if (!table.rows[0]?.exists) return folders;
    const done = await client.query<{ migration_name: string }>(
      `SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Set(done.rows.map((r) => r.migration_name));
    return folders.filter((name) => !applied.has(name));
  } finally {
    await client.end();
  }
}
