import type { PushPublicKeyResponse } from '@husly/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { SERVICE_WORKER_URL } from '../../../lib/service-worker';

/** Where this browser stands for instant pushes (docs/decisions/0063-instant-push.md). */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** The parts of a PushSubscription we use. */
export interface BrowserPushSubscription {
  endpoint: string;
  toJSON(): { endpoint?: string; keys?: Record<string, string> };
  unsubscribe(): Promise<boolean>;
}

/**
 * The browser's push APIs as the toggle uses them: Notification permission and the service worker's
 * PushManager. `browserPush()` gives the real ones; tests pass their own (the browser's APIs are not
 * ours; our API calls go through the real client).
 */
export interface PushBrowser {
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  /** The existing subscription of our service worker, or null. */
  subscription(): Promise<BrowserPushSubscription | null>;
  subscribe(applicationServerKey: Uint8Array<ArrayBuffer>): Promise<BrowserPushSubscription>;
}

/** This browser's push APIs, or null where there are none (an old browser, iOS outside an installed web app, the server). */
export function browserPush(): PushBrowser | null {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return null;
  const registration = async () => (await navigator.serviceWorker.getRegistration('/')) ?? navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return {
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    subscription: async () => (await registration()).pushManager.getSubscription(),
    async subscribe(applicationServerKey) {
      await registration();
      // subscribe() needs an active worker; ready resolves once the registration has one.
      const ready = await navigator.serviceWorker.ready;
      return ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
    },
  };
}

/** The state to show: the permission first (denied wins), then whether our worker holds a subscription. */
export async function pushState(browser: PushBrowser | null): Promise<PushState> {
  if (!browser) return 'unsupported';
  if (browser.permission() === 'denied') return 'denied';
  if (browser.permission() !== 'granted') return 'off';
  return (await browser.subscription()) ? 'on' : 'off';
}

/**
 * Turns push on for the agent (a visitor's by `token`, else the logged-in user's): asks permission,
 * subscribes with the server's VAPID key, and posts the subscription. The POST is idempotent on the
 * server (one row per endpoint), so pressing twice or re-subscribing does no harm.
 */
export async function turnPushOn(input: { browser: PushBrowser; api: ApiClient; token?: string; language: 'da' | 'en' }): Promise<PushState> {
  const permission = input.browser.permission() === 'granted' ? 'granted' : await input.browser.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const { publicKey } = await input.api.get<PushPublicKeyResponse>('/push/public-key');
  const subscription = (await input.browser.subscription()) ?? (await input.browser.subscribe(base64UrlToBytes(publicKey)));
  const json = subscription.toJSON();
  await input.api.post<void>('/push/subscriptions', {
    subscription: { endpoint: json.endpoint ?? subscription.endpoint, keys: { p256dh: json.keys?.p256dh, auth: json.keys?.auth } },
    ...(input.token ? { token: input.token } : {}),
    language: input.language,
  });
  return 'on';
}

/** Turns it off: the server forgets the endpoint first (so no push goes out after "off"), then the browser unsubscribes. */
export async function turnPushOff(input: { browser: PushBrowser; api: ApiClient; token?: string }): Promise<PushState> {
  const subscription = await input.browser.subscription();
  if (!subscription) return 'off';
  await input.api.delete<void>('/push/subscriptions', { body: { endpoint: subscription.endpoint, ...(input.token ? { token: input.token } : {}) } });
  await subscription.unsubscribe();
  return 'off';
}

/** A base64url string (the VAPID public key) as the bytes PushManager.subscribe takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
