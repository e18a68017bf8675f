import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Pool, type PoolConfig } from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';
import { createApp } from '../../app';
import { loadConfig } from '../../config/app-config';
import { createCity, createDwelling } from '../../../test/factories';
import { PrismaClient } from '../prisma/generated/client';
import type { PrismaService } from '../prisma/prisma.service';
import { createPrismaAdapter } from '../prisma/prisma-adapter';
import { openEmbeddedDatabase, type DatabaseHandle } from './embedded-postgres';
import { EmbeddedWireServer } from './embedded-wire-server';
import { migrateDatabase, workspaceRoot } from './migrate';

const SERVER_ENTRY = join(workspaceRoot(), 'dist/web-server/entry-server.cjs');

/**
 * Issue 12: the embedded server must never let the messages of two connections interleave on
 * PGlite's single backend. Prisma (adapter-pg, pool of 4 as in embedded mode) and a pg pool of 2
 * (the list reader's) run hundreds of mixed reads, writes and transactions at once.
 */
describe('embedded wire server: concurrent connections on one PGlite backend', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'husly-embedded-wire-'));
  let database: DatabaseHandle;
  let prisma: PrismaClient;
  let pool: Pool;

  beforeAll(async () => {
    database = await openEmbeddedDatabase(dataDir);
    await migrateDatabase(database.url);
    // Built as the app builds them: PrismaService (pool capped at 4) and DwellingListReader (2).
    prisma = new PrismaClient({ adapter: createPrismaAdapter(database.url, { max: 4 }).adapter });
    pool = new Pool({ ...(parseIntoClientConfig(database.url) as PoolConfig), max: 2 });
  }, 300_000);
  afterAll(async () => {
    await prisma?.$disconnect();
    await pool?.end();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const OPS = 480;
  const READ_SLUGS = ['r-1', 'r-2', 'r-3', 'r-4', 'r-5', 'r-6'];
  const INTENTIONAL = 'intentional rollback';

  it('answers hundreds of concurrent mixed reads and writes from Prisma and a pg pool without one error, each write on its own row', async () => {
    const fixtures = [...READ_SLUGS, ...range(OPS).flatMap((i) => [`u-${i}`, `p-${i}`])];
    await pool.query(
      `INSERT INTO cities (slug, label, lat, lng, updated_at) SELECT s, 'fixture ' || s, 0, 0, now() FROM unnest($1::text[]) AS s`,
      [fixtures],
    );
    const tx = { maxWait: 120_000, timeout: 120_000 }; // generous: the point is correctness, not speed
    const expectedReads = READ_SLUGS.map((slug) => ({ slug, label: `fixture ${slug}` }));

    const op = async (i: number): Promise<void> => {
      switch (i % 16) {
        case 0:
        case 8: {
          const created = await prisma.city.create({ data: { slug: `w-${i}`, label: `W ${i}`, lat: i, lng: -i } });
          expect(created.slug).toBe(`w-${i}`);
          return;
        }
        case 1:
        case 9: {
          const res = await pool.query('UPDATE cities SET label = $1, lat = $2, updated_at = now() WHERE slug = $3', [`U ${i}`, i, `u-${i}`]);
          expect(res.rowCount).toBe(1);
          return;
        }
        case 2:
        case 10: {
          const updated = await prisma.city.update({ where: { slug: `p-${i}` }, data: { label: `P ${i}`, lng: i } });
          expect(updated.label).toBe(`P ${i}`);
          return;
        }
        case 3:
        case 11: {
          const rows = await prisma.city.findMany({ where: { slug: { in: READ_SLUGS } }, select: { slug: true, label: true }, orderBy: { slug: 'asc' } });
          expect(rows).toEqual(expectedReads);
          return;
        }
        case 4:
        case 12: {
          const res = await pool.query({
            text: 'SELECT slug, label FROM cities WHERE slug IN ($1, $2, $3, $4, $5, $6) ORDER BY slug',
            values: READ_SLUGS,
          });
          expect(res.rows).toEqual(expectedReads);
          return;
        }
        case 5:
        case 13: {
          const rows = await prisma.$queryRaw<Array<{ n: number; k: string }>>`SELECT ${i}::int AS n, ${`login:email:${i}`}::text AS k`;
          expect(rows).toEqual([{ n: i, k: `login:email:${i}` }]);
          return;
        }
        case 6:
        case 14: {
          const seen = await prisma.$transaction(async (t) => {
            await t.city.create({ data: { slug: `t-${i}-a`, label: `T ${i}`, lat: i, lng: 0 } });
            await t.city.create({ data: { slug: `t-${i}-b`, label: `T ${i}`, lat: i, lng: 1 } });
            return t.city.count({ where: { slug: { startsWith: `t-${i}-` } } });
          }, tx);
          expect(seen).toBe(2);
          return;
        }
        case 7: {
          const rolledBack = prisma.$transaction(async (t) => {
            await t.city.create({ data: { slug: `x-${i}`, label: `X ${i}`, lat: 0, lng: 0 } });
            throw new Error(INTENTIONAL);
          }, tx);
          await expect(rolledBack).rejects.toThrow(INTENTIONAL);
          return;
        }
        default: {
          // The list reader's kind of transaction, on its own pool: a snapshot through a cursor.
          const client = await pool.connect();
          try {
            await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
            await client.query(`SET LOCAL work_mem = '8MB'`);
            await client.query('INSERT INTO cities (slug, label, lat, lng, updated_at) VALUES ($1, $2, 0, 0, now())', [`y-${i}`, `Y ${i}`]);
            const slugs = [...READ_SLUGS, `y-${i}`].map((slug) => `'${slug}'`).join(', '); // our own constants
            await client.query(`DECLARE wire_test NO SCROLL CURSOR FOR SELECT slug FROM cities WHERE slug IN (${slugs}) ORDER BY slug`);
            const { rows } = await client.query<{ slug: string }>('FETCH 100 FROM wire_test');
            expect(rows.map((r) => r.slug)).toEqual([...READ_SLUGS, `y-${i}`]);
            await client.query('ROLLBACK');
          } finally {
            client.release();
          }
        }
      }
    };

    const results = await Promise.allSettled(range(OPS).map(op));
    const failures = results.flatMap((r, i) => (r.status === 'rejected' ? [`op ${i}: ${String((r.reason as Error).message ?? r.reason).slice(0, 300)}`] : []));
    expect(failures).toEqual([]);

    // Every write on its own row, with its own values; nothing of a rolled-back transaction.
    const { rows } = await pool.query<{ slug: string; label: string; lat: number; lng: number }>(
      `SELECT slug, label, lat, lng FROM cities WHERE slug ~ '^[wuptxy]-' ORDER BY slug`,
    );
    const bySlug = new Map(rows.map((r) => [r.slug, r]));
    const wrong: string[] = [];
    const want = (slug: string, expected: Partial<{ label: string; lat: number; lng: number }>) => {
      const row = bySlug.get(slug);
      if (!row) return wrong.push(`${slug} missing`);
      for (const [key, value] of Object.entries(expected)) {
        if (row[key as 'label'] !== value) wrong.push(`${slug}.${key} = ${String(row[key as 'label'])}, wanted ${String(value)}`);
      }
    };
    for (const i of range(OPS)) {
      const kind = i % 8;
      if (kind === 0) want(`w-${i}`, { label: `W ${i}`, lat: i, lng: -i });
      if (kind === 1) want(`u-${i}`, { label: `U ${i}`, lat: i, lng: 0 });
      else want(`u-${i}`, { label: `fixture u-${i}`, lat: 0 });
      if (kind === 2) want(`p-${i}`, { label: `P ${i}`, lat: 0, lng: i });
      else want(`p-${i}`, { label: `fixture p-${i}`, lng: 0 });
      if (kind === 6) {
        want(`t-${i}-a`, { label: `T ${i}`, lat: i, lng: 0 });
        want(`t-${i}-b`, { label: `T ${i}`, lat: i, lng: 1 });
      }
    }
    expect(wrong).toEqual([]);
    expect(rows.filter((r) => /^[xy]-/.test(r.slug))).toEqual([]);
    const expectedRows = OPS * 2 + range(OPS).filter((i) => i % 8 === 0).length + 2 * range(OPS).filter((i) => i % 8 === 6).length;
    expect(rows).toHaveLength(expectedRows);
  }, 300_000);

  it('rolls back and frees the backend when a client disconnects in a transaction or in an extended query', async () => {
    // A transaction left open by a client that vanishes.
    const quitter = new Client({ connectionString: database.url });
    quitter.on('error', () => undefined);
    await quitter.connect();
    await quitter.query('BEGIN');
    await quitter.query(`INSERT INTO cities (slug, label, lat, lng, updated_at) VALUES ('gone-tx', 'Gone', 0, 0, now())`);
    // The others queue behind the open transaction; the disconnect must let them through.
    const waiting = pool.query<{ n: string }>(`SELECT count(*) AS n FROM cities WHERE slug = 'gone-tx'`);
    destroySocket(quitter);
    expect((await waiting).rows).toEqual([{ n: '0' }]);

    // Parse (named), Bind, Execute and no Sync, then gone: the statement must not outlive it.
    const raw = await rawSession(database.url);
    raw.send(message('P', cstring('leaky'), cstring(`INSERT INTO cities (slug, label, lat, lng, updated_at) VALUES ('gone-ext', 'Gone', 0, 0, now())`), int16(0)));
    raw.send(message('B', cstring(''), cstring('leaky'), int16(0), int16(0), int16(0)));
    raw.send(message('E', cstring(''), int32(0)));
    await raw.until((type) => type === 'C'); // CommandComplete: it ran, in the implicit transaction
    const blocked = pool.query(`SELECT count(*)::int AS n FROM cities WHERE slug = 'gone-ext'`);
    raw.socket.destroy();
    expect((await blocked).rows).toEqual([{ n: 0 }]);
    const statements = await pool.query(`SELECT name FROM pg_prepared_statements WHERE name LIKE '%leaky'`);
    expect(statements.rows).toEqual([]);

    // Two clients may use the same statement name: each has its own.
    const a = new Client({ connectionString: database.url });
    const b = new Client({ connectionString: database.url });
    await a.connect();
    await b.connect();
    const [ra, rb] = await Promise.all([
      a.query({ name: 'same', text: 'SELECT $1::text AS v', values: ['a'] }),
      b.query({ name: 'same', text: 'SELECT $1::int + 1 AS v', values: [1] }),
    ]);
    expect([ra.rows, rb.rows]).toEqual([[{ v: 'a' }], [{ v: 2 }]]);
    expect((await a.query({ name: 'same', text: 'SELECT $1::text AS v', values: ['again'] })).rows).toEqual([{ v: 'again' }]);
    await a.end();
    await b.end();
  }, 120_000);

  it('serves the first home page after boot with its latest dwellings, and hundreds of mixed API requests without a 5xx', async () => {
    if (!existsSync(SERVER_ENTRY)) throw new Error('This test renders with the built web app: run `npm run build` first (npm test does).');
    const asService = prisma as unknown as PrismaService; // the factories need only PrismaClient's methods
    const city = await createCity(asService);
    const dwellings: Array<{ id: number; headline: string }> = [];
    for (let i = 0; i < 6; i++) dwellings.push(await createDwelling(asService, { cityId: city.id, headline: `Indlejret bolig ${i} ${city.slug}` }));

    // The app exactly as in embedded mode: no DATABASE_URL, so both its pools use this server.
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'fatal', DATA_DIR: dataDir, DB_POOL_SIZE: '10' });
    const app = await createApp(config, database);
    try {
      const fastify = app.getHttpAdapter().getInstance();
      const get = (url: string) => fastify.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      const login = (i: number) =>
        fastify.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: { email: `wire-${i}@husly.test`, password: 'wrong-password-1' } });
      const requests = range(300).map((i) => {
        const d = dwellings[i % dwellings.length];
        switch (i % 5) {
          case 0:
            return get(`/api/dwellings/${d.id}`);
          case 1:
            return get(`/api/dwellings/search?q=${encodeURIComponent(city.label)}&rooms=${1 + (i % 3)}`);
          case 2:
            return get('/api/dwellings/latest?count=15');
          case 3:
            return get('/api/dwellings/areas');
          default:
            return login(i); // writes rate-limit rows
        }
      });
      // The first page the process renders, among all the others.
      const [home, ...answers] = await Promise.all([fastify.inject({ method: 'GET', url: '/' }), ...requests]);
      expect(home.statusCode).toBe(200);
      // The rendered notice, not the translations embedded in the page's state.
      expect(home.body.includes('>De nyeste boliger kunne ikke hentes lige nu.<'), 'the home page shows "could not be fetched"').toBe(false);
      expect(home.body.includes(`>${dwellings[5].headline}</h3>`), 'the newest dwelling on the home page').toBe(true);
      const failed = answers.flatMap((res, i) => (res.statusCode >= 500 ? [`request ${i}: ${res.statusCode} ${res.body.slice(0, 200)}`] : []));
      expect(failed).toEqual([]);
      const details = answers.filter((_, i) => i % 5 === 0);
      expect(details.map((res) => res.json<{ headline: string }>().headline)).toEqual(details.map((_, k) => dwellings[(k * 5) % dwellings.length].headline));
    } finally {
      await app.close();
    }
  }, 300_000);
});

