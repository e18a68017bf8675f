import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { startApiServer } from '../../../test/api-server';
import { base64UrlToBytes, pushState, turnPushOff, turnPushOn, type BrowserPushSubscription, type PushBrowser } from './push-subscription';

const PUBLIC_KEY = 'BHZ9lZ-UPZj4YdOJw_gYxFf0XrRE7C4nis1SJH_lUrV5xU0KrRtyKJcJesh_HO_FJHXoXt7JKHQ6s5MEEd1H-gI';
const KEYS = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };

/** The browser's side (Notification permission, PushManager), which the toggle asks: the parts it calls, recorded. */
function fakeBrowser(initial: { permission: NotificationPermission; answer?: NotificationPermission; subscribed?: boolean }) {
  const calls: string[] = [];
  let permission = initial.permission;
  let current: BrowserPushSubscription | null = null;
  const make = (): BrowserPushSubscription => ({
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: KEYS }),
    unsubscribe: async () => {
      calls.push('unsubscribe');
      current = null;
      return true;
    },
  });
  if (initial.subscribed) current = make();
  const browser: PushBrowser = {
    permission: () => permission,
    requestPermission: async () => {
      calls.push('requestPermission');
      permission = initial.answer ?? 'granted';
      return permission;
    },
    subscription: async () => current,
    subscribe: async (key) => {
      calls.push(`subscribe:${key.length}`);
      current = make();
      return current;
    },
  };
  return { browser, calls };
}

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function api() {
  server = await startApiServer({
    'GET /api/push/public-key': { body: { publicKey: PUBLIC_KEY } },
    'POST /api/push/subscriptions': { status: 204 },
    'DELETE /api/push/subscriptions': { status: 204 },
  });
  return { client: createApiClient({ baseUrl: `${server.origin}/api`, getToken: () => undefined }), server };
}

describe('the push toggle logic', () => {
  it('reads the state: unsupported, denied, off until granted and subscribed, on', async () => {
    expect(await pushState(null)).toBe('unsupported');
    expect(await pushState(fakeBrowser({ permission: 'denied' }).browser)).toBe('denied');
    expect(await pushState(fakeBrowser({ permission: 'default' }).browser)).toBe('off');
    expect(await pushState(fakeBrowser({ permission: 'granted' }).browser)).toBe('off');
    expect(await pushState(fakeBrowser({ permission: 'granted', subscribed: true }).browser)).toBe('on');
  });

  it('turning on asks permission, subscribes with the server key and posts the subscription with the agent token', async () => {
    const { client, server } = await api();
    const { browser, calls } = fakeBrowser({ permission: 'default' });
    expect(await turnPushOn({ browser, api: client, token: 'tok-1', language: 'en' })).toBe('on');
    expect(calls).toEqual(['requestPermission', 'subscribe:65']);
    const posted = server.requests.find((r) => r.method === 'POST');
    expect(JSON.parse(posted?.body ?? '')).toEqual({ subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: KEYS }, token: 'tok-1', language: 'en' });
    expect(await pushState(browser)).toBe('on');
  });

  it('turning on again re-posts the existing subscription without subscribing twice; a logged-in user sends no token', async () => {
    const { client, server } = await api();
    const { browser, calls } = fakeBrowser({ permission: 'granted', subscribed: true });
    expect(await turnPushOn({ browser, api: client, language: 'da' })).toBe('on');
    expect(calls).toEqual([]);
    expect(JSON.parse(server.requests.find((r) => r.method === 'POST')?.body ?? '')).not.toHaveProperty('token');
  });

  it('a refused permission subscribes nothing and posts nothing', async () => {
    const { client, server } = await api();
    const { browser, calls } = fakeBrowser({ permission: 'default', answer: 'denied' });
    expect(await turnPushOn({ browser, api: client, token: 'tok-1', language: 'da' })).toBe('denied');
    expect(calls).toEqual(['requestPermission']);
    expect(server.requests).toEqual([]);
  });

  it('turning off tells the server first, then unsubscribes the browser', async () => {
    const { client, server } = await api();
    const { browser, calls } = fakeBrowser({ permission: 'granted', subscribed: true });
    expect(await turnPushOff({ browser, api: client, token: 'tok-1' })).toBe('off');
    const removed = server.requests.find((r) => r.method === 'DELETE');
    expect(JSON.parse(removed?.body ?? '')).toEqual({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', token: 'tok-1' });
    expect(calls).toEqual(['unsubscribe']);
    expect(await pushState(browser)).toBe('off');
  });

  it('a failed post leaves the toggle to report it (the error reaches the caller)', async () => {
    server = await startApiServer({ 'GET /api/push/public-key': { body: { publicKey: PUBLIC_KEY } }, 'POST /api/push/subscriptions': { status: 409, body: { code: 'push-needs-instant-agent' } } });
    const client = createApiClient({ baseUrl: `${server.origin}/api`, getToken: () => undefined });
    await expect(turnPushOn({ browser: fakeBrowser({ permission: 'granted' }).browser, api: client, token: 't', language: 'da' })).rejects.toThrow();
  });

  it('decodes the base64url VAPID key to its 65 bytes', () => {
    const bytes = base64UrlToBytes(PUBLIC_KEY);
    expect(bytes).toHaveLength(65);
    expect(Buffer.from(bytes).toString('base64url')).toBe(PUBLIC_KEY);
  });
});
