import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { createRoutes } from '../app/routes';
import type { AreasStore } from '../features/cities/areas-store';
import type { ApiClient } from './api-client';
import { isChunkLoadError, lazyPage, loadMatchedRoutes, matchedPages, mayReloadForNewBuild, reloadForNewBuild } from './lazy-pages';

/** The route table with deps no loader is called with here. */
const table = () => createRoutes({ areas: {} as AreasStore, api: {} as ApiClient });

function* allRoutes(routes: RouteObject[], parent = ''): Generator<{ path: string; route: RouteObject }> {
  for (const route of routes) {
    const path = route.index ? parent || '/' : [parent, route.path].filter(Boolean).join('/');
    yield { path, route };
    if (route.children) yield* allRoutes(route.children, path);
  }
}

describe('the lazy pages of the route table', () => {
  it('every lazily loaded route names its page module and loads a component from it', async () => {
    const lazy = [...allRoutes(table())].filter(({ route }) => route.lazy);
    // The pages of section 2 beyond the layout and the 404 page: each one its own chunk.
    expect(lazy.length).toBeGreaterThanOrEqual(30);
    for (const { path, route } of lazy) {
      expect(matchedPages([{ route }]), path).toHaveLength(1);
      const load = (route.lazy as { Component?: () => Promise<unknown> }).Component;
      expect(load, path).toBeTypeOf('function');
      const component = await load!();
      expect(['function', 'object'], path).toContain(typeof component);
    }
  });

  it('the landing pages keep their loaders in the route table, so a navigation fetches data and chunk at once', () => {
    const routes = [...allRoutes(table())];
    for (const path of ['/', 'byer', 'search', 'vis/:id', ':city', 'udlejer/:city']) {
      const found = routes.find((r) => r.path === path)?.route;
      expect(found?.loader, path).toBeTypeOf('function');
      expect(found?.lazy, path).toBeDefined();
    }
  });

  it('a module that is not a page module fails when the table is built, not when someone opens the page', () => {
    expect(() => lazyPage('src/features/cities/pages/no-such-page.tsx', 'NoSuchPage')).toThrow(/is not a page module/);
  });

  it('a page module without the named export fails when the route loads', async () => {
    const { lazy } = lazyPage('src/features/cities/pages/city-page.tsx', 'NoSuchExport');
    await expect((lazy as { Component: () => Promise<unknown> }).Component()).rejects.toThrow(/exports no component NoSuchExport/);
  });

  it('loadMatchedRoutes loads the routes a URL matches into the table (the router then starts without a fallback), and only those', async () => {
    const routes = table();
    await loadMatchedRoutes(routes, '/koebenhavn?start=20');
    const all = [...allRoutes(routes)];
    const city = all.find((r) => r.path === ':city')!.route;
    expect(city.lazy).toBeUndefined();
    expect((city.Component as { name?: string }).name).toBe('CityPage');
    expect(city.loader).toBeTypeOf('function');
    expect(all.find((r) => r.path === 'search')!.route.lazy).toBeDefined();
    expect(all.find((r) => r.path === 'login')!.route.lazy).toBeDefined();
  });

  it('matchedPages names the page modules of the matches, outermost first', () => {
    const routes = [...allRoutes(table())];
    const route = (path: string) => routes.find((r) => r.path === path)!.route;
    expect(matchedPages([{ route: route('') }, { route: route('profile') }, { route: route('profile/password') }])).toEqual([
      'src/features/accounts/pages/profile-layout.tsx',
      'src/features/accounts/pages/profile-pages.tsx',
    ]);
  });
});

describe('a page chunk that does not load', () => {
  it("is told by the browsers' messages for a failed import and Vite's for its CSS, not by other errors", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://husly.dk/assets/city-route-abc.js',
      'error loading dynamically imported module: https://husly.dk/assets/city-route-abc.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/city-route-abc.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    }
    expect(isChunkLoadError(new Error('Request failed with status 500'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads the page once per URL, and not where there is no session storage to remember it', () => {
    const stored = new Map<string, string>();
    const storage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) };
    const reload = vi.fn();
    const location = { href: 'https://husly.dk/login', reload };
    expect(mayReloadForNewBuild(location.href, storage)).toBe(true);
    reloadForNewBuild(location, storage);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(mayReloadForNewBuild(location.href, storage)).toBe(false);
    expect(mayReloadForNewBuild('https://husly.dk/signup', storage)).toBe(true);

    const blocked = { getItem: () => { throw new Error('SecurityError'); }, setItem: () => { throw new Error('SecurityError'); } };
    expect(mayReloadForNewBuild(location.href, blocked)).toBe(false);
    reloadForNewBuild(location, blocked);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
