import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@husly/contracts';
import { createApiClient } from '../../lib/api-client';
import { startApiServer } from '../../test/api-server';
import { sessionUser } from '../../test/session-user-fixture';
import { endSession, getSession, refreshSession, resetSessionStore, restoreSession, startSession, storeToken } from './session-store';

const user = (overrides: Partial<SessionUser> = {}) => sessionUser({ status: false, ...overrides });

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  endSession();
  resetSessionStore();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function apiAnswering(me: { status?: number; body?: unknown; delayMs: number }) {
  const server = await startApiServer({ 'GET /api/users/me': me });
  servers.push(server);
  return createApiClient({ baseUrl: `${server.origin}/api` });
}

describe('session store: a slow session read never undoes a newer session', () => {
  it('a verification link logs in (verified) while the page load still restores the old, unverified user', async () => {
    const api = await apiAnswering({ body: { user: user({ status: false }) }, delayMs: 150 });
    storeToken('old-token');
    const restoring = restoreSession(api);
    startSession({ token: 'new-token', user: user({ status: true }) });
    await restoring;
    expect(getSession()).toMatchObject({ status: 'user', user: { status: true } });
    expect(document.cookie).toContain('new-token');
  });

  it('a refused restore that lands after a login neither logs out nor clears the new token', async () => {
    const api = await apiAnswering({ status: 401, body: { message: 'Unauthorized' }, delayMs: 150 });
    storeToken('expired-token');
    const restoring = restoreSession(api);
    startSession({ token: 'fresh-token', user: user({ status: true }) });
    await restoring;
    expect(getSession().status).toBe('user');
    expect(document.cookie).toContain('fresh-token');
  });

  it('a refresh that started before a logout does not log the user back in', async () => {
    const api = await apiAnswering({ body: { user: user() }, delayMs: 150 });
    startSession({ token: 'a-token', user: user() });
    const refreshing = refreshSession(api);
    endSession();
    await refreshing;
    expect(getSession().status).toBe('guest');
  });

  it('with nothing in between, the restore and the refresh apply what the API says', async () => {
    const api = await apiAnswering({ body: { user: user({ name: 'Fra API' }) }, delayMs: 0 });
    storeToken('a-token');
    await restoreSession(api);
    expect(getSession()).toMatchObject({ status: 'user', user: { name: 'Fra API' } });
    startSession({ token: 'a-token', user: user({ name: 'Lokal' }) });
    await refreshSession(api);
    expect(getSession()).toMatchObject({ status: 'user', user: { name: 'Fra API' } });
  });
});
