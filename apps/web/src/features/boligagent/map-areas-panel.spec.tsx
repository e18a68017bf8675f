import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BoligagentMapAreaView, BoligagentView } from '@husly/contracts';
import { readSearchArea, searchAreaFromCorners, writeSearchArea } from '@husly/domain';
import { startApiServer } from '../../test/api-server';
import { clickTwice, submitTwice } from '../../test/press-twice';
import { renderApp } from '../../test/render-app';
import en from '../../../public/locales/en/translation.json';
import { BoligagentTokenPage } from './pages/boligagent-pages';

// The agent panel's drawn areas (issue 34, docs/decisions/0064-area-search.md): listed beside the
// city prefs with their size, a link to the map, their sliders editable and a delete per area.

// A square around Valby (lat 55.64–55.68, lng 12.48–12.54): about 4.45 × 3.77 km.
const SQUARE = writeSearchArea(
  searchAreaFromCorners([
    [55.64, 12.48],
    [55.64, 12.54],
    [55.68, 12.54],
    [55.68, 12.48],
  ]),
);
const TRIANGLE = writeSearchArea(
  searchAreaFromCorners([
    [56.14, 10.18],
    [56.14, 10.24],
    [56.18, 10.24],
  ]),
);
const THIRD = writeSearchArea(
  searchAreaFromCorners([
    [55.4, 10.38],
    [55.4, 10.4],
    [55.41, 10.4],
  ]),
);

const area = (id: number, text: string, values: Partial<BoligagentMapAreaView> = {}): BoligagentMapAreaView => ({
  id,
  area: text,
  rent: null,
  rooms: null,
  size: null,
  status: 'active',
  ...values,
});

const AGENT: BoligagentView = {
  id: 7,
  email: 'a@husly.test',
  token: 'tok',
  verified: true,
  autoAdjust: false,
  frequency: 'daily',
  enabled: true,
  changeAlerts: true,
  language: 'da',
  prefs: [{ id: 1, area: 'aarhus', areaLabel: 'Aarhus', rent: 6000, rooms: null, size: 50, status: 'active' }],
  mapAreas: [area(11, SQUARE, { rent: 7000, rooms: 2 }), area(12, TRIANGLE, { status: 'inactive' })],
};

const routes = () => [{ path: '/boligagent/:token', element: <BoligagentTokenPage /> }];

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function open(agent: BoligagentView, answers: Parameters<typeof startApiServer>[0] = {}, translations?: typeof en) {
  server = await startApiServer({ 'GET /api/boligagents/tok': { body: agent }, ...answers });
  const rendered = renderApp('/boligagent/tok', { apiBaseUrl: `${server.origin}/api`, routes, translations });
  await screen.findByTestId('boligagent-panel');
  return { ...rendered, server };
}

const areaRows = () => screen.getAllByTestId('boligagent-map-area');

