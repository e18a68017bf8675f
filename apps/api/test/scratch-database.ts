import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { migrateDatabase, workspaceRoot } from '../src/infra/database/migrate';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const TEMPLATE_PREFIX = 'husly_tpl_';
const LOCK = 'husly-test-template';

/**
 * A database of its own on the test server, dropped with drop(). Migrated ones are copied from a
 * template that holds every migration (CREATE DATABASE … TEMPLATE, well under a second) instead of
 * running `prisma migrate deploy` each time (15 s or more: the CLI's engine lingers after its work).
 * `migrate: false` gives an empty database, for tests of the migrations themselves.
 */
export async function createScratchDatabase(
  prefix = 'husly_scratch',
  options: { migrate?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = await connectAdmin();
  try {
    if (options.migrate === false) await admin.query(`CREATE DATABASE ${name}`);
    else await createFromTemplate(admin, name);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(name),
    async drop() {
      const client = await connectAdmin();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Drops the templates of other migration sets (left by earlier runs of older code). Called once per
 * run by the global setup; a run of other code that still needs one of them rebuilds it.
 */
export async function dropStaleTemplates(): Promise<void> {
  const admin = await connectAdmin();
  try {
    // Under the builders' lock: a half-built one (…_wip_…) is either being built now or left by a crash.
    await admin.query(`SELECT pg_advisory_lock(hashtext('${LOCK}'))`);
    const current = templateName();
    const stale = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE '${TEMPLATE_PREFIX}%' AND datname <> $1`, [current]);
    for (const { datname } of stale.rows) await dropTemplate(admin, datname);
  } finally {
    await admin.end();
  }
}

/** husly_tpl_<hash of every migration's name and SQL>: a new or changed migration gets a new template. */
export function templateName(): string {
  const dir = resolve(workspaceRoot(), 'prisma/migrations');
  const hash = createHash('sha256');
  for (const folder of readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort()) {
    hash.update(folder).update('\0').update(readFileSync(join(dir, folder, 'migration.sql'))).update('\0');
  }
  return `${TEMPLATE_PREFIX}${hash.digest('hex').slice(0, 16)}`;
}

async function createFromTemplate(admin: Client, name: string): Promise<void> {
  const template = templateName();
  for (let attempt = 1; ; attempt++) {
    await ensureTemplate(admin, template);
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      // 3D000: a concurrent run of other code dropped it as stale, so build it again. 55006: someone
      // is connected to it (connections are refused once it is built, so only while it is renamed).
      if ((code !== '3D000' && code !== '55006') || attempt >= 5) throw error;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
}

/** Builds the template once across every worker and run: under a lock, migrated under a temporary name, then renamed. */
async function ensureTemplate(admin: Client, template: string): Promise<void> {
  if (await exists(admin, template)) return;
  await admin.query(`SELECT pg_advisory_lock(hashtext('${LOCK}'))`);
  try {
    if (await exists(admin, template)) return;
    const building = `${template}_wip_${randomBytes(3).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    try {
      await migrateDatabase(databaseUrl(building));
      // No one connects to it, so copying it never meets "being accessed by other users". Renamed
      // last: a template under its own name is complete.
      await admin.query(`ALTER DATABASE ${building} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
    } catch (error) {
      await dropTemplate(admin, building);
      throw error;
    }
  } finally {
    await admin.query(`SELECT pg_advisory_unlock(hashtext('${LOCK}'))`);
  }
}

async function dropTemplate(admin: Client, name: string): Promise<void> {
  await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

async function exists(admin: Client, name: string): Promise<boolean> {
  const found = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name]);
  return (found.rowCount ?? 0) > 0;
}

async function connectAdmin(): Promise<Client> {
  const admin = new Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `Integration tests need PostgreSQL at ${ADMIN_URL} (set TEST_DATABASE_URL to use another): ${String(error)}\n` +
        `Start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`,
    );
  }
  return admin;
}

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
