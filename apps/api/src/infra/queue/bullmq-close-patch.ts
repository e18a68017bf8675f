import { RedisConnection } from 'bullmq';

/**
 * BullMQ 5.81 (taskforcesh/bullmq#3546): RedisConnection re-emits a failed connect as 'error' from a
 * promise chain made in its constructor. close() removes every listener first, so when the app shuts
 * down while Redis is unreachable and a reconnect is in flight, that emit has no listener, throws,
 * and becomes an unhandled rejection (`connect ECONNREFUSED`) after the app has closed. There is
 * nobody left to tell once the connection is closed, so such an error is dropped; every other
 * 'error' is emitted as before.
 */
let patched = false;

export function patchBullmqCloseRace(): void {
  if (patched) return;
  patched = true;
  const emit = RedisConnection.prototype.emit;
  RedisConnection.prototype.emit = function (this: RedisConnection, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'error' && this.closing && this.listenerCount('error') === 0) return false;
    return emit.call(this, event, ...args);
  };
}