describe('the drawn areas on the agent panel', () => {
  it('lists each area as "Tegnet område" with its corners and size, its sliders, and "Vis på kort" to the map of the area', async () => {
    await open(AGENT);
    const list = screen.getByRole('list', { name: 'Tegnede områder' });
    const [square, triangle] = within(list).getAllByRole('listitem');
    expect(within(square).getByText('Tegnet område')).toBeTruthy();
    // 0.04° of latitude × 0.06° of longitude at 55.66°N: 4.45 km × 3.77 km.
    expect(within(square).getByText('4 hjørner · ca. 17 km²')).toBeTruthy();
    expect(within(square).getByText('max 7.000 kr.')).toBeTruthy();
    expect(within(square).getByText('min. 2')).toBeTruthy();
    const link = within(square).getByRole('link', { name: 'Vis på kort' });
    const href = new URL(link.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/search');
    expect(Object.fromEntries(href.searchParams)).toEqual({ area: SQUARE, rent: '7000', rooms: '2', view: 'map' });
    expect(readSearchArea(href.searchParams.get('area')!).error).toBeUndefined();
    // An inactive area (a visitor's, before the mail link) is switched on, as a city pref is.
    expect(within(triangle).getByText(/Tegnet område \(Inaktiv\)/)).toBeTruthy();
    expect(within(triangle).getByText('3 hjørner · ca. 8,3 km²')).toBeTruthy();
    expect(within(triangle).getByRole('button', { name: 'Aktivér' })).toBeTruthy();
    expect(within(triangle).queryByRole('button', { name: 'Ret' })).toBeNull();
    // The city pref is still there.
    expect(screen.getByText('Aarhus')).toBeTruthy();
    expect(screen.getByTestId('boligagent-map-area-cap').textContent).toBe('Du kan holde øje med op til 3 områder, som du tegner på kortet under en søgning.');
  });

  it("edits an area's sliders: Gem sends the area with its new values once, however often pressed", async () => {
    const saved = { ...AGENT, mapAreas: [area(11, SQUARE, { rent: 5000, rooms: null, size: 40 }), AGENT.mapAreas[1]] };
    const { server, requestsAnswered } = await open(AGENT, { 'PUT /api/boligagents': { body: saved } });
    await userEvent.click(within(areaRows()[0]).getByRole('button', { name: 'Ret' }));
    const form = screen.getByRole('button', { name: 'Gem' }).closest('form')!;
    expect(within(form).getByText('Tegnet område')).toBeTruthy();
    const rent = within(form).getByLabelText('Max husleje (kr.)') as HTMLInputElement;
    expect(rent.value).toBe('7000');
    fireEvent.change(rent, { target: { value: '5000' } });
    fireEvent.change(within(form).getByLabelText('Min. værelser'), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('Min. størrelse (m²)'), { target: { value: '40' } });
    submitTwice(form);
    expect(await screen.findByText('max 5.000 kr.')).toBeTruthy();
    expect(screen.getByText('Gemt.')).toBeTruthy();
    await requestsAnswered();
    const puts = server.requests.filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(JSON.parse(puts[0].body)).toEqual({ token: 'tok', id: 7, mapAreas: [{ area: SQUARE, rent: 5000, rooms: null, size: 40 }] });
  });

  it('Aktivér on an inactive area sends it with its own values (the PUT switches it on)', async () => {
    const active = { ...AGENT, mapAreas: AGENT.mapAreas.map((a) => ({ ...a, status: 'active' as const })) };
    const { server } = await open(AGENT, { 'PUT /api/boligagents': { body: active } });
    await userEvent.click(within(areaRows()[1]).getByRole('button', { name: 'Aktivér' }));
    await waitFor(() => expect(within(areaRows()[1]).getByRole('button', { name: 'Ret' })).toBeTruthy());
    const put = server.requests.find((r) => r.method === 'PUT');
    expect(JSON.parse(put!.body)).toEqual({ token: 'tok', id: 7, mapAreas: [{ area: TRIANGLE, rent: null, rooms: null, size: null }] });
  });

  it('Slet deletes that area by its id, one request however often pressed, and the row goes', async () => {
    const after = { ...AGENT, mapAreas: [AGENT.mapAreas[1]] };
    const { server, requestsAnswered } = await open(AGENT, { 'DELETE /api/boligagents/map-area': { body: after } });
    clickTwice(within(areaRows()[0]).getByRole('button', { name: 'Slet' }));
    await waitFor(() => expect(areaRows()).toHaveLength(1));
    await requestsAnswered();
    const deletes = server.requests.filter((r) => r.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(Object.fromEntries(new URL(deletes[0].url, 'http://api').searchParams)).toEqual({ token: 'tok', id: '7', areaId: '11' });
    expect(screen.queryByText('4 hjørner · ca. 17 km²')).toBeNull();
    // The city pref stays.
    expect(screen.getByText('Aarhus')).toBeTruthy();
  });

  it('at the cap of 3 it says so, and the API\'s too-many-areas is said in Danish', async () => {
    const full = { ...AGENT, mapAreas: [area(11, SQUARE), area(12, TRIANGLE), area(13, THIRD)] };
    await open(full, { 'PUT /api/boligagents': { status: 400, body: { statusCode: 400, code: 'too-many-areas', field: 'mapAreas', message: 'x' } } });
    expect(areaRows()).toHaveLength(3);
    expect(screen.getByTestId('boligagent-map-area-cap').textContent).toBe('Du holder øje med 3 tegnede områder – det højeste antal. Slet et område for at tilføje et nyt.');
    await userEvent.click(within(areaRows()[0]).getByRole('button', { name: 'Ret' }));
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Din BoligAgent kan højst holde øje med 3 tegnede områder. Slet et område på din BoligAgent, før du tilføjer et nyt.',
    );
  });

  it('an agent with areas only is not "empty", and its "Find boliger" is the map of its first area', async () => {
    await open({ ...AGENT, prefs: [], mapAreas: [area(11, SQUARE)] });
    expect(screen.queryByText(/holder ikke øje med nogen områder/)).toBeNull();
    expect(screen.getAllByTestId('boligagent-map-area')).toHaveLength(1);
    const find = new URL(screen.getByRole('link', { name: 'Find boliger' }).getAttribute('href')!, 'http://x');
    expect(Object.fromEntries(find.searchParams)).toEqual({ area: SQUARE, view: 'map' });
  });

  it('speaks English on the English site', async () => {
    await open(AGENT, {}, en);
    const list = screen.getByRole('list', { name: 'Drawn areas' });
    const [square] = within(list).getAllByRole('listitem');
    expect(within(square).getByText('Drawn area')).toBeTruthy();
    expect(within(square).getByText('4 corners · about 17 km²')).toBeTruthy();
    expect(within(square).getByRole('link', { name: 'Show on map' })).toBeTruthy();
    expect(within(square).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });
});
