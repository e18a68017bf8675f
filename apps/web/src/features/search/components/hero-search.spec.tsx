import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AreasResponse, City } from '@husly/contracts';
import { AREAS_FIXTURE } from '../../../test/areas-fixture';
import { startApiServer } from '../../../test/api-server';
import { listResponse } from '../../../test/dwellings-fixture';
import { renderApp } from '../../../test/render-app';

// Fourteen active cities starting with "s", so the limit of 10 shows.
const S_CITIES: City[] = Array.from({ length: 14 }, (_, i) => ({
  ...AREAS_FIXTURE.data[0]!,
  slug: `s${String.fromCharCode(97 + i)}by`,
  label: `S${String.fromCharCode(97 + i)}by`,
  popular: false,
  popularRank: null,
}));
const AREAS: AreasResponse = { data: [...AREAS_FIXTURE.data, ...S_CITIES], aliases: { ...AREAS_FIXTURE.aliases, '8000': 'aarhus' } };

describe('home page hero search', () => {
  let server: Awaited<ReturnType<typeof startApiServer>>;
  beforeAll(async () => {
    server = await startApiServer({ 'GET /api/dwellings/latest': { body: listResponse(15, { total: 2760 }) } });
  });
  afterAll(() => server.close());

  const renderHome = () => renderApp('/', { apiBaseUrl: `${server.origin}/api`, areas: AREAS });

  it('suggests up to 10 active cities, as people type them', async () => {
    renderHome();
    const box = await screen.findByRole('combobox', { name: 'Hvor vil du bo?' });
    await userEvent.type(box, 's');
    // The suggestion code is loaded when the box is first used: the first suggestions come when it is.
    // Until then the list is hidden, and a hidden list has no accessible name: wait for it to open.
    const options = await within(await screen.findByRole('listbox', { name: 'Forslag til byer' })).findAllByRole('option');
    expect(options).toHaveLength(10);
    expect(box.getAttribute('aria-expanded')).toBe('true');

    await userEvent.clear(box);
    await userEvent.type(box, 'kobenhavn'); // alias → København; "ø" typed as "oe" matches the slug too
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['København']);
    await userEvent.clear(box);
    await userEvent.type(box, 'odnese'); // one typo
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Odense']);
    await userEvent.clear(box);
    await userEvent.type(box, 'Ølst'); // inactive Ølstykke is not suggested
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('is keyboard accessible: arrows move the active option, Enter picks it and searches, Escape closes', async () => {
    const { router } = renderHome();
    const box = await screen.findByRole('combobox', { name: 'Hvor vil du bo?' });
    await userEvent.type(box, 'od');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryAllByRole('option')).toHaveLength(0);

    await userEvent.clear(box);
    await userEvent.type(box, 'aa');
    await userEvent.keyboard('{ArrowDown}');
    const first = screen.getAllByRole('option')[0]!;
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(first.id);
    await userEvent.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect((box as HTMLInputElement).value).toBe(first.textContent);
    // Picking a suggestion runs the search for that city.
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe(first.textContent);
  });

  it('a click on a suggestion searches it; a postal code shows what it matched', async () => {
    const { router } = renderHome();
    const box = await screen.findByRole('combobox', { name: 'Hvor vil du bo?' });
    await userEvent.type(box, '8000');
    const option = screen.getByRole('option');
    expect(option.textContent).toBe('8000 Aarhus → , Aarhus');
    await userEvent.pointer({ keys: '[MouseLeft>]', target: option });
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=Aarhus');
  });

  it('"Flere filtre" shows three sliders at "Alle"; a moved slider goes into the search', async () => {
    const { router } = renderHome();
    const more = await screen.findByRole('button', { name: /Flere filtre/ });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    const rent = screen.getByRole('slider', { name: /Maks. husleje/ });
    const rooms = screen.getByRole('slider', { name: /Min. antal værelser/ });
    const size = screen.getByRole('slider', { name: /Min. størrelse/ });
    for (const slider of [rent, rooms, size]) expect(slider.getAttribute('aria-valuetext')).toBe('Alle');
    expect((rent as HTMLInputElement).value).toBe('14000');
    expect((rooms as HTMLInputElement).value).toBe('1');

    fireEvent.change(rent, { target: { value: '8000' } });
    fireEvent.change(rooms, { target: { value: '3' } });
    expect(rent.getAttribute('aria-valuetext')).toBe('8.000 kr.');
    expect(rooms.getAttribute('aria-valuetext')).toBe('3 vær.');
    expect(size.getAttribute('aria-valuetext')).toBe('Alle');

    await userEvent.type(screen.getByRole('combobox'), ' Aarhus ');
    await userEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Søg' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=Aarhus&rent=8000&rooms=3');
  });

  it('does not search with fewer than two characters and says so', async () => {
    const { router } = renderHome();
    const box = await screen.findByRole('combobox');
    await userEvent.type(box, 'a');
    await userEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Søg' }));
    expect(router.state.location.pathname).toBe('/');
    expect(box.getAttribute('placeholder')).toBe('Søgeord skal indeholde mere end to tegn');
  });

  it('shows the latest dwellings and the total, or "ca. 3000" when the total is unknown', async () => {
    renderHome();
    expect(await screen.findByText('2.760 ledige lejeboliger lige nu')).toBeTruthy();
    const latest = screen.getByRole('region', { name: 'Nyeste lejeboliger' });
    expect(within(latest).getAllByRole('listitem')).toHaveLength(15);

    const failing = await startApiServer({ 'GET /api/dwellings/latest': { status: 500, body: { statusCode: 500 } } });
    try {
      renderApp('/', { apiBaseUrl: `${failing.origin}/api`, areas: AREAS });
      expect(await screen.findByText('ca. 3.000 ledige lejeboliger lige nu')).toBeTruthy();
    } finally {
      await failing.close();
    }
  });
});
