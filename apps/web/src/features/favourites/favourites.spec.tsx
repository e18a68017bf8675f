import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Favourite } from '@husly/contracts';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { startApiServer, type Route } from '../../test/api-server';
import { listItem } from '../../test/dwellings-fixture';
import { renderApp } from '../../test/render-app';
import { sessionUser } from '../../test/session-user-fixture';
import { endSession, getSession, resetSessionStore, startSession } from '../accounts/session-store';
import { DwellingList } from '../dwellings/components/dwelling-list';
import { FavouriteButton } from './favourite-button';
import { resetFavouritesStore } from './favourites-store';
import { ProfileFavouritesTab } from './profile-favourites-tab';
import { resetFavouriteLoader } from './use-favourite';

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
afterEach(async () => {
  resetSessionStore();
  resetFavouritesStore();
  resetFavouriteLoader();
  document.cookie = 'token=; Path=/; Max-Age=0';
  window.sessionStorage.clear();
  await server?.close();
  server = undefined;
});

const DWELLINGS = [listItem(1), listItem(2)];

/** A page with two result cards, and /login, against a real HTTP server answering `routes`. */
async function cardsPage(routes: Record<string, Route | Route[]>, { loggedIn = true } = {}) {
  server = await startApiServer({ 'GET /api/users/me': { body: { user: sessionUser() } }, ...routes });
  if (loggedIn) document.cookie = 'token=jwt-7; Path=/';
  const rendered = renderApp('/liste?x=1', {
    apiBaseUrl: `${server.origin}/api`,
    areas: AREAS_FIXTURE,
    token: loggedIn ? 'jwt-7' : undefined,
    routes: () => [
      { path: '/liste', element: <DwellingList dwellings={DWELLINGS} /> },
      { path: '/login', element: <p>Log ind her</p> },
    ],
  });
  return { ...rendered, server };
}

const hearts = () => screen.getAllByTestId('favourite-button');
const heartOf = (n: number) => hearts()[n - 1]!;
const calls = (method: string, url: string) => server!.requests.filter((r) => r.method === method && r.url === url);

