import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { searchAreaFromCorners, writeSearchArea } from '@husly/domain';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { startApiServer } from '../../test/api-server';
import { renderApp } from '../../test/render-app';
import { BoligagentAreaSignup } from './components/boligagent-area-signup';

// The map view's "Opret BoligAgent for området" (issue 34, docs/decisions/0064-area-search.md).
const AREA = writeSearchArea(
  searchAreaFromCorners([
    [56.14, 10.18],
    [56.14, 10.24],
    [56.18, 10.24],
  ]),
);

describe('BoligagentAreaSignup', () => {
  it('opens the signup with the drawn area and the sliders filled in, and sends them as the agent\'s area', async () => {
    const server = await startApiServer({ 'GET /api/dwellings/areas': { body: AREAS_FIXTURE }, 'POST /api/boligagents': { status: 201, body: { verificationSent: true } } });
    try {
      const routes = () => [{ path: '/', element: <BoligagentAreaSignup area={AREA} rent={7000} rooms={2} /> }];
      renderApp('/', { apiBaseUrl: `${server.origin}/api`, routes });
      await userEvent.click(await screen.findByRole('button', { name: 'Opret BoligAgent for området' }));
      const dialog = await screen.findByRole('dialog', { name: 'Få nye boliger i området på mail' });
      await userEvent.type(within(dialog).getByLabelText('Din email'), 'ny@husly.test');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Opret BoligAgent' }));
      expect(await screen.findByText(/Tjek din indbakke!/)).toBeTruthy();
      const posts = server.requests.filter((r) => r.method === 'POST');
      expect(posts).toHaveLength(1);
      expect(JSON.parse(posts[0].body)).toEqual({ email: 'ny@husly.test', prefs: [], mapAreas: [{ area: AREA, rent: 7000, rooms: 2, size: null }] });
    } finally {
      await server.close();
    }
  });

  it("says the API's cap of drawn areas in the page's language", async () => {
    const server = await startApiServer({
      'GET /api/dwellings/areas': { body: AREAS_FIXTURE },
      'POST /api/boligagents': { status: 400, body: { statusCode: 400, code: 'too-many-areas', field: 'mapAreas', message: 'A BoligAgent watches at most 3 drawn areas.' } },
    });
    try {
      const routes = () => [{ path: '/', element: <BoligagentAreaSignup area={AREA} /> }];
      renderApp('/', { apiBaseUrl: `${server.origin}/api`, routes });
      await userEvent.click(await screen.findByRole('button', { name: 'Opret BoligAgent for området' }));
      const dialog = await screen.findByRole('dialog', { name: 'Få nye boliger i området på mail' });
      await userEvent.type(within(dialog).getByLabelText('Din email'), 'fuld@husly.test');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Opret BoligAgent' }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe(
        'Din BoligAgent kan højst holde øje med 3 tegnede områder. Slet et område på din BoligAgent, før du tilføjer et nyt.',
      );
    } finally {
      await server.close();
    }
  });
});
