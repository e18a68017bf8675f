import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { EmbeddedWireServer } from './embedded-wire-server';

export interface DatabaseHandle {
  url: string;
  mode: 'embedded' | 'external';
  /** One line for the start-up banner. */
  description: string;
  close(): Promise<void>;
}

interface EmbeddedState {
  pid: number;
  port: number;
}

/**
 * The embedded database: PGlite (PostgreSQL compiled to WASM) served over the Postgres wire
 * protocol, so Prisma, `prisma migrate deploy`, psql and the seed talk to it as to a real server.
 *
 * PGlite can be opened by one process only. The first project process to need it (usually
 * `npm start`) serves it and records its port in DATA_DIR/embedded-db.json; every other command
 * (imports, jobs, seeds) started meanwhile connects to that server instead of opening the files.
 */
export async function openEmbeddedDatabase(dataDir: string, preferredPort = 0): Promise<DatabaseHandle> {
  mkdirSync(dataDir, { recursive: true });
  const stateFile = join(dataDir, 'embedded-db.json');
  const lockFile = join(dataDir, 'embedded-db.lock');

  for (let attempt = 0; attempt < 300; attempt++) {
    const running = await runningServer(stateFile);
    if (running) {
      return {
        url: urlFor(running.port),
        mode: 'embedded',
        description: `embedded PostgreSQL (PGlite) served by process ${running.pid} on 127.0.0.1:${running.port}`,
        close: async () => undefined,
      };
    }
    if (tryLock(lockFile)) {
      try {
        return await serve(dataDir, stateFile, preferredPort);
      } finally {
        rmSync(lockFile, { force: true });
      }
    }
    // Another process is starting the server right now: wait for its state file.
    await sleep(100);
  }
  throw new Error(`Embedded database: gave up waiting for ${lockFile}; remove it if no Husly process is running`);
}

async function serve(dataDir: string, stateFile: string, preferredPort: number): Promise<DatabaseHandle> {
  // Loaded lazily: WASM start-up is only paid when the embedded mode is used.
  const { PGlite } = await import('@electric-sql/pglite');
  const pgdata = join(dataDir, 'pgdata');
  const db = await PGlite.create(pgdata);
  // Our own wire server, not @electric-sql/pglite-socket: that one interleaves the messages of
  // concurrent connections on PGlite's single backend (docs/decisions/0007).
  const server = new EmbeddedWireServer(db, { host: '127.0.0.1', port: preferredPort, maxConnections: 64 });
  let port: number;
  try {
    port = await server.start();
  } catch (error) {
    await db.close();
    throw error;
  }
  const state: EmbeddedState = { pid: process.pid, port };
  writeFileSync(stateFile, JSON.stringify(state));
  const cleanUp = () => {
    try {
      const current = JSON.parse(readFileSync(stateFile, 'utf8')) as EmbeddedState;
      if (current.pid === process.pid) rmSync(stateFile, { force: true });
    } catch {
      /* already gone */
    }
  };
  process.once('exit', cleanUp);
  let closed = false;
  return {
    url: urlFor(port),
    mode: 'embedded',
    description: `embedded PostgreSQL (PGlite) on 127.0.0.1:${port}, data in ${pgdata}`,
    close: async () => {
      if (closed) return;
      closed = true;
      cleanUp();
      await server.stop();
      await db.close();
    },
  };
}

function urlFor(port: number): string {
  return `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
}

async function runningServer(stateFile: string): Promise<EmbeddedState | undefined> {
  if (!existsSync(stateFile)) return undefined;
  let state: EmbeddedState;
  try {
    state = JSON.parse(readFileSync(stateFile, 'utf8')) as EmbeddedState;
  } catch {
    return undefined;
  }
  if (!isAlive(state.pid) || !(await accepts(state.port))) {
    rmSync(stateFile, { force: true });
    return undefined;
  }
  return state;
}

function tryLock(lockFile: string): boolean {
  try {
    const fd = openSync(lockFile, 'wx');
    writeFileSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(lockFile, 'utf8'));
    if (!holder || !isAlive(holder)) rmSync(lockFile, { force: true }); // stale: its process died
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
