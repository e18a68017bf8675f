import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { startApiServer, type Route } from '../../test/api-server';
import { clickTwice } from '../../test/press-twice';
import { renderApp } from '../../test/render-app';
import { sessionUser } from '../../test/session-user-fixture';
import { resetSessionStore } from './session-store';

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
afterEach(async () => {
  resetSessionStore();
  document.cookie = 'token=; Path=/; Max-Age=0';
  await server?.close();
  server = undefined;
});

/** A logged-in page whose API answers logout with `logout`; the user opens the menu and logs out. */
async function logOutWith(logout: Route) {
  server = await startApiServer({
    'GET /api/auth/providers': { body: { facebook: false } },
    'GET /api/users/me': { body: { user: sessionUser() } },
    'POST /api/auth/logout': logout,
  });
  document.cookie = 'token=jwt-7; Path=/';
  const { router } = renderApp('/byer', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api` });
  const toggle = await screen.findByLabelText('Min profil: Mette Hansen');
  fireEvent.click(toggle);
  fireEvent.click(await screen.findByRole('button', { name: 'Log ud' }));
  await screen.findByText('Du er nu logget ud.');
  return { router, calls: server.requests.filter((r) => r.method === 'POST' && r.url === '/api/auth/logout') };
}

// Issue 29: logout only forgot the token in the browser, so it worked on until it expired.
describe('logout', () => {
  it('asks the server to end the session with the token, then forgets it here', async () => {
    const { router, calls } = await logOutWith({ status: 204 });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.headers.authorization).toBe('Bearer jwt-7');
    expect(document.cookie).not.toContain('token=jwt-7');
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByLabelText('Profil')).toBeTruthy();
  });

  it('still logs out here when the server cannot be reached or refuses', async () => {
    const { calls } = await logOutWith({ status: 503, delayMs: 50 });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(document.cookie).not.toContain('token=jwt-7');
    expect(screen.queryByLabelText('Min profil: Mette Hansen')).toBeNull();
  });
});

describe('log out on all devices (/profile/password)', () => {
  async function passwordTab(logoutAll: Route) {
    server = await startApiServer({
      'GET /api/auth/providers': { body: { facebook: false } },
      'GET /api/users/me': { body: { user: sessionUser() } },
      'POST /api/auth/logout-all': logoutAll,
    });
    document.cookie = 'token=jwt-7; Path=/';
    const rendered = renderApp('/profile/password', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api` });
    // A double click sends it once.
    clickTwice(await screen.findByRole('button', { name: 'Log ud på alle enheder' }));
    return { ...rendered, calls: () => server!.requests.filter((r) => r.method === 'POST' && r.url === '/api/auth/logout-all') };
  }

  it('asks the server to end every session, then logs out here', async () => {
    const { router, calls } = await passwordTab({ status: 204 });
    await screen.findByText('Du er nu logget ud på alle enheder.');
    expect(calls()).toHaveLength(1);
    expect(calls()[0]!.headers.authorization).toBe('Bearer jwt-7');
    expect(document.cookie).not.toContain('token=jwt-7');
    expect(router.state.location.pathname).toBe('/');
  });

  it('a failed call keeps the user logged in and says so: the other devices still are', async () => {
    const { router, calls } = await passwordTab({ status: 503 });
    expect((await screen.findByRole('alert')).textContent).toBe('Der opstod en fejl. Prøv igen, eller kontakt kundeservice.');
    expect(calls()).toHaveLength(1);
    expect(document.cookie).toContain('token=jwt-7');
    expect(router.state.location.pathname).toBe('/profile/password');
    expect(screen.getByRole('button', { name: 'Log ud på alle enheder' }).hasAttribute('disabled')).toBe(false);
  });
});
