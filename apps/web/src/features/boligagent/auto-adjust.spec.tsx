import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { startApiServer } from '../../test/api-server';
import { listResponse } from '../../test/dwellings-fixture';
import { renderApp } from '../../test/render-app';
import { sessionUser } from '../../test/session-user-fixture';
import { resetSessionStore, startSession } from '../accounts/session-store';
import { autoAdjustFilters, resetAutoAdjustMemory } from './use-boligagent-auto-adjust';

const USER = sessionUser();

const AGENT = { id: 3, email: USER.email, token: 'tok', verified: true, autoAdjust: true, frequency: 'daily', enabled: true, language: 'da', prefs: [], mapAreas: [] };

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
afterEach(async () => {
  resetSessionStore();
  resetAutoAdjustMemory();
  document.cookie = 'token=; Path=/; Max-Age=0';
  await server?.close();
  server = undefined;
});

/** The real /search route against a real HTTP server; `loggedIn` stores a token the session call accepts. */
async function searchPage(path: string, { loggedIn, adjust = { body: { adjusted: true, agent: AGENT } } }: { loggedIn: boolean; adjust?: { status?: number; body?: unknown } }) {
  server = await startApiServer({
    'GET /api/dwellings/search': { body: listResponse(3) },
    'GET /api/users/me': { body: { user: USER } },
    'GET /api/auth/providers': { body: { facebook: false } },
    'POST /api/boligagents/adjust': adjust,
  });
  if (loggedIn) document.cookie = 'token=jwt-7; Path=/';
  const rendered = renderApp(path, { apiBaseUrl: `${server.origin}/api`, areas: AREAS_FIXTURE, token: loggedIn ? 'jwt-7' : undefined });
  return { ...rendered, server };
}

const adjustCalls = (s: NonNullable<typeof server>) => s.requests.filter((r) => r.method === 'POST' && r.url === '/api/boligagents/adjust');
const searchCalls = (s: NonNullable<typeof server>) => s.requests.filter((r) => r.url.startsWith('/api/dwellings/search'));

/** The page has rendered the results, so its effects have run. */
async function resultsShown() {
  expect(await screen.findByRole('heading', { level: 1, name: 'Lejeboliger i Aarhus' })).toBeTruthy();
}

describe('boligagent auto-adjust from /search', () => {
  it('a logged-in user searching a city with filters: POST /api/boligagents/adjust {area, current, user} with the token', async () => {
    const { server } = await searchPage('/search?q=Aarhus&rent=8000&rooms=2', { loggedIn: true });
    await expect.poll(() => adjustCalls(server).length).toBe(1);
    const [call] = adjustCalls(server);
    expect(JSON.parse(call!.body)).toEqual({ area: 'aarhus', current: { rent: 8000, rooms: 2 }, user: 7 });
    expect(call!.headers.authorization).toBe('Bearer jwt-7');
    await resultsShown();
  });

  it('a visitor: the same search makes no adjust call', async () => {
    const { server } = await searchPage('/search?q=Aarhus&rent=8000&rooms=2', { loggedIn: false });
    await resultsShown();
    expect(searchCalls(server)).toHaveLength(1);
    // A barrier, not a pause: logging in on this page makes the same search qualify. Once that
    // call has arrived, one sent earlier for the visitor would have arrived before it.
    act(() => startSession({ token: 'jwt-7', user: USER }));
    await expect.poll(() => adjustCalls(server).length).toBeGreaterThan(0);
    expect(adjustCalls(server).map((r) => JSON.parse(r.body).user)).toEqual([7]);
  });

  it('once per search: paging and coming back send nothing more; another filter value is a new search', async () => {
    const { server, router } = await searchPage('/search?q=aarhus&size=40', { loggedIn: true });
    await expect.poll(() => adjustCalls(server).length).toBe(1);
    await router.navigate('/search?q=aarhus&size=40&start=150');
    await expect.poll(() => searchCalls(server).length).toBe(2);
    // Away and back: a new page component, so only the page session's memory stops the call.
    await router.navigate('/byer');
    await screen.findByRole('heading', { level: 1, name: 'Hvor vil du gerne bo?' });
    await router.navigate('/search?q=aarhus&size=40');
    await expect.poll(() => searchCalls(server).length).toBe(3);
    await resultsShown();
    // A different search after the repeats: once its call has arrived, the repeats would have too.
    await router.navigate('/search?q=aarhus&size=60');
    await expect.poll(() => adjustCalls(server).length).toBe(2);
    expect(adjustCalls(server).map((r) => JSON.parse(r.body).current)).toEqual([{ size: 40 }, { size: 60 }]);
  });

  it('no call without a filter, nor for a query that is not a city', async () => {
    const { server, router } = await searchPage('/search?q=aarhus', { loggedIn: true });
    await resultsShown();
    await router.navigate('/search?q=ingen-by&rent=8000');
    await expect.poll(() => searchCalls(server).length).toBe(2);
    await screen.findByRole('heading', { level: 1, name: 'Lejeboliger i ingen-by' });
    // The first search that qualifies is the first call: the two before sent nothing.
    await router.navigate('/search?q=aarhus&rent=8000');
    await expect.poll(() => adjustCalls(server).length).toBe(1);
    expect(JSON.parse(adjustCalls(server)[0]!.body)).toEqual({ area: 'aarhus', current: { rent: 8000 }, user: 7 });
  });

  it('a failing adjust call leaves the page alone', async () => {
    const { server } = await searchPage('/search?q=aarhus&rooms=3', { loggedIn: true, adjust: { status: 500, body: { statusCode: 500, message: 'boom' } } });
    await expect.poll(() => adjustCalls(server).length).toBe(1);
    await resultsShown();
    expect(screen.getByText('3 boliger fundet')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('autoAdjustFilters', () => {
  it('keeps slider values off their "Any" end, drops defaults and values no slider can produce', () => {
    expect(autoAdjustFilters({ rent: 8000, rooms: 2, size: 40 })).toEqual({ rent: 8000, rooms: 2, size: 40 });
    expect(autoAdjustFilters({ rent: 14000, rooms: 1, size: 10 })).toBeNull();
    expect(autoAdjustFilters({})).toBeNull();
    // ?rent=0 or ?rooms=0 typed into the URL would read as "no limit" and wipe the agent's limit.
    expect(autoAdjustFilters({ rent: 0, rooms: 0, size: 3 })).toBeNull();
    expect(autoAdjustFilters({ rent: 0, rooms: 3 })).toEqual({ rooms: 3 });
  });
});
