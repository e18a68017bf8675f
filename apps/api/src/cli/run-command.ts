import { boot, type Booted } from '../bootstrap';

/**
 * Runs one command of the project (seed, import, a job) on the same data as `npm start`: in
 * embedded mode it connects to the running portal's database, or opens it itself when none runs.
 */
export function runCommand(name: string, body: (booted: Booted, args: string[]) => Promise<number | void>): void {
  const args = process.argv.slice(2);
  let booted: Booted | undefined;
  boot({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' })
    .then(async (b) => {
      booted = b;
      const code = await body(b, args);
      await b.close();
      process.exit(code ?? 0);
    })
    .catch(async (error: unknown) => {
      console.error(`${name} failed:`, error instanceof Error ? error.message : error);
      await booted?.close().catch(() => undefined);
      process.exit(1);
    });
}
