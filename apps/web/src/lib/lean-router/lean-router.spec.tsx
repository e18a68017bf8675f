import { describe, expect, it, vi } from 'vitest';
import { act, useId } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { render, screen, waitFor } from '@testing-library/react';
import * as reactRouter from 'react-router';
import { createAreasStore } from '../../features/cities/areas-store';
import { createRoutes } from '../../app/routes';
import { createApiClient } from '../api-client';
import * as lean from './index';
import type { LeanRoute } from './matching';

// The browser build takes this router for React Router (docs/decisions/0033): it must pick the
// routes React Router picks, render the markup React Router renders, and navigate as it does.

describe('matchRoutes', () => {
  const table = createRoutes({ areas: createAreasStore(() => Promise.reject(new Error('not needed to match'))), api: createApiClient() });
  const shape = (matches: Array<{ route: { path?: string; index?: boolean }; params: object; pathname: string; pathnameBase: string }> | null) =>
    matches?.map((m) => ({ path: m.route.path, index: m.route.index, params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase })) ?? null;

  it.each([
    '/',
    '/koebenhavn',
    '/København',
    '/koebenhavn/',
    '/search?q=aarhus',
    '/vis/123',
    '/vis/123/',
    '/vis/a%2Fb',
    '/byer',
    '/login',
    '/profile',
    '/profile/verify',
    '/profile/subscription/cancel/sub_1',
    '/profile/invoice/in_1',
    '/boligagent/verify',
    '/boligagent/afmeld/tok',
    '/boligagent/tok',
    '/info/terms',
    '/info/nothing',
    '/udlejer/aarhus',
    '/afmelding/bekraeft',
    '/a/b/c',
    '/%E0%A4%A',
  ])('picks the routes and params React Router picks for %s', (url) => {
    expect(shape(lean.matchRoutes(table as LeanRoute[], url))).toEqual(shape(reactRouter.matchRoutes(table as reactRouter.RouteObject[], url)));
  });
});

/** A small table with what the portal's pages use: a layout, an index, params, a 404 and useId. */
function table(log: string[] = []): LeanRoute[] {
  const Field = ({ label }: { label: string }) => {
    const id = useId();
    return (
      <label htmlFor={id}>
        {label}
        <input id={id} />
      </label>
    );
  };
  const Layout = ({ router }: { router: typeof lean | typeof reactRouter }) => (
    <div>
      <nav>
        <router.Link to="/">Home</router.Link>
        <router.NavLink to="/city/aarhus" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Aarhus
        </router.NavLink>
        <router.NavLink to="/city" end>
          Cities
        </router.NavLink>
        <router.Link to="https://example.com/x">Elsewhere</router.Link>
        <router.Link to="/city/odense?sort=rent#list">Odense</router.Link>
      </nav>
      <Field label="Søg" />
      <main>
        <router.Outlet />
      </main>
    </div>
  );
  const City = ({ router }: { router: typeof lean | typeof reactRouter }) => {
    const data = router.useLoaderData() as { name: string; q: string | null };
    const { city } = router.useParams();
    return (
      <h1>
        {data.name} ({city}) {data.q}
        <Field label="Filter" />
      </h1>
    );
  };
  const NotFound = ({ router }: { router: typeof lean | typeof reactRouter }) => {
    const error = router.useRouteError();
    return <h1>{router.isRouteErrorResponse(error) ? `Status ${error.status}` : 'Error'}</h1>;
  };
  const build = (router: typeof lean | typeof reactRouter): LeanRoute[] => [
    {
      id: 'root',
      element: <Layout router={router} />,
      children: [
        {
          errorElement: <NotFound router={router} />,
          children: [
            { index: true, element: <h1>Home</h1> },
            {
              path: 'city/:city',
              loader: async ({ request, params }) => {
                log.push(`city ${params.city}${new URL(request.url).search}`);
                if (params.city === 'kbh') throw router.redirect('/city/koebenhavn?from=kbh');
                if (params.city === 'nowhere') throw router.data(null, { status: 404 });
                if (params.city === 'slow') await new Promise((resolve) => setTimeout(resolve, 50));
                return { name: String(params.city).toUpperCase(), q: new URL(request.url).searchParams.get('q') };
              },
              element: <City router={router} />,
            },
          ],
        },
      ],
    },
  ];
  return Object.assign(build(lean), { build }) as LeanRoute[] & { build: typeof build };
}

