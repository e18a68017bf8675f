import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { workspaceRoot } from '../src/infra/database/migrate';

/** The built API's entry and commands, as `npm run build` leaves them (the suite builds before `npm test`). */
export const BUILT = {
  main: join(workspaceRoot(), 'dist/api/apps/api/src/main.js'),
  importDwellings: join(workspaceRoot(), 'dist/api/apps/api/src/cli/import-dwellings.command.js'),
  pageRenderer: join(workspaceRoot(), 'dist/web-server/entry-server.cjs'),
};

/** Fails with what to run when the build a test starts is missing (a bare ENOENT from spawn says nothing). */
export function requireBuild(...files: string[]): void {
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length) throw new Error(`${missing.join(', ')} missing: build first (npm run build; npm test and .ci/run do)`);
}

/** Ends a started process when this one dies without stopping it (the exit guard below cannot run after a SIGKILL). */
const EXIT_WITH_PARENT = join(__dirname, 'exit-with-parent.cjs');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface BuiltProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far (for a failure's message). */
  output(): string;
}

/**
 * Processes of the built API started by one test file, each stopped by stopAll() and, should the
 * test process end without it, killed by an exit guard, or, when it is killed outright, ended by its
 * own preload (exit-with-parent.cjs): no server outlives its test.
 */
export class BuiltProcesses {
  private readonly started: BuiltProcess[] = [];
  private readonly guard = () => {
    for (const { child } of this.started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };

  constructor(private readonly baseEnv: Record<string, string>) {
    process.once('exit', this.guard);
  }

  start(name: string, script: string, args: string[], env: Record<string, string>): BuiltProcess {
    const child = spawn(process.execPath, ['--require', EXIT_WITH_PARENT, script, ...args], {
      cwd: workspaceRoot(),
      env: { ...process.env, ...this.baseEnv, ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      // The tail is what explains a failure; a chatty process must not grow the test's memory.
      output = (output + chunk.toString('utf8')).slice(-64_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const started: BuiltProcess = { name, child, output: () => output };
    this.started.push(started);
    return started;
  }

  /**
   * Starts the built server (dist main.js) and resolves once it printed the line `main.ts` prints
   * when it is ready (`web` after listen, `worker` once it takes jobs); rejects if it exits first.
   */
  async server(name: string, env: Record<string, string>): Promise<BuiltProcess> {
    const started = this.start(name, BUILT.main, [], env);
    const ready = env.APP_ROLE === 'worker' ? /^\s+worker\s+processing jobs/m : /^\s+web\s+http/m;
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!ready.test(started.output())) return;
        started.child.stdout?.off('data', check);
        started.child.off('exit', exited);
        resolve();
      };
      const exited = (code: number | null) => reject(new Error(`${name} exited (${code}) before it was ready:\n${started.output()}`));
      started.child.stdout?.on('data', check);
      started.child.once('exit', exited);
    });
    return started;
  }

  /** Runs a built command to its end: its exit code and output. */
  async run(name: string, script: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
    const started = this.start(name, script, args, env);
    const code = await new Promise<number | null>((resolve) => started.child.once('exit', resolve));
    return { code, output: started.output() };
  }

  /** SIGTERM (the server's own shutdown), SIGKILL for one that has not exited after graceMs. */
  async stopAll(graceMs = 10_000): Promise<void> {
    await Promise.all(
      this.started.map(({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return undefined;
        return new Promise<void>((resolve) => {
          const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        });
      }),
    );
    process.off('exit', this.guard);
  }
}
