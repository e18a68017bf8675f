// Child processes of the benchmarks: free ports, the servers they start, and stopping them all.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (the benchmarks run the built code in dist/ from there). */
export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Every process start() started, for stopAll(). */
export const children = [];

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts `command argv` in the repository's root with `env` over this process's environment. Its
 * stderr is passed on (prefixed with its name) to `onStderr` (default: this process's stderr), its
 * stdout only with BENCH_VERBOSE.
 */
export function start(name, command, argv, env, { onStderr = (text) => process.stderr.write(text) } = {}) {
  const child = spawn(command, argv, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d) => process.env.BENCH_VERBOSE && process.stdout.write(`[${name}] ${d}`));
  child.stderr.on('data', (d) => onStderr(`[${name}] ${d}`));
  children.push(child);
  return child;
}

/**
 * Waits until `url` answers 2xx, asking every `everyMs`; fails when `child` exits first or after
 * `seconds`. bench:cold asks every 10 ms, as a load balancer that sends traffic the moment it may.
 */
export async function waitFor(url, child, seconds = 120, everyMs = 250) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await sleep(everyMs);
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/** SIGTERM, and SIGKILL when the process has not exited after `graceMs` (a server still loading its data may not). */
export function stop(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  child.kill('SIGTERM');
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export const stopAll = (graceMs) => Promise.all(children.map((child) => stop(child, graceMs)));

/**
 * CPU seconds a process has spent (utime + stime from Linux's /proc, in USER_HZ ticks of 10 ms), or
 * undefined once it is gone: what the benches divide by requests or mails.
 */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}
