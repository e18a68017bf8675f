import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createTestApp } from '../../../test/test-app';

/**
 * A Redis that cuts each client's first connection (ioredis remembers the error) and then accepts
 * the reconnect but never answers: the app is shut down while every BullMQ connection is still
 * connecting. That is the window a loaded machine hits by chance with Redis down; here it is
 * reached every time.
 */
function startSilentRedis() {
  let holding = false;
  const reset: Socket[] = [];
  const held: Socket[] = [];
  const server: Server = createServer((socket) => {
    socket.on('error', () => undefined);
    if (holding) held.push(socket);
    else {
      reset.push(socket);
      socket.resetAndDestroy();
    }
  });
  return {
    reset,
    held,
    hold: () => (holding = true),
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of held) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('shutting down while Redis does not answer', () => {
  const redis = startSilentRedis();
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  // The app's client sockets to the fake Redis, to know when their closing has been handled.
  const clientSockets: Socket[] = [];
  let port = 0;
  const onSocket = (message: unknown) => {
    const socket = (message as { socket: Socket }).socket;
    socket.once('connect', () => {
      if (socket.remotePort === port) clientSockets.push(socket);
    });
  };

  beforeAll(async () => {
    port = await redis.listen();
    process.on('unhandledRejection', onRejection);
    subscribe('net.client.socket', onSocket);
  });
  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    unsubscribe('net.client.socket', onSocket);
    await redis.close();
  });

  it('leaves no unhandled rejection behind', async () => {
    const t = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}`, QUEUE_PREFIX: 'husly-outage' } });
    // The queue, the worker and the worker's blocking connection have each been cut once...
    await vi.waitFor(() => expect(redis.reset.length).toBeGreaterThanOrEqual(3), { timeout: 30_000 });
    redis.hold();
    // ...and are connecting again (BullMQ retries after a second or more).
    await vi.waitFor(() => expect(redis.held.length).toBeGreaterThanOrEqual(3), { timeout: 30_000 });

    await t.close();
    await Promise.all(clientSockets.map((socket) => (socket.closed ? undefined : new Promise((resolve) => socket.once('close', resolve)))));
    // ioredis ends the client on the socket's close (next tick); rejections are reported before the next turn.
    await new Promise((resolve) => setImmediate(resolve));

    expect(rejections).toEqual([]);
  });
});
