import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Route-level code splitting (docs/decisions/0022-route-code-splitting.md). Every page component is
 * in a module of its own that a route loads with `lazy` when it matches, so a page's visitor fetches
 * the code of that page and of the app shell, not of every page.
 *
 * The page modules, keyed by their path from apps/web: the key of Vite's build manifest, which gives
 * the server a page's chunk, the chunks it imports and its CSS (the `<link>` tags of a rendered page).
 * A module must be matched here to be named in {@link lazyPage}; each becomes a chunk of its own.
 */
const modules = import.meta.glob<Record<string, unknown>>([
  '/src/features/{accounts,boligagent,cities,dwellings,home,info,search,unsubscribe}/pages/*.tsx',
  '/src/features/tenant-ad/pages/landlord-ads-page.tsx',
]);

/** What a lazily loaded route carries in its `handle`: its page module, for the server's preload tags. */
export interface PageHandle {
  /** e.g. `src/features/cities/pages/city-page.tsx` */
  page: string;
}

/**
 * The route properties that load `exportName` of `module` (a path from apps/web) as the route's
 * Component when the route matches. Only the component: a route's loader stays in the route table,
 * so a client navigation fetches the page's data and its chunk at the same time, not one after the other.
 */
export function lazyPage(module: string, exportName: string): Pick<RouteObject, 'lazy' | 'handle'> {
  const load = modules[`/${module}`];
  // At start-up (and in every test that builds the route table), not when someone opens the page.
  if (!load) throw new Error(`${module} is not a page module (lib/lazy-pages.ts)`);
  const handle: PageHandle = { page: module };
  return {
    handle,
    lazy: {
      Component: async () => {
        const component = (await load())[exportName];
        if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
          throw new Error(`${module} exports no component ${exportName}`);
        }
        return component as ComponentType;
      },
    },
  };
}

/** The page modules of the routes that `matches` name, outermost first (the server's preload tags). */
export function matchedPages(matches: ReadonlyArray<{ route: { handle?: unknown } }>): string[] {
  return matches.flatMap(({ route }) => {
    const page = (route.handle as Partial<PageHandle> | undefined)?.page;
    return typeof page === 'string' ? [page] : [];
  });
}

/** What `route.lazy` loads, in either of its forms (a function, or one function per property). */
async function resolveLazy(route: RouteObject): Promise<Partial<RouteObject>> {
  const { lazy } = route;
  if (!lazy) return {};
  if (typeof lazy === 'function') return lazy();
  const entries = await Promise.all(Object.entries(lazy).map(async ([key, load]) => [key, await (load as () => Promise<unknown>)()] as const));
  return Object.fromEntries(entries) as Partial<RouteObject>;
}

/**
 * Loads the lazy routes that `location` matches into the route table, before the router is created:
 * a router that starts with an unresolved lazy route renders the hydrate fallback instead of the
 * page, which would not match the server's HTML (React Router's recipe for lazy routes with server
 * rendering). The server's HTML preloaded these chunks, so this waits for no network.
 */
export async function loadMatchedRoutes(routes: RouteObject[], location: string): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (!route.lazy) return;
      // A chunk that fails to load (a deploy replaced it) stays lazy: the router tries again and
      // shows its error page, rather than the page never starting.
      const resolved = await resolveLazy(route).catch(() => null);
      if (resolved) Object.assign(route, resolved, { lazy: undefined });
    }),
  );
}

/**
 * Starts fetching the chunks of the page at `href` (a link the visitor points at or focuses), so a
 * click finds them loaded. Failures are left to the navigation, which reports them.
 */
export function prefetchRoutes(routes: RouteObject[], href: string): void {
  for (const { route } of matchRoutes(routes, href) ?? []) {
    if (route.lazy) resolveLazy(route).catch(() => undefined);
  }
}

/**
 * Whether `error` is a page chunk (or its CSS) that did not load: the messages of Chromium,
 * Firefox and Safari for a failed `import()`, and Vite's for a stylesheet it preloads with it.
 */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message)
  );
}

const RELOADED_KEY = 'husly.chunk-reload';
type ReloadStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * A chunk that fails to load in an open tab is, most often, one a deploy has replaced (its hashed
 * name is gone), and a full load of the page gets the new build's. Once per URL: a chunk that is
 * really missing, or a network that is down, ends at the error page instead of reloading for ever.
 */
export function mayReloadForNewBuild(href: string, storage?: ReloadStorage): boolean {
  try {
    // window.sessionStorage itself throws where storage is blocked.
    return (storage ?? window.sessionStorage).getItem(RELOADED_KEY) !== href;
  } catch {
    return false; // no session storage: no way to know it already tried
  }
}

/** Loads the page anew, remembering that it did (see {@link mayReloadForNewBuild}). */
export function reloadForNewBuild(location: Pick<Location, 'href' | 'reload'>, storage?: ReloadStorage): void {
  try {
    (storage ?? window.sessionStorage).setItem(RELOADED_KEY, location.href);
  } catch {
    return;
  }
  location.reload();
}
