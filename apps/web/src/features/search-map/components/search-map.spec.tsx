import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { searchAreaFromCorners, writeSearchArea } from '@husly/domain';
import { AREAS_FIXTURE } from '../../../test/areas-fixture';
import { startApiServer } from '../../../test/api-server';
import { listItem, listResponse } from '../../../test/dwellings-fixture';
import { renderApp } from '../../../test/render-app';

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function open(path: string, body: unknown) {
  server = await startApiServer({ 'GET /api/dwellings/area/aarhus': { body }, 'GET /api/dwellings/areas': { body: AREAS_FIXTURE } });
  return { ...renderApp(path, { apiBaseUrl: `${server.origin}/api`, areas: AREAS_FIXTURE }), server };
}

describe('the map of a list page (issue 34)', () => {
  it("asks for the page's list from its first result at the largest page size, and says when it shows only part of it", async () => {
    const { server } = await open('/aarhus?view=map&rent=8000&start=150', listResponse(20, { total: 1200, pageSize: 500 }));
    expect(await screen.findByText('Kortet viser de første 20 af 1200 boliger. Tegn et område for at se dem, der ligger der.')).toBeTruthy();
    const mapRequest = server.requests.map((r) => new URL(r.url, 'http://api')).find((url) => url.searchParams.has('pageSize'));
    expect(Object.fromEntries(mapRequest!.searchParams)).toEqual({ rent: '8000', pageSize: '500' });
  });

  it('counts only what it can place: not the rented, not those without a position', async () => {
    const body = listResponse(4);
    body.data[1] = listItem(2, { lat: null, lng: null });
    body.data[2] = listItem(3, { deletedAt: '2026-11-21T10:00:00.000Z' });
    await open('/aarhus?view=map', body);
    expect(await screen.findByText('2 boliger på kortet.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Kort over boligerne i søgningen' })).toBeTruthy();
  });
});

describe('"Opret BoligAgent for området" beside a map with a drawn area (issue 34, docs/decisions/0064)', () => {
  const AREA = writeSearchArea(
    searchAreaFromCorners([
      [56.14, 10.18],
      [56.14, 10.24],
      [56.18, 10.24],
    ]),
  );

  it('a city page in map view offers it when an area is drawn, and sends the area (not the city) with the sliders', async () => {
    server = await startApiServer({
      'GET /api/dwellings/area/aarhus': { body: listResponse(3) },
      'GET /api/dwellings/areas': { body: AREAS_FIXTURE },
      'POST /api/boligagents': { status: 201, body: { verificationSent: true } },
    });
    renderApp(`/aarhus?view=map&rent=7000&area=${encodeURIComponent(AREA)}`, { apiBaseUrl: `${server.origin}/api`, areas: AREAS_FIXTURE });
    await userEvent.click(await screen.findByRole('button', { name: 'Opret BoligAgent for området' }));
    const dialog = await screen.findByRole('dialog', { name: 'Få nye boliger i området på mail' });
    await userEvent.type(within(dialog).getByLabelText('Din email'), 'ny@husly.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Opret BoligAgent' }));
    expect(await screen.findByText(/Tjek din indbakke!/)).toBeTruthy();
    const posts = server.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0].body)).toEqual({ email: 'ny@husly.test', prefs: [], mapAreas: [{ area: AREA, rent: 7000, rooms: null, size: null }] });
  });

  it('a city page offers it neither without an area nor in the list view', async () => {
    await open('/aarhus?view=map', listResponse(3));
    expect(await screen.findByText('3 boliger på kortet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Opret BoligAgent for området' })).toBeNull();
    cleanup();
    await server?.close();
    await open(`/aarhus?area=${encodeURIComponent(AREA)}`, listResponse(3));
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Opret BoligAgent for området' })).toBeNull();
  });

  it('/search with an area and no q (the panel\'s "Vis på kort") searches the area in all of Denmark, on the map, with the button', async () => {
    server = await startApiServer({ 'GET /api/dwellings/search': { body: listResponse(3) }, 'GET /api/dwellings/areas': { body: AREAS_FIXTURE } });
    renderApp(`/search?area=${encodeURIComponent(AREA)}&view=map`, { apiBaseUrl: `${server.origin}/api`, areas: AREAS_FIXTURE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lejeboliger i det tegnede område' })).toBeTruthy();
    expect(await screen.findByText('3 boliger på kortet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Opret BoligAgent for området' })).toBeTruthy();
    const searches = server.requests.filter((r) => r.url.startsWith('/api/dwellings/search')).map((r) => new URL(r.url, 'http://api').searchParams);
    expect(searches.length).toBeGreaterThan(0);
    for (const query of searches) {
      expect(query.has('q')).toBe(false);
      expect(query.get('area')).toBe(AREA);
    }
  });
});