describe('FavouriteButton on dwelling cards', () => {
  it('loads the saved ids once after login: saved hearts are pressed and named "Fjern fra gemte"', async () => {
    await cardsPage({ 'GET /api/users/me/favourites/ids': { body: { ids: ['2'] } } });
    await waitFor(() => expect(heartOf(2).getAttribute('aria-pressed')).toBe('true'));
    expect(heartOf(2).getAttribute('aria-label')).toBe('Fjern fra gemte');
    expect(heartOf(1).getAttribute('aria-pressed')).toBe('false');
    expect(heartOf(1).getAttribute('aria-label')).toBe('Gem bolig');
    // One request for all the hearts on the page, with the user's token.
    expect(calls('GET', '/api/users/me/favourites/ids')).toHaveLength(1);
    expect(calls('GET', '/api/users/me/favourites/ids')[0]!.headers.authorization).toBe('Bearer jwt-7');
  });

  it('saves optimistically: pressed at once, then PUT with the token', async () => {
    await cardsPage({
      'GET /api/users/me/favourites/ids': { body: { ids: [] } },
      'PUT /api/users/me/favourites/1': { status: 204, delayMs: 300 },
    });
    await waitFor(() => expect(calls('GET', '/api/users/me/favourites/ids')).toHaveLength(1));
    await userEvent.click(screen.getAllByRole('button', { name: 'Gem bolig' })[0]!);
    // Before the answer arrives.
    expect(heartOf(1).getAttribute('aria-pressed')).toBe('true');
    expect(heartOf(1).getAttribute('aria-label')).toBe('Fjern fra gemte');
    await waitFor(() => expect(calls('PUT', '/api/users/me/favourites/1')).toHaveLength(1));
    expect(calls('PUT', '/api/users/me/favourites/1')[0]!.headers.authorization).toBe('Bearer jwt-7');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(heartOf(1).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('rolls back when the save fails, and says so', async () => {
    await cardsPage({
      'GET /api/users/me/favourites/ids': { body: { ids: [] } },
      'PUT /api/users/me/favourites/1': { status: 500, body: { statusCode: 500, message: 'boom' }, delayMs: 100 },
    });
    await waitFor(() => expect(calls('GET', '/api/users/me/favourites/ids')).toHaveLength(1));
    await userEvent.click(heartOf(1));
    expect(heartOf(1).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(heartOf(1).getAttribute('aria-pressed')).toBe('false'));
    expect(screen.getByRole('alert').textContent).toBe('Det kunne ikke gemmes. Prøv igen.');
  });

  it('rolls back a failed removal too, and shows the cap message of a 409', async () => {
    await cardsPage({
      'GET /api/users/me/favourites/ids': { body: { ids: ['2'] } },
      'DELETE /api/users/me/favourites/2': { status: 503, delayMs: 50 },
      'PUT /api/users/me/favourites/1': { status: 409, body: { statusCode: 409, code: 'favourite-limit-reached', limit: 500, message: 'Du kan højst gemme 500 boliger.' } },
    });
    await waitFor(() => expect(heartOf(2).getAttribute('aria-pressed')).toBe('true'));
    await userEvent.click(heartOf(2));
    expect(heartOf(2).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(heartOf(2).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('Den kunne ikke fjernes. Prøv igen.');

    await userEvent.click(heartOf(1));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Du kan højst gemme 500 boliger.'));
    expect(heartOf(1).getAttribute('aria-pressed')).toBe('false');
  });

  it("a failed save's message goes after 6 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await cardsPage({
        'GET /api/users/me/favourites/ids': { body: { ids: [] } },
        'PUT /api/users/me/favourites/1': { status: 500 },
      });
      await waitFor(() => expect(calls('GET', '/api/users/me/favourites/ids')).toHaveLength(1));
      await userEvent.click(heartOf(1));
      await screen.findByRole('alert');
      await act(() => vi.advanceTimersByTimeAsync(5800));
      expect(screen.getByRole('alert')).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(200));
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('logout forgets the ids: the hearts are unpressed and a click leads to login', async () => {
    const { router } = await cardsPage({ 'GET /api/users/me/favourites/ids': { body: { ids: ['1', '2'] } } });
    await waitFor(() => expect(heartOf(1).getAttribute('aria-pressed')).toBe('true'));
    act(() => endSession());
    expect(hearts().map((heart) => heart.getAttribute('aria-pressed'))).toEqual(['false', 'false']);
    await userEvent.click(heartOf(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('a visitor: no ids are fetched, and the heart leads to login with next back to the page', async () => {
    const { router } = await cardsPage({}, { loggedIn: false });
    await userEvent.click(heartOf(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=/liste%3Fx%3D1');
    expect(screen.getByText('Log ind her')).toBeTruthy();
    expect(server!.requests.filter((r) => r.url.includes('favourites'))).toEqual([]);
  });
});

// Issue 29: a visitor's heart led to login, and after the login the dwelling was not saved.
describe("a visitor's heart is kept through login", () => {
  it('saves the dwelling once after the login, back on the page', async () => {
    const { router } = await cardsPage(
      { 'GET /api/users/me/favourites/ids': { body: { ids: ['2'] } }, 'PUT /api/users/me/favourites/1': { status: 204 } },
      { loggedIn: false },
    );
    await waitFor(() => expect(getSession().status).toBe('guest'));
    await userEvent.click(heartOf(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls('PUT', '/api/users/me/favourites/1')).toHaveLength(0);

    // The login form's success, then `next` back to the list.
    act(() => startSession({ token: 'jwt-7', user: sessionUser() }));
    await act(() => router.navigate('/liste?x=1'));
    await waitFor(() => expect(calls('PUT', '/api/users/me/favourites/1')).toHaveLength(1));
    await waitFor(() => expect(heartOf(2).getAttribute('aria-pressed')).toBe('true'));
    expect(heartOf(1).getAttribute('aria-pressed')).toBe('true');

    // Once: another visit to the page, or the session read again, saves nothing more.
    await act(() => router.navigate('/login'));
    await act(() => router.navigate('/liste?x=1'));
    await waitFor(() => expect(heartOf(1).getAttribute('aria-pressed')).toBe('true'));
    expect(calls('PUT', '/api/users/me/favourites/1')).toHaveLength(1);
  });

  it('a login on a page without hearts keeps it for the next page with them, and saves it once', async () => {
    const { router } = await cardsPage({ 'GET /api/users/me/favourites/ids': { body: { ids: [] } }, 'PUT /api/users/me/favourites/2': { status: 204 } }, { loggedIn: false });
    await waitFor(() => expect(getSession().status).toBe('guest'));
    await userEvent.click(heartOf(2));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    act(() => startSession({ token: 'jwt-7', user: sessionUser() }));
    expect(calls('PUT', '/api/users/me/favourites/2')).toHaveLength(0);
    await act(() => router.navigate('/liste'));
    await waitFor(() => expect(calls('PUT', '/api/users/me/favourites/2')).toHaveLength(1));
    expect(server!.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });
});

describe("the store's chunk, loaded only for a user (issue 16)", () => {
  /** The store's real import, counted; `gate` holds it back (a slow network), `fails` makes it fail (offline, a replaced deploy). */
  function countedLoader({ gate, fails }: { gate?: Promise<void>; fails?: () => boolean } = {}) {
    const loader = {
      calls: 0,
      load: async () => {
        loader.calls++;
        await gate;
        if (fails?.()) throw new TypeError('Failed to fetch dynamically imported module: /assets/gone.js');
        return import('./favourites-store');
      },
    };
    resetFavouriteLoader(loader.load);
    return loader;
  }

  it("a visitor's page never loads it", async () => {
    const loader = countedLoader();
    await cardsPage({}, { loggedIn: false });
    await waitFor(() => expect(getSession().status).toBe('guest'));
    expect(loader.calls).toBe(0);
  });

  it("a user's page loads it once for all the hearts, then the ids once", async () => {
    const loader = countedLoader();
    await cardsPage({ 'GET /api/users/me/favourites/ids': { body: { ids: ['1'] } } });
    await waitFor(() => expect(heartOf(1).getAttribute('aria-pressed')).toBe('true'));
    expect(loader.calls).toBe(1);
    expect(calls('GET', '/api/users/me/favourites/ids')).toHaveLength(1);
  });

  it("a user's click before it arrived waits for it, then saves", async () => {
    let release!: () => void;
    const loader = countedLoader({ gate: new Promise<void>((resolve) => (release = resolve)) });
    await cardsPage({
      'GET /api/users/me/favourites/ids': { body: { ids: ['2'] } },
      'PUT /api/users/me/favourites/1': { status: 204 },
    });
    await waitFor(() => expect(getSession().status).toBe('user'));
    expect(loader.calls).toBe(1);
    await userEvent.click(heartOf(1));
    expect(heartOf(1).getAttribute('aria-pressed')).toBe('false');
    expect(server!.requests.filter((r) => r.url.includes('favourites'))).toEqual([]);

    release();
    await waitFor(() => expect(calls('PUT', '/api/users/me/favourites/1')).toHaveLength(1));
    await waitFor(() => expect(heartOf(2).getAttribute('aria-pressed')).toBe('true'));
    expect(heartOf(1).getAttribute('aria-pressed')).toBe('true');
    expect(loader.calls).toBe(1);
    expect(calls('GET', '/api/users/me/favourites/ids')).toHaveLength(1);
  });

  it('a click while the session is still restoring does nothing', async () => {
    const loader = countedLoader();
    const { router } = await cardsPage({
      'GET /api/users/me': { body: { user: sessionUser() }, delayMs: 1000 },
      'GET /api/users/me/favourites/ids': { body: { ids: [] } },
    });
    expect(getSession().status).toBe('unknown');
    await userEvent.click(heartOf(1));
    expect(getSession().status).toBe('unknown');
    await waitFor(() => expect(calls('GET', '/api/users/me/favourites/ids')).toHaveLength(1));
    expect(heartOf(1).getAttribute('aria-pressed')).toBe('false');
    expect(router.state.location.pathname).toBe('/liste');
    expect(server!.requests.filter((r) => r.method === 'PUT')).toEqual([]);
    expect(loader.calls).toBe(1);
  });

  it('a chunk that fails: hearts stay unpressed, a click says so, and a later click loads it and saves', async () => {
    let offline = true;
    const loader = countedLoader({ fails: () => offline });
    await cardsPage({
      'GET /api/users/me/favourites/ids': { body: { ids: ['2'] } },
      'PUT /api/users/me/favourites/1': { status: 204 },
    });
    await waitFor(() => expect(loader.calls).toBe(1));
    await userEvent.click(heartOf(1));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Det kunne ikke gemmes. Prøv igen.'));
    expect(loader.calls).toBe(2);
    expect(hearts().map((heart) => heart.getAttribute('aria-pressed'))).toEqual(['false', 'false']);
    expect(server!.requests.filter((r) => r.url.includes('favourites'))).toEqual([]);

    offline = false;
    await userEvent.click(heartOf(1));
    await waitFor(() => expect(calls('PUT', '/api/users/me/favourites/1')).toHaveLength(1));
    await waitFor(() => expect(heartOf(2).getAttribute('aria-pressed')).toBe('true'));
    expect(heartOf(1).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(loader.calls).toBe(3);
  });
});

describe('which hearts render again after hydration', () => {
  /** Three hearts, each counting its renders (a list page has up to 150 of them). */
  async function countedHearts(routes: Record<string, Route | Route[]>, { loggedIn }: { loggedIn: boolean }) {
    server = await startApiServer({ 'GET /api/users/me': { body: { user: sessionUser() } }, ...routes });
    if (loggedIn) document.cookie = 'token=jwt-7; Path=/';
    const renders: Record<string, number> = { '1': 0, '2': 0, '3': 0 };
    renderApp('/liste', {
      apiBaseUrl: `${server.origin}/api`,
      areas: AREAS_FIXTURE,
      token: loggedIn ? 'jwt-7' : undefined,
      routes: () => [
        {
          path: '/liste',
          element: Object.keys(renders).map((id) => (
            <Profiler key={id} id={id} onRender={() => renders[id]!++}>
              <FavouriteButton dwellingId={id} />
            </Profiler>
          )),
        },
      ],
    });
    return renders;
  }

  it("a visitor's session arriving renders no heart again", async () => {
    const renders = await countedHearts({}, { loggedIn: false });
    await waitFor(() => expect(getSession().status).toBe('guest'));
    expect(renders).toEqual({ '1': 1, '2': 1, '3': 1 });
  });

  it("a user's saved ids arriving render again only the hearts they press", async () => {
    const renders = await countedHearts({ 'GET /api/users/me/favourites/ids': { body: { ids: ['2'] } } }, { loggedIn: true });
    await waitFor(() => expect(heartOf(2).getAttribute('aria-pressed')).toBe('true'));
    expect(renders).toEqual({ '1': 1, '2': 2, '3': 1 });
  });
});

describe('the profile tab "Gemte boliger"', () => {
  const saved = (n: number, over: Partial<Favourite> = {}): Favourite => ({
    ...listItem(n),
    savedAt: '2026-11-24T09:00:00.000Z',
    sinceSaved: { rented: false, reserved: false, rentWhenSaved: null },
    ...over,
  });

  async function profileTab(routes: Record<string, Route | Route[]>) {
    server = await startApiServer({ 'GET /api/users/me': { body: { user: sessionUser() } }, ...routes });
    document.cookie = 'token=jwt-7; Path=/';
    return renderApp('/gemte', {
      apiBaseUrl: `${server.origin}/api`,
      areas: AREAS_FIXTURE,
      token: 'jwt-7',
      routes: () => [{ path: '/gemte', element: <ProfileFavouritesTab /> }],
    });
  }

  it('lists the saved dwellings; a rented one says "Udlejet {date}" and is no link; removing takes it away', async () => {
    await profileTab({
      'GET /api/users/me/favourites': { body: { data: [saved(1), saved(2, { headline: 'Udlejet rækkehus', deletedAt: '2026-11-25T10:00:00.000Z' })] } },
      'GET /api/users/me/favourites/ids': { body: { ids: ['1', '2'] } },
      'DELETE /api/users/me/favourites/1': { status: 204 },
    });
    const items = await screen.findAllByTestId('favourite-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('/vis/1');
    expect(within(items[1]!).queryByRole('link')).toBeNull();
    expect(within(items[1]!).getAllByText('Udlejet 25/11/2026').length).toBeGreaterThan(0);
    expect(screen.getByText('2 gemte boliger')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Fjern Lejlighed nummer 1 fra gemte' }));
    await waitFor(() => expect(screen.getAllByTestId('favourite-item')).toHaveLength(1));
    await waitFor(() => expect(calls('DELETE', '/api/users/me/favourites/1')).toHaveLength(1));
    expect(screen.getByText('1 gemt bolig')).toBeTruthy();
  });

  it('marks what changed since it was saved: rented, reserved, a new rent (issue 34)', async () => {
    await profileTab({
      'GET /api/users/me/favourites': {
        body: {
          data: [
            saved(1, { sinceSaved: { rented: false, reserved: false, rentWhenSaved: 7200 } }),
            saved(2, { sinceSaved: { rented: false, reserved: true, rentWhenSaved: null } }),
            saved(3, { deletedAt: '2026-11-25T10:00:00.000Z', sinceSaved: { rented: true, reserved: false, rentWhenSaved: null } }),
            saved(4),
          ],
        },
      },
      'GET /api/users/me/favourites/ids': { body: { ids: ['1', '2', '3', '4'] } },
    });
    const items = await screen.findAllByTestId('favourite-item');
    const marks = items.map((item) => within(item).queryByTestId('since-saved')?.textContent ?? null);
    expect(marks).toEqual(['Ny husleje: den var 7.200 kr., da du gemte den', 'Reserveret, siden du gemte den', 'Udlejet, siden du gemte den', null]);
  });

  it('a removal that fails comes back with a message', async () => {
    await profileTab({
      'GET /api/users/me/favourites': { body: { data: [saved(1)] } },
      'GET /api/users/me/favourites/ids': { body: { ids: ['1'] } },
      'DELETE /api/users/me/favourites/1': { status: 500, delayMs: 100 },
    });
    await screen.findAllByTestId('favourite-item');
    await waitFor(() => expect(calls('GET', '/api/users/me/favourites/ids')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Fjern Lejlighed nummer 1 fra gemte' }));
    await waitFor(() => expect(screen.queryAllByTestId('favourite-item')).toHaveLength(0));
    await waitFor(() => expect(screen.getAllByTestId('favourite-item')).toHaveLength(1));
    expect(screen.getByRole('alert').textContent).toBe('Den kunne ikke fjernes. Prøv igen.');
  });

  describe('"Send mig en mail, når en gemt bolig ændrer sig" (issue 34)', () => {
    const label = 'Send mig en mail, når en gemt bolig ændrer sig';
    const list = { 'GET /api/users/me/favourites': { body: { data: [saved(1)] } }, 'GET /api/users/me/favourites/ids': { body: { ids: ['1'] } } };
    const box = () => screen.getByRole('checkbox', { name: label }) as HTMLInputElement;

    it('shows the setting as the API has it, and switches it on and off', async () => {
      await profileTab({
        ...list,
        'GET /api/users/me/favourites/settings': { body: { mails: false } },
        'POST /api/users/me/favourites/settings': [{ body: { mails: true } }, { body: { mails: false } }],
      });
      await waitFor(() => expect(box().disabled).toBe(false));
      expect(box().checked).toBe(false);
      expect(box().getAttribute('aria-describedby')).toBeTruthy();
      expect(document.getElementById(box().getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toMatch(/^Vi skriver, når huslejen/);

      await userEvent.click(box());
      await waitFor(() => expect(box().checked).toBe(true));
      await waitFor(() => expect(box().disabled).toBe(false));
      await userEvent.click(box());
      await waitFor(() => expect(box().checked).toBe(false));
      const posts = calls('POST', '/api/users/me/favourites/settings');
      expect(posts.map((p) => JSON.parse(p.body))).toEqual([{ mails: true }, { mails: false }]);
      expect(posts[0]!.headers.authorization).toBe('Bearer jwt-7');
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('a refused change is put back and said', async () => {
      await profileTab({
        ...list,
        'GET /api/users/me/favourites/settings': { body: { mails: true } },
        'POST /api/users/me/favourites/settings': { status: 500, body: { statusCode: 500, message: 'Internal server error' } },
      });
      await waitFor(() => expect(box().checked).toBe(true));
      await userEvent.click(box());
      expect((await screen.findByRole('alert')).textContent).toBe('Indstillingen kunne ikke gemmes. Prøv igen.');
      expect(box().checked).toBe(true);
      expect(box().disabled).toBe(false);
    });

    it('left out when the setting cannot be read; the list is still there', async () => {
      await profileTab({ ...list, 'GET /api/users/me/favourites/settings': { status: 500, body: {} } });
      await screen.findAllByTestId('favourite-item');
      await waitFor(() => expect(calls('GET', '/api/users/me/favourites/settings')).toHaveLength(1));
      await waitFor(() => expect(screen.queryByRole('checkbox', { name: label })).toBeNull());
    });
  });

  it('nothing saved: says how to save', async () => {
    await profileTab({ 'GET /api/users/me/favourites': { body: { data: [] } }, 'GET /api/users/me/favourites/ids': { body: { ids: [] } } });
    expect(await screen.findByText(/Du har ikke gemt nogen boliger endnu/)).toBeTruthy();
  });
});
