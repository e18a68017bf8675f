import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
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