describe('hydrating React Router’s server HTML', () => {
  // React's own act(), outside Testing Library's render.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  it.each(['/', '/city/aarhus?q=2', '/city/nowhere'])('hydrates %s without a mismatch', async (url) => {
    const routes = table() as LeanRoute[] & { build: (r: unknown) => LeanRoute[] };
    const handler = reactRouter.createStaticHandler(routes.build(reactRouter) as reactRouter.RouteObject[]);
    const context = await handler.query(new Request(`http://localhost${url}`));
    if (context instanceof Response) throw new Error('unexpected redirect');
    const html = renderToString(<reactRouter.StaticRouterProvider router={reactRouter.createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);

    window.history.replaceState(null, '', url);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverable: unknown[] = [];
    const errorsJson = JSON.parse(
      JSON.stringify(
        context.errors &&
          Object.fromEntries(Object.entries(context.errors).map(([id, e]) => [id, reactRouter.isRouteErrorResponse(e) ? { ...e, __type: 'RouteErrorResponse' } : e])),
      ),
    );
    const router = lean.createBrowserRouter(routes, { hydrationData: { loaderData: context.loaderData, errors: errorsJson } });
    const root = await act(async () => hydrateRoot(container, <lean.RouterProvider router={router} />, { onRecoverableError: (e) => recoverable.push(e) }));
    try {
      expect(recoverable).toEqual([]);
      expect(errors.mock.calls).toEqual([]);
      const server = document.createElement('div');
      server.innerHTML = html;
      expect(container.innerHTML).toBe(server.innerHTML);
    } finally {
      errors.mockRestore();
      act(() => root.unmount());
      router.dispose();
      container.remove();
    }
  });
});

describe('navigating', () => {
  function start(url: string) {
    window.history.replaceState(null, '', url);
    const log: string[] = [];
    const router = lean.createBrowserRouter(table(log));
    render(<lean.RouterProvider router={router} />);
    return { router, log };
  }

  it('runs the loaders first and changes the URL with the page', async () => {
    const { router, log } = start('/');
    await screen.findByRole('heading', { name: 'Home' });
    const navigation = router.navigate('/city/aarhus?q=1');
    // Not yet: the loader has not answered.
    expect(window.location.pathname).toBe('/');
    await act(() => navigation);
    await screen.findByRole('heading', { name: /AARHUS \(aarhus\) 1/ });
    expect(`${window.location.pathname}${window.location.search}`).toBe('/city/aarhus?q=1');
    expect(log).toEqual(['city aarhus?q=1']);
    expect(screen.getByRole('link', { name: 'Aarhus' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Aarhus' }).className).toBe('on');
    router.dispose();
  });

  it('follows a redirect with one history entry and shows a thrown 404 in the errorElement', async () => {
    const { router } = start('/');
    const length = window.history.length;
    await act(() => router.navigate('/city/kbh'));
    await screen.findByRole('heading', { name: /KOEBENHAVN/ });
    expect(`${window.location.pathname}${window.location.search}`).toBe('/city/koebenhavn?from=kbh');
    expect(window.history.length).toBe(length + 1);
    await act(() => router.navigate('/city/nowhere'));
    await screen.findByRole('heading', { name: 'Status 404' });
    // The layout stays; the error is the page's.
    expect(screen.getByRole('link', { name: 'Home' })).toBeTruthy();
    router.dispose();
  });

  it('lets a newer navigation win over a slower one still loading', async () => {
    const { router } = start('/');
    const slow = router.navigate('/city/slow');
    await act(() => router.navigate('/city/odense'));
    await act(() => slow);
    await screen.findByRole('heading', { name: /ODENSE/ });
    expect(window.location.pathname).toBe('/city/odense');
    router.dispose();
  });

  it('re-runs a loader when only the query changes, and for revalidate, but not for a #fragment', async () => {
    const { router, log } = start('/city/aarhus');
    await screen.findByRole('heading', { name: /AARHUS/ });
    await act(() => router.navigate('/city/aarhus?q=2'));
    await act(() => router.navigate('/city/aarhus?q=2#list'));
    await act(() => router.revalidate());
    expect(log).toEqual(['city aarhus', 'city aarhus?q=2', 'city aarhus?q=2']);
    expect(window.location.hash).toBe('#list');
    router.dispose();
  });

  it('a click on a Link navigates in the page; an absolute link to elsewhere is left to the browser', async () => {
    const { router } = start('/');
    await screen.findByRole('heading', { name: 'Home' });
    const odense = screen.getByRole('link', { name: 'Odense' });
    expect(odense.getAttribute('href')).toBe('/city/odense?sort=rent#list');
    expect(odense.getAttribute('data-discover')).toBe('true');
    await act(async () => odense.click());
    await screen.findByRole('heading', { name: /ODENSE/ });
    const elsewhere = screen.getByRole('link', { name: 'Elsewhere' });
    expect(elsewhere.getAttribute('data-discover')).toBeNull();
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    elsewhere.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    router.dispose();
  });

  it('the back button shows the page before, loading it again', async () => {
    const { router, log } = start('/city/aarhus');
    await screen.findByRole('heading', { name: /AARHUS/ });
    await act(() => router.navigate('/city/odense'));
    await screen.findByRole('heading', { name: /ODENSE/ });
    await act(async () => window.history.back());
    await waitFor(() => expect(window.location.pathname).toBe('/city/aarhus'));
    await screen.findByRole('heading', { name: /AARHUS/ });
    expect(log).toEqual(['city aarhus', 'city odense', 'city aarhus']);
    router.dispose();
  });
});
