import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { describe, expect, it } from 'vitest';
import { EmbeddedWireServer } from '../database/embedded-wire-server';

// Covers the offline Prisma setup (docs/decisions/0001-prisma-offline.md): the real CLI applies every
// migration to an empty database through the mended adapter of prisma.config.ts, and
// `migrate diff --from-migrations` (which needs the mended shadow database) finds no drift.

const ROOT = resolve(__dirname, '../../../../..');
const PRISMA_CLI = join(ROOT, 'node_modules/prisma/build/index.js');
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
// Each `migrate deploy` takes ~11 s: the WASM schema engine leaves a 10 s timer that delays the exit.
const TIMEOUT = 120_000;

function migrationFolders(): string[] {
  const dir = join(ROOT, 'prisma/migrations');
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort();
}

/** Runs the Prisma CLI (same as `npx prisma ...`). Asynchronous: the PGlite server lives in this process. */
function prisma(args: string[], databaseUrl: string): Promise<{ code: number; output: string }> {
  const env = { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' };
  return new Promise((done) => {
    execFile(process.execPath, [PRISMA_CLI, ...args], { cwd: ROOT, env, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      done({ code, output: `$ prisma ${args.join(' ')}\n${stdout}${stderr}` });
    });
  });
}

function redacted(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

async function connectAdmin(): Promise<Client> {
  const admin = new Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is unreachable at ${redacted(ADMIN_URL)} (set TEST_DATABASE_URL to use another server): ${String(error)}`,
    );
  }
  return admin;
}

describe('prisma migrations', () => {
  it(
    'apply to an empty PostgreSQL database and match schema.prisma',
    async () => {
      const admin = await connectAdmin();
      const name = `husly_migrations_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
      await admin.query(`CREATE DATABASE "${name}"`);
      const url = new URL(ADMIN_URL);
      url.pathname = `/${name}`;
      try {
        const deploy = await prisma(['migrate', 'deploy'], url.toString());
        expect(deploy.code, deploy.output).toBe(0);

        const db = new Client({ connectionString: url.toString() });
        await db.connect();
        try {
          const { rows } = await db.query<{ migration_name: string }>(
            'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name',
          );
          expect(rows.map((row) => row.migration_name)).toEqual(migrationFolders());
        } finally {
          await db.end();
        }

        const diff = await prisma(
          ['migrate', 'diff', '--from-migrations', 'prisma/migrations', '--to-schema-datamodel', 'prisma/schema.prisma', '--exit-code'],
          url.toString(),
        );
        expect(diff.code, `schema.prisma has changes no migration covers (exit 2) or the diff failed:\n${diff.output}`).toBe(0);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    },
    TIMEOUT,
  );

  it(
    'apply to an embedded PGlite served over the Postgres wire protocol',
    async () => {
      const db = await PGlite.create(); // in memory
      // The wire server `npm start` serves the embedded database with (embedded-postgres.ts).
      const server = new EmbeddedWireServer(db, { host: '127.0.0.1', port: 0, maxConnections: 10 });
      const port = await server.start();
      try {
        const deploy = await prisma(['migrate', 'deploy'], `postgresql://postgres@127.0.0.1:${port}/postgres?sslmode=disable`);
        expect(deploy.code, deploy.output).toBe(0);

        const applied = await db.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
        );
        expect(applied.rows[0]?.count).toBe(migrationFolders().length);
        const table = await db.query<{ name: string | null }>(`SELECT to_regclass('public.dwellings')::text AS name`);
        expect(table.rows[0]?.name).toBe('dwellings');
      } finally {
        await server.stop();
        await db.close();
      }
    },
    TIMEOUT,
  );
});
