import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { startApiServer } from '../../test/api-server';
import { listResponse } from '../../test/dwellings-fixture';
import { renderApp } from '../../test/render-app';
import { sessionUser } from '../../test/session-user-fixture';
import { resetSessionStore, startSession } from '../accounts/session-store';

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
afterEach(async () => {
  resetSessionStore();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.cookie = 'token=; Path=/; Max-Age=0';
  await server?.close();
  server = undefined;
});

// Issue 15: the city page's modal, open for a visitor, stayed after they logged in from the header.
describe('the city page boligagent modal', () => {
  it('closes when the visitor logs in while it is open', async () => {
    server = await startApiServer({
      'GET /api/dwellings/area/aarhus': { body: listResponse(3) },
      'GET /api/auth/providers': { body: { facebook: false } },
    });
    renderApp('/aarhus', { apiBaseUrl: `${server.origin}/api`, areas: AREAS_FIXTURE });
    // It opens after a few seconds on the page.
    expect(await screen.findByRole('dialog', {}, { timeout: 8000 })).toBeTruthy();
    act(() => startSession({ token: 'jwt-7', user: sessionUser() }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 15_000);
});