describe('embedded wire server: a client that keeps the backend and goes quiet', () => {
  // The ESM declarations, as the dynamic import below loads them.
  let db: import('@electric-sql/pglite', { with: { 'resolution-mode': 'import' } }).PGlite;
  let server: EmbeddedWireServer;
  let url: string;
  const errors: string[] = [];
  beforeAll(async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    db = await PGlite.create(); // in memory
    server = new EmbeddedWireServer(db, { holdTimeoutMs: 300, maxConnections: 3, onError: (e) => errors.push(e.message) });
    url = `postgresql://postgres:postgres@127.0.0.1:${await server.start()}/postgres?sslmode=disable`;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await db?.close();
  });

  it('disconnects a client that sent Parse without Sync once others wait, and serves them', async () => {
    const stuck = await rawSession(url);
    stuck.send(message('P', cstring(''), cstring('SELECT 1'), int16(0)));
    await stuck.until((type) => type === '1'); // ParseComplete: it now holds the backend
    const other = new Client({ connectionString: url });
    await other.connect();
    expect((await other.query('SELECT 41 + 1 AS n')).rows).toEqual([{ n: 42 }]);
    const fatal = await stuck.until((type) => type === 'E');
    expect(fatal.toString('latin1')).toContain('25P03');
    await other.end();
    expect(errors.some((e) => /held the database/.test(e))).toBe(true);
  }, 60_000);

  it('refuses connections beyond the limit with PostgreSQL\'s "too many clients" error', async () => {
    const clients = [new Client({ connectionString: url }), new Client({ connectionString: url }), new Client({ connectionString: url })];
    await Promise.all(clients.map((c) => c.connect()));
    const extra = new Client({ connectionString: url });
    await expect(extra.connect()).rejects.toThrow(/too many clients/);
    await Promise.all(clients.map((c) => c.end()));
  }, 60_000);
});

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

