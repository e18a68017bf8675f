import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startApiServer } from '../../../test/api-server';
import { renderApp } from '../../../test/render-app';
import { BoligagentTokenPage } from '../pages/boligagent-pages';

const AGENT = { id: 7, email: 'a@husly.test', token: 'tok', verified: true, autoAdjust: false, frequency: 'instant', enabled: true, language: 'da', prefs: [], mapAreas: [] };
const KEYS = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };
const LABEL = 'Push-besked på denne enhed, når der kommer en ny bolig';

/**
 * The browser's push APIs (Notification, the service worker's PushManager) as jsdom lacks them:
 * permission starts at "default" and is granted when asked; subscribe records its key.
 */
function stubBrowserPush() {
  const asked: string[] = [];
  let subscription: object | null = null;
  const pushManager = {
    getSubscription: async () => subscription,
    subscribe: async (options: { applicationServerKey: Uint8Array }) => {
      asked.push(`subscribe:${options.applicationServerKey.length}`);
      subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/xyz', toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/xyz', keys: KEYS }), unsubscribe: async () => true };
      return subscription;
    },
  };
  const registration = { pushManager };
  const notification = { permission: 'default' as NotificationPermission, requestPermission: async () => {
    asked.push('permission');
    notification.permission = 'granted';
    return notification.permission;
  } };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, register: async () => registration, ready: Promise.resolve(registration) },
  });
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the push toggle on /boligagent/{token}', () => {
  const routes = () => [{ path: '/boligagent/:token', element: <BoligagentTokenPage /> }];

  it('an instant agent gets the toggle: permission, subscription with the server key, posted with the token', async () => {
    const asked = stubBrowserPush();
    const key = Buffer.alloc(65, 4).toString('base64url');
    const server = await startApiServer({
      'GET /api/boligagents/tok': { body: AGENT },
      'GET /api/push/public-key': { body: { publicKey: key } },
      'POST /api/push/subscriptions': { status: 204 },
    });
    try {
      renderApp('/boligagent/tok', { apiBaseUrl: `${server.origin}/api`, routes });
      const box = await screen.findByRole('checkbox', { name: LABEL });
      expect((box as HTMLInputElement).checked).toBe(false);
      await userEvent.click(box);
      expect(await screen.findByText('Du får en push-besked på denne enhed for hver ny bolig.')).toBeTruthy();
      expect(asked).toEqual(['permission', 'subscribe:65']);
      const posted = server.requests.filter((r) => r.method === 'POST' && r.url === '/api/push/subscriptions');
      expect(posted).toHaveLength(1);
      expect(JSON.parse(posted[0].body)).toEqual({ subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/xyz', keys: KEYS }, token: 'tok', language: 'da' });
      await waitFor(() => expect((screen.getByRole('checkbox', { name: LABEL }) as HTMLInputElement).checked).toBe(true));
    } finally {
      await server.close();
    }
  });

  it('a daily agent, or a browser without push, gets no toggle', async () => {
    const server = await startApiServer({ 'GET /api/boligagents/tok': { body: { ...AGENT, frequency: 'daily' } }, 'GET /api/boligagents/tok2': { body: { ...AGENT, token: 'tok2' } } });
    try {
      stubBrowserPush();
      const first = renderApp('/boligagent/tok', { apiBaseUrl: `${server.origin}/api`, routes });
      expect(await screen.findByText('a@husly.test', { exact: false })).toBeTruthy();
      // The toggle reads the browser's state after mounting: let that settle before looking.
      await act(async () => {});
      expect(screen.queryByRole('checkbox', { name: LABEL })).toBeNull();
      first.unmount();
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'serviceWorker');
      renderApp('/boligagent/tok2', { apiBaseUrl: `${server.origin}/api`, routes });
      expect(await screen.findByText('a@husly.test', { exact: false })).toBeTruthy();
      // The toggle reads the browser's state after mounting: let that settle before looking.
      await act(async () => {});
      expect(screen.queryByRole('checkbox', { name: LABEL })).toBeNull();
    } finally {
      await server.close();
    }
  });
});
