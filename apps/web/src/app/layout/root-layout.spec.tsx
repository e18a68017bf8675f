import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AREAS_FIXTURE } from '../../test/areas-fixture';
import { startApiServer } from '../../test/api-server';
import { listResponse } from '../../test/dwellings-fixture';
import { renderApp } from '../../test/render-app';
import { createRoutes } from '../routes';

describe('root layout', () => {
  it('keeps header and footer when a page fails, and a retry renders the page again', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failing = true;
    function Fragile() {
      if (failing) throw new Error('boom');
      return <h1>Virker nu</h1>;
    }
    renderApp('/fragile', {
      areas: AREAS_FIXTURE,
      routes: ({ areas, api }) => {
        const routes = createRoutes({ areas, api });
        routes[0]!.children![0]!.children!.unshift({ path: 'fragile', element: <Fragile /> });
        return routes;
      },
    });

    expect(await screen.findByRole('heading', { name: 'Øv! Noget gik galt.' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    // Rendered by the browser (no server HTML here), the footer's chunk loads after the page.
    expect(await screen.findByRole('contentinfo')).toBeTruthy();

    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByRole('heading', { name: 'Virker nu' })).toBeTruthy();
    spy.mockRestore();
  });

  it('shows the search bar, Opret profil, the guest menu and the language menu', async () => {
    renderApp('/', { areas: AREAS_FIXTURE, host: 'localhost:3000' });
    const header = await screen.findByRole('banner');
    expect(header.querySelector('form[role="search"]')).not.toBeNull();
    expect(screen.getAllByRole('link', { name: 'Opret profil' })[0]!.getAttribute('href')).toBe('/signup');
    // The guest menu holds the login form itself (section 2); rendered by the browser, it loads after the header.
    expect((await screen.findByRole('form', { name: 'Log ind' })).querySelector('input[type="password"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Glemt adgangskode?' }).getAttribute('href')).toBe('/reset-password');
    expect(screen.getByRole('link', { name: /English/ }).getAttribute('href')).toBe('//en.localhost:3000/');
  });

  it('hides the header search on /login and links the language switch to the same path', async () => {
    renderApp('/login?next=%2Fprofile', { areas: AREAS_FIXTURE, host: 'en.localhost:3000' });
    const header = await screen.findByRole('banner');
    expect(header.querySelector('form[role="search"]')).toBeNull();
    expect(screen.getByRole('link', { name: /Dansk/ }).getAttribute('href')).toBe('//localhost:3000/login?next=%2Fprofile');
  });
});

const REFERENCE = '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b';

/**
 * Window error events a test expects (React reports a loader's error it recovered from as one):
 * prevented, so the test runner does not take them for uncaught; any other is kept to fail the test.
 */
function expectWindowErrors(expected: (error: unknown) => boolean) {
  const unexpected: unknown[] = [];
  const onError = (event: ErrorEvent) => {
    if (expected(event.error)) event.preventDefault();
    else unexpected.push(event.error);
  };
  window.addEventListener('error', onError);
  return { unexpected, stop: () => window.removeEventListener('error', onError) };
}
const isHttp500 = (error: unknown) => {
  const e = error as { statusCode?: number; cause?: { statusCode?: number } } | undefined;
  return (e?.cause ?? e)?.statusCode === 500;
};

describe('a failing loader', () => {
  it('shows the fallback in the layout; "Prøv igen" runs the loader again', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const errors = expectWindowErrors(isHttp500);
    const server = await startApiServer({
      'GET /api/dwellings/areas': [{ status: 500, body: { statusCode: 500 }, headers: { 'X-Request-Id': REFERENCE } }, { body: AREAS_FIXTURE }],
      'GET /api/dwellings/area/aarhus': { body: listResponse(3) },
    });
    try {
      renderApp('/aarhus', { apiBaseUrl: `${server.origin}/api` });
      expect(await screen.findByRole('heading', { name: 'Øv! Noget gik galt.' })).toBeTruthy();
      expect(screen.getByRole('banner')).toBeTruthy();
      // The failed call's request id, which the API's log lines carry, for support.
      expect(screen.getByRole('alert').textContent).toContain(`Oplys denne reference, hvis du skriver til kundeservice: ${REFERENCE}`);

      await userEvent.click(screen.getByRole('button', { name: 'Prøv igen' }));
      expect(await screen.findByRole('heading', { name: 'Lejeboliger i Aarhus' })).toBeTruthy();
      // The footer got the areas from the same, now successful, fetch.
      expect(await within(screen.getByRole('contentinfo')).findByRole('link', { name: 'Odense' })).toBeTruthy();
      expect(errors.unexpected).toEqual([]);
    } finally {
      errors.stop();
      await server.close();
      spy.mockRestore();
    }
  });
});
