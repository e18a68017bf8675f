import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AREAS_FIXTURE } from '../../../test/areas-fixture';
import { startApiServer } from '../../../test/api-server';
import { listResponse } from '../../../test/dwellings-fixture';
import { renderApp } from '../../../test/render-app';
import { serverRender } from '../../../test/server-render';
import { searchAreaFromCorners, writeSearchArea } from '@husly/domain';

/** A box in central Aarhus as the URL's `area`. */
const AREA = writeSearchArea(searchAreaFromCorners([[56.17, 10.18], [56.17, 10.22], [56.14, 10.22], [56.14, 10.18]]));

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const routes = {
  'GET /api/dwellings/search': { body: listResponse(12) },
  'GET /api/dwellings/area/aarhus': { body: listResponse(12) },
  'GET /api/dwellings/areas': { body: AREAS_FIXTURE },
};

async function open(path: string) {
  server = await startApiServer(routes);
  return { ...renderApp(path, { apiBaseUrl: `${server.origin}/api`, areas: AREAS_FIXTURE }), server };
}

/** The list requests the pages' loaders made (the map's own has pageSize). */
const listRequests = (requests: ReadonlyArray<{ url: string }>) => requests.filter((r) => /\/api\/dwellings\/(search|area\/)/.test(r.url) && !r.url.includes('pageSize'));

describe('the list/map switch (issue 34)', () => {
  it('on /search: two links, the list current; the map is a URL of its own, the back button returns to the list', async () => {
    const { router, server } = await open('/search?q=aarhus&rent=8000');
    await screen.findByRole('heading', { level: 1, name: 'Lejeboliger i Aarhus' });
    const views = screen.getByRole('group', { name: 'Visning' });
    const list = within(views).getByRole('link', { name: 'Liste' });
    const map = within(views).getByRole('link', { name: 'Kort' });
    expect(list.getAttribute('aria-current')).toBe('true');
    expect(map.getAttribute('aria-current')).toBeNull();
    expect(map.getAttribute('href')).toBe('/search?q=aarhus&rent=8000&view=map');
    expect(screen.queryByTestId('search-map-placeholder')).toBeNull();

    await userEvent.click(map);
    await waitFor(() => expect(router.state.location.search).toBe('?q=aarhus&rent=8000&view=map'));
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Visning' })).getByRole('link', { name: 'Kort' }).getAttribute('aria-current')).toBe('true'));
    // The map's place is there; the list stays below it.
    expect(document.querySelector('[data-testid="search-map-placeholder"], [data-testid="search-map"]')).not.toBeNull();
    expect(screen.getByRole('list', { name: 'Boliger' })).toBeTruthy();
    // The view is the page's, not the search's: the API is asked the same list.
    const asked = listRequests(server.requests).map((r) => r.url);
    expect(new Set(asked)).toEqual(new Set(['/api/dwellings/search?q=aarhus&rent=8000']));

    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?q=aarhus&rent=8000'));
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Visning' })).getByRole('link', { name: 'Liste' }).getAttribute('aria-current')).toBe('true'));
  });

  it('keeps the map when a filter changes on a city page', async () => {
    const { router, server } = await open('/aarhus?view=map');
    await screen.findByRole('group', { name: 'Visning' });
    expect(within(screen.getByRole('group', { name: 'Visning' })).getByRole('link', { name: 'Kort' }).getAttribute('aria-current')).toBe('true');
    await userEvent.click(screen.getByLabelText('Husdyr tilladt'));
    await waitFor(() => expect(router.state.location.search).toBe('?view=map&pets=1'));
    await waitFor(() => expect(listRequests(server.requests).at(-1)?.url).toBe('/api/dwellings/area/aarhus?pets=1'));
  });

  it('says when the list is narrowed to a drawn area, with a link that removes it', async () => {
    const { router, server } = await open(`/aarhus?area=${encodeURIComponent(AREA)}&rent=8000`);
    const note = await screen.findByTestId('area-note');
    expect(note.textContent).toContain('Listen viser kun boliger i det område, du har tegnet på kortet.');
    const asked = new URL(listRequests(server.requests).at(-1)?.url ?? '', 'http://api');
    expect([asked.pathname, Object.fromEntries(asked.searchParams)]).toEqual(['/api/dwellings/area/aarhus', { rent: '8000', area: AREA }]);
    await userEvent.click(within(note).getByRole('link', { name: 'Fjern området' }));
    await waitFor(() => expect(router.state.location.search).toBe('?rent=8000'));
    await waitFor(() => expect(screen.queryByTestId('area-note')).toBeNull());
    // A bad area in a URL is dropped, as any bad filter: no note for it.
    cleanup();
    await server.close();
    await open('/aarhus?area=not-an-area');
    await screen.findByRole('group', { name: 'Visning' });
    expect(screen.queryByTestId('area-note')).toBeNull();
  });

  it('is in the server HTML as links, the map view with the map box reserved', async () => {
    server = await startApiServer(routes);
    const page = await serverRender('/search?q=aarhus&view=map', server.origin);
    const html = page.type === 'page' ? page.html : '';
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const links = [...doc.querySelectorAll('main [role="group"][aria-label="Visning"] a')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')]);
    expect(links).toEqual([
      ['Liste', '/search?q=aarhus', null],
      ['Kort', '/search?q=aarhus&view=map', 'true'],
    ]);
    expect(doc.querySelector('main [data-testid="search-map-placeholder"]')).not.toBeNull();
    // The filter panel's form keeps the view without JavaScript too.
    expect(doc.querySelector<HTMLInputElement>('main form[role="search"] input[type="hidden"][name="view"]')?.value).toBe('map');
  });
});
