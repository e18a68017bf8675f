import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { seedDatabase } from '../../../../../prisma/seed/seed';
import { createScratchDatabase } from '../../../test/scratch-database';
import { freshCardNumber, seedOffers, userWithToken } from '../../../test/subscription-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TokenService } from '../../common/auth/token.service';
import { JobQueue } from '../queue/job-queue.service';
import { workspaceRoot } from './migrate';

const run = promisify(execFile);

/**
 * Issue 33: the backup is worth what its restore is. The drill ops would run, against the real
 * PostgreSQL: a database with the demo data and a paid subscription, dumped with the options of
 * docker-compose.yml's backup service, dropped, created empty and restored with the command of
 * docs/operations.md; then every table's rows are counted, the money tables checksummed and the
 * sequences read, before and after, and the portal is run on what came back.
 */
const compose = readFileSync(join(workspaceRoot(), 'docker-compose.yml'), 'utf8');
const dumpOptions = /^\s*POSTGRES_EXTRA_OPTS: (.+)$/m.exec(compose)?.[1]?.trim().split(/\s+/) ?? [];
/** docs/operations.md, "Restore": into an empty database, all or nothing, owned by whoever restores. */
const RESTORE_OPTIONS = ['--no-owner', '--exit-on-error', '--single-transaction'];
/** What money was taken, for what, and what the provider told us about it. */
const MONEY_TABLES = ['transactions', 'transaction_lines', 'subscriptions', 'offers', 'payment_providers', 'payment_webhook_events', 'subscription_notices'];

interface Snapshot {
  rows: Record<string, number>;
  checksums: Record<string, string>;
  sequences: Record<string, string | null>;
}

async function snapshot(url: string): Promise<Snapshot> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const tables = (await client.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)).rows.map((r) => r.tablename);
    const rows: Record<string, number> = {};
    // Table names come from the catalogue, quoted as identifiers; nothing here is user input.
    for (const table of tables) rows[table] = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}"`)).rows[0]!.n);
    const checksums: Record<string, string> = {};
    for (const table of MONEY_TABLES) {
      const result = await client.query<{ sum: string }>(`SELECT md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS sum FROM "${table}" t`);
      checksums[table] = result.rows[0]!.sum;
    }
    const sequences: Record<string, string | null> = {};
    for (const row of (await client.query<{ name: string; last_value: string | null }>(`SELECT sequencename AS name, last_value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`)).rows) {
      sequences[row.name] = row.last_value;
    }
    return { rows, checksums, sequences };
  } finally {
    await client.end();
  }
}

async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('the backup drill: seed, dump, drop, restore', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let t: TestApp;
  let before: Snapshot;
  let buyer: Awaited<ReturnType<typeof userWithToken>>;
  const folder = mkdtempSync(join(tmpdir(), 'husly-drill-'));
  const dumpFile = join(folder, 'husly.dump');

  beforeAll(async () => {
    database = await createScratchDatabase('husly_drill');
    t = await createTestApp({ env: { DATABASE_URL: database.url } });
    await seedDatabase(t.prisma, { demoData: 'always', dataDir: t.dataDir, demoDwellings: 300 });
    await seedOffers(t.prisma);
    // A purchase through the API with the built-in test provider: a subscription, its transaction
    // and lines, the receipt job's writes.
    buyer = await userWithToken(t);
    const billing = { name: 'Sofie Søger', email: 'sofie@husly.test', address: 'Nørregade 2', zipcode: '8000', city: 'Aarhus C', country: 'Danmark', phone: '12345678' };
    const paid = await t.request('POST', '/api/subscriptions', { planId: 'tenantad-249kr-30days', terms: true, billing }, buyer.auth);
    expect(paid.status).toBe(201);
    const card = { cardNumber: freshCardNumber(), expiry: '12/40', cvc: '123', name: 'Sofie Søger' };
    expect((await t.request('POST', `/api/subscriptions/test-payments/${paid.body.meta.paymentInfo}/confirm`, card, buyer.auth)).status).toBe(200);
    await t.app.get(JobQueue).drain();
    await t.close();
    before = await snapshot(database.url);
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('has something worth keeping: demo data and money', () => {
    expect(dumpOptions).toContain('--format=custom');
    expect(before.rows['dwellings']).toBeGreaterThanOrEqual(300);
    expect(before.rows['transactions']).toBeGreaterThanOrEqual(1);
    expect(before.rows['transaction_lines']).toBeGreaterThanOrEqual(1);
    expect(before.rows['_prisma_migrations']).toBeGreaterThan(0);
  });

  it('restores every row, the money byte for byte, and the sequences where they were', async () => {
    await run('pg_dump', [...dumpOptions, '--file', dumpFile, database.url]);
    expect(statSync(dumpFile).size).toBeGreaterThan(0);

    const name = new URL(database.url).pathname.slice(1);
    await admin(async (client) => {
      await client.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${name}`);
    });
    await run('pg_restore', [...RESTORE_OPTIONS, '--dbname', database.url, dumpFile]);

    const after = await snapshot(database.url);
    expect(after.rows).toEqual(before.rows);
    expect(after.checksums).toEqual(before.checksums);
    expect(after.sequences).toEqual(before.sequences);
  });

  it('serves the portal from the restored database: the buyer sees the receipt, and a new order number follows the old ones', async () => {
    const restored = await createTestApp({ env: { DATABASE_URL: database.url } });
    try {
      const receipts = await restored.prisma.transaction.findMany({ where: { userId: buyer.user.id } });
      expect(receipts).toHaveLength(1);
      const session = { authorization: `Bearer ${restored.app.get(TokenService).issue(buyer.user.id)}` };
      const mine = await restored.request('GET', '/api/users/me', undefined, session);
      expect(mine.status).toBe(200);
      expect(mine.body.user.email).toBe(buyer.user.email);
      const latest = await restored.request('GET', '/api/dwellings/latest');
      expect(latest.status).toBe(200);
      // The restored sequence hands out the next number, not one a receipt already carries.
      const next = await restored.prisma.$queryRaw<{ n: bigint }[]>`SELECT nextval(pg_get_serial_sequence('transactions', 'orderno')) AS n`;
      expect(Number(next[0]!.n)).toBeGreaterThan(Math.max(...receipts.map((r) => r.orderno)));
    } finally {
      await restored.close();
    }
  });
});
