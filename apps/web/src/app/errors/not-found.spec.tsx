import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { startApiServer } from '../../test/api-server';
import { listResponse } from '../../test/dwellings-fixture';
import { renderApp } from '../../test/render-app';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer({
    'GET /api/dwellings/area/odense': { body: listResponse(1) },
    'GET /api/dwellings/area/koebenhavn': { body: listResponse(1) },
  });
});
afterAll(() => server.close());

async function expectNotFoundPage() {
  expect(await screen.findByRole('heading', { name: 'Ups! Siden findes ikke' })).toBeTruthy();
  expect(screen.getByText('adressen er skrevet forkert')).toBeTruthy();
  expect(screen.getByText('boligen er udlejet')).toBeTruthy();
  expect(screen.getByText('siden er flyttet')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Gå til forsiden' }).getAttribute('href')).toBe('/');
  expect(screen.getByRole('link', { name: 'Søg efter lejeboliger' }).getAttribute('href')).toBe('/search');
  // Inside the layout: header and footer stay.
  expect(screen.getByRole('banner')).toBeTruthy();
  expect(await screen.findByRole('contentinfo')).toBeTruthy();
}

describe('404 page', () => {
  it('is what an unknown path shows', async () => {
    renderApp('/det/findes/ikke', { areas: AREAS_FIXTURE });
    await expectNotFoundPage();
    await waitFor(() => expect(document.title).toBe('Siden findes ikke | Husly'));
  });

  it('is what a slug outside the city list shows', async () => {
    renderApp('/atlantis', { areas: AREAS_FIXTURE });
    await expectNotFoundPage();
  });

  it('is not shown for a city in the list', async () => {
    renderApp('/odense', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api` });
    expect(await screen.findByRole('heading', { name: 'Lejeboliger i Odense' })).toBeTruthy();
    // The title is set in an effect that may run after the heading is on screen: wait for it.
    await waitFor(() => expect(document.title).toBe('Lejeboliger Odense - viser nu ledige lejligheder nær Odense'));
  });

  it('a city alias or a capitalised slug redirects to the slug', async () => {
    const { router } = renderApp('/kobenhavn?x=1', { areas: AREAS_FIXTURE, apiBaseUrl: `${server.origin}/api` });
    expect(await screen.findByRole('heading', { name: 'Lejeboliger i København' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/koebenhavn');
    expect(router.state.location.search).toBe('?x=1');
  });
});

describe('/byer', () => {
  it('lists the active cities in four columns linking to /{slug}', async () => {
    renderApp('/byer', { areas: AREAS_FIXTURE });
    expect(await screen.findByRole('heading', { name: 'Hvor vil du gerne bo?' })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(main.querySelectorAll('ul')).toHaveLength(4);
    expect(main.querySelector('a[href="/aarhus"]')?.textContent).toBe('Aarhus');
    expect(main.querySelector('a[href="/oelstykke"]')).toBeNull();
  });
});