/** Drops a pg client's socket without a Terminate message, as a crashed process would. */
function destroySocket(client: Client): void {
  (client as unknown as { connection: { stream: Socket } }).connection.stream.destroy();
}

function cstring(text: string): Buffer {
  return Buffer.from(`${text}\0`);
}
function int16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
}
function int32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
}
function message(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from(type), int32(body.length + 4), body]);
}

/** A hand-driven protocol session: started up, ready for messages; `until` reads up to a message type. */
async function rawSession(url: string) {
  const { port } = new URL(url);
  const socket = connect({ host: '127.0.0.1', port: Number(port) });
  socket.on('error', () => undefined);
  let buffered = Buffer.alloc(0);
  let notify: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    notify?.();
  });
  socket.on('close', () => notify?.());
  const until = async (wanted: (type: string) => boolean): Promise<Buffer> => {
    for (;;) {
      while (buffered.length >= 5 && buffered.length >= 1 + buffered.readInt32BE(1)) {
        const length = 1 + buffered.readInt32BE(1);
        const msg = buffered.subarray(0, length);
        buffered = buffered.subarray(length);
        if (wanted(String.fromCharCode(msg[0]))) return msg;
      }
      if (socket.destroyed) throw new Error('the server closed the connection');
      await new Promise<void>((resolve) => (notify = resolve));
    }
  };
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const params = Buffer.concat([cstring('user'), cstring('postgres'), cstring('database'), cstring('postgres'), Buffer.from([0])]);
  socket.write(Buffer.concat([int32(params.length + 8), int32(196608), params]));
  await until((type) => type === 'Z');
  return { socket, send: (data: Buffer) => socket.write(data), until };
}
