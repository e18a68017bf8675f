import type { TestProject } from 'vitest/node';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createScratchDatabase } from '../../../api/test/scratch-database';
import { freePort } from '../../../api/src/infra/database/embedded-postgres';

/** One running portal: its address, its mail folder and its database. */
export interface Portal {
  baseUrl: string;
  port: number;
  mailDir: string;
  /** The portal's database, for journeys that change what no page can (a dwelling rented). */
  databaseUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A portal per worker (support/portal.ts picks the worker's own). */
    portals: Portal[];
    /** The markup shapes axe has read in this run, one a line (support/axe.ts). */
    axeShapesFile: string;
  }
}

const ROOT = resolve(__dirname, '../../../..');

/**
 * Starts the built portal exactly as `npm start` runs it, on a throwaway database with demo data: one
 * for each worker, so two journeys side by side never see each other's data (a site alert, a dwelling
 * marked rented), and the files of one worker share theirs as all files did when there was one.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const entry = join(ROOT, 'dist/api/apps/api/src/main.js');
  if (!existsSync(entry) || !existsSync(join(ROOT, 'dist/web/index.html'))) {
    throw new Error('Browser tests need the built portal: run `npm run build` first (npm test does).');
  }
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const runDir = mkdtempSync(join(tmpdir(), 'husly-e2e-'));
  const started = await Promise.allSettled(Array.from({ length: workers }, () => startPortal(entry)));
  const portals = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = async () => {
    await Promise.all(portals.map((portal) => portal.stop()));
    rmSync(runDir, { recursive: true, force: true });
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw (failed as PromiseRejectedResult).reason;
  }
  project.provide('portals', portals.map(({ stop: _stop, ...portal }) => portal));
  project.provide('axeShapesFile', join(runDir, 'axe-shapes'));
  return stopAll;
}

async function startPortal(entry: string): Promise<Portal & { stop(): Promise<void> }> {
  // Copied from the migrated template: the portal checks its migrations and seeds at boot, as
  // `npm start` does (booting on an empty database is the start-up tests' part).
  const database = await createScratchDatabase('husly_e2e');
  const dataDir = mkdtempSync(join(tmpdir(), 'husly-e2e-portal-'));
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'true',
      // The tests play the proxy: their X-Forwarded-For gives each its own client address.
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  };

  const baseUrl = `http://localhost:${port}`;
  try {
    await waitFor(`${baseUrl}/api/health`, server, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, port, mailDir: join(dataDir, 'mail'), databaseUrl: database.url, stop };
}

async function waitFor(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The portal exited during start-up:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  server.kill('SIGKILL');
  throw new Error(`The portal did not become healthy in time:\n${output()}`);
}
