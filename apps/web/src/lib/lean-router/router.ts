import { matchRoutes, toDataRoutes, type DataRoute, type LeanRoute, type RouteMatch } from './matching';

/**
 * The browser's router: React Router's data-router behaviour for the parts of it the portal uses
 * (docs/decisions/0033): loaders run before a navigation commits and the URL changes with it,
 * lazy routes load beside their loaders, a loader's redirect or thrown 404 is followed or shown
 * by the nearest errorElement, a newer navigation cancels an older one, the back button restores
 * the scroll position, and the server's loader data hydrates the first page.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export type To = string | Partial<Pick<Location, 'pathname' | 'search' | 'hash'>>;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
}

export interface RouterState {
  location: Location;
  matches: RouteMatch[];
  loaderData: Record<string, unknown>;
  errors: Record<string, unknown> | null;
  initialized: boolean;
  /** A number: the back button's saved position; false: leave the scroll alone (the first page); null: to the top or the hash. */
  restoreScrollPosition: number | false | null;
  preventScrollReset: boolean;
  revalidation: 'idle' | 'loading';
}

export interface Router {
  readonly routes: DataRoute[];
  readonly state: RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
  revalidate(): Promise<void>;
  createHref(to: To): string;
  /** Where the back button brings a location key: the saved scroll positions (ScrollRestoration). */
  enableScrollRestoration(positions: Record<string, number>, getY: () => number): () => void;
  dispose(): void;
}

/** What `data(value, init)` returns: a loader's value with the response's status. */
export class DataWithResponseInit<T = unknown> {
  type = 'DataWithResponseInit' as const;
  constructor(
    public data: T,
    public init: ResponseInit | null,
  ) {}
}

/** A thrown `data(…, { status })` or a non-redirect Response, as useRouteError gives it. */
export class ErrorResponseImpl {
  readonly internal: boolean;
  constructor(
    public status: number,
    public statusText: string | undefined,
    public data: unknown,
    internal = false,
  ) {
    this.statusText = statusText ?? '';
    this.internal = internal;
  }
}

export function isRouteErrorResponse(error: unknown): error is ErrorResponseImpl {
  const e = error as Partial<ErrorResponseImpl> | null;
  return e != null && typeof e.status === 'number' && typeof e.statusText === 'string' && typeof e.internal === 'boolean' && 'data' in e;
}

export function data<T>(value: T, init?: number | ResponseInit): DataWithResponseInit<T> {
  return new DataWithResponseInit(value, typeof init === 'number' ? { status: init } : (init ?? null));
}

export function redirect(url: string, init: number | ResponseInit = 302): Response {
  const responseInit = typeof init === 'number' ? { status: init } : { status: 302, ...init };
  const headers = new Headers(responseInit.headers);
  headers.set('Location', url);
  return new Response(null, { ...responseInit, headers });
}

const REDIRECT_STATUS = new Set([301, 302, 303, 307, 308]);

export function parsePath(path: string): { pathname?: string; search?: string; hash?: string } {
  const parsed: { pathname?: string; search?: string; hash?: string } = {};
  let rest = path;
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    parsed.hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    parsed.search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  if (rest) parsed.pathname = rest;
  return parsed;
}

const normalizeSearch = (search = '') => (!search || search === '?' ? '' : search.startsWith('?') ? search : `?${search}`);
const normalizeHash = (hash = '') => (!hash || hash === '#' ? '' : hash.startsWith('#') ? hash : `#${hash}`);

/** `to` against the current path, as a URL resolves it: absolute paths stay, "?…" keeps the path. */
export function resolveTo(to: To, from: string): { pathname: string; search: string; hash: string } {
  const parts = typeof to === 'string' ? parsePath(to) : to;
  let pathname = parts.pathname ?? from;
  if (!pathname.startsWith('/')) pathname = new URL(pathname, `http://x${from.endsWith('/') ? from : `${from}/`}`).pathname;
  return { pathname, search: normalizeSearch(parts.search), hash: normalizeHash(parts.hash) };
}

export const createPath = ({ pathname = '/', search = '', hash = '' }: Partial<Location>) => `${pathname}${search}${hash}`;

const newKey = () => Math.random().toString(36).slice(2, 10);

interface HistoryEntry {
  usr: unknown;
  key: string;
}

function readLocation(win: Window): Location {
  const entry = (win.history.state ?? null) as Partial<HistoryEntry> | null;
  const { pathname, search, hash } = win.location;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

interface HydrationData {
  loaderData?: Record<string, unknown>;
  errors?: Record<string, unknown> | null;
}

/** The server's errors as they were serialized (entry-server's hydration data). */
function deserializeErrors(errors: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(errors)) {
    const v = value as { __type?: string; status?: number; statusText?: string; data?: unknown; internal?: boolean; message?: string } | null;
    if (v?.__type === 'RouteErrorResponse') out[id] = new ErrorResponseImpl(v.status ?? 500, v.statusText, v.data, v.internal === true);
    else if (v?.__type === 'Error') out[id] = new Error(v.message);
    else out[id] = value;
  }
  return out;
}

async function loadLazy(route: DataRoute): Promise<void> {
  const { lazy } = route;
  if (!lazy) return;
  let resolved: Partial<LeanRoute>;
  if (typeof lazy === 'function') resolved = await lazy();
  else {
    const entries = await Promise.all(Object.entries(lazy).map(async ([key, load]) => [key, await load()] as const));
    resolved = Object.fromEntries(entries) as Partial<LeanRoute>;
  }
  Object.assign(route, resolved, { lazy: undefined });
}

/** The nearest route at or above `routeId` in `matches` that has an errorElement (the root otherwise). */
function boundaryOf(matches: RouteMatch[], routeId: string): RouteMatch {
  const upTo = matches.slice(0, matches.findIndex((m) => m.route.id === routeId) + 1);
  return [...upTo].reverse().find((m) => m.route.errorElement != null) ?? matches[0];
}

type LoaderResult = { type: 'data'; value: unknown } | { type: 'error'; error: unknown } | { type: 'redirect'; location: string };

async function runLoader(match: RouteMatch, request: Request): Promise<LoaderResult> {
  try {
    const lazy = loadLazy(match.route);
    const value = match.route.loader ? await match.route.loader({ request, params: match.params }) : undefined;
    await lazy;
    if (value instanceof Response) return responseResult(value, false);
    if (value instanceof DataWithResponseInit) return { type: 'data', value: value.data };
    return { type: 'data', value: value ?? null };
  } catch (thrown) {
    if (thrown instanceof Response) return responseResult(thrown, true);
    if (thrown instanceof DataWithResponseInit) {
      return { type: 'error', error: new ErrorResponseImpl(thrown.init?.status ?? 500, thrown.init?.statusText, thrown.data) };
    }
    return { type: 'error', error: thrown };
  }
}

function responseResult(response: Response, thrown: boolean): LoaderResult {
  const location = response.headers.get('Location');
  if (REDIRECT_STATUS.has(response.status) && location) return { type: 'redirect', location };
  const error = new ErrorResponseImpl(response.status, response.statusText, null);
  return thrown || response.status >= 400 ? { type: 'error', error } : { type: 'data', value: null };
}

export interface BrowserRouterOptions {
  window?: Window;
  hydrationData?: HydrationData;
}

export function createBrowserRouter(routes: LeanRoute[], options: BrowserRouterOptions = {}): Router {
  const win = options.window ?? window;
  const dataRoutes = toDataRoutes(routes);
  const hydration = options.hydrationData ?? (win as { __staticRouterHydrationData?: HydrationData }).__staticRouterHydrationData;
  const listeners = new Set<(state: RouterState) => void>();
  let savedPositions: Record<string, number> | null = null;
  let getScrollY: (() => number) | null = null;

  const location = readLocation(win);
  const matches = matchRoutes(dataRoutes, location) ?? [];
  const loaderData = { ...(hydration?.loaderData ?? {}) };
  const errors = deserializeErrors(hydration?.errors);
  const needsLoad = matches.some(
    (m) => m.route.lazy !== undefined || (m.route.loader !== undefined && !(m.route.id in loaderData) && errors?.[m.route.id] === undefined),
  );
  let state: RouterState = {
    location,
    matches,
    loaderData,
    errors,
    initialized: !needsLoad,
    restoreScrollPosition: hydration ? false : null,
    preventScrollReset: false,
    revalidation: 'idle',
  };
  let pending: AbortController | null = null;

  const update = (next: Partial<RouterState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener(state);
  };

  /** Runs the loaders `shouldLoad` picks for `target`, then commits it (or follows a redirect). */
  async function load(
    target: Location,
    nextMatches: RouteMatch[],
    shouldLoad: (match: RouteMatch) => boolean,
    commit: (next: Partial<RouterState>) => void,
    redirectDepth: number,
    replace = false,
  ): Promise<void> {
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    const url = new URL(createPath(target), win.location.origin);
    const request = new Request(url, { signal: controller.signal });
    const loading = nextMatches.filter((m) => shouldLoad(m) || m.route.lazy !== undefined);
    const results = await Promise.all(loading.map((m) => runLoader(m, request)));
    if (controller.signal.aborted) return;
    pending = null;

    const redirect = results.find((r): r is Extract<LoaderResult, { type: 'redirect' }> => r.type === 'redirect');
    if (redirect) {
      const to = new URL(redirect.location, url);
      if (to.origin !== win.location.origin || redirectDepth > 10) {
        win.location.assign(to.href);
        return;
      }
      // The URL the visitor asked for never entered the history: the redirect's target takes its place.
      return navigateTo(`${to.pathname}${to.search}${to.hash}`, { replace }, redirectDepth + 1);
    }

    // Kept: what the routes that did not load had; dropped: routes no longer matched.
    const keptIds = new Set(nextMatches.map((m) => m.route.id));
    const nextLoaderData: Record<string, unknown> = {};
    for (const [id, value] of Object.entries(state.loaderData)) if (keptIds.has(id)) nextLoaderData[id] = value;
    let nextErrors: Record<string, unknown> | null = null;
    loading.forEach((match, i) => {
      const result = results[i];
      if (result.type === 'data') {
        if (match.route.loader) nextLoaderData[match.route.id] = result.value;
      } else if (result.type === 'error') {
        const boundary = boundaryOf(nextMatches, match.route.id);
        nextErrors ??= {};
        if (!(boundary.route.id in nextErrors)) nextErrors[boundary.route.id] = result.error;
        delete nextLoaderData[match.route.id];
      }
    });
    commit({ matches: nextMatches, loaderData: nextLoaderData, errors: nextErrors, initialized: true });
  }

  function saveScroll(): void {
    if (savedPositions && getScrollY) savedPositions[state.location.key] = getScrollY();
  }

  async function navigateTo(to: To, options: NavigateOptions = {}, redirectDepth = 0): Promise<void> {
    const resolved = resolveTo(to, state.location.pathname);
    const target: Location = { ...resolved, state: options.state ?? null, key: newKey() };
    const nextMatches = matchRoutes(dataRoutes, target) ?? [];
    const replace = options.replace === true;
    const sameDocument = target.pathname === state.location.pathname && target.search === state.location.search;
    // Only the #fragment changes: no loader runs (React Router's hash-change rule).
    if (sameDocument && target.hash !== '' && target.hash !== state.location.hash) {
      pending?.abort();
      saveScroll();
      commitHistory(target, replace);
      update({ location: target, restoreScrollPosition: null, preventScrollReset: options.preventScrollReset === true });
      return;
    }
    await load(
      target,
      nextMatches,
      // The same URL again reloads every loader, as React Router does.
      loadsFor(target, sameDocument),
      (next) => {
        saveScroll();
        commitHistory(target, replace);
        update({ ...next, location: target, restoreScrollPosition: null, preventScrollReset: options.preventScrollReset === true, revalidation: 'idle' });
      },
      redirectDepth,
      replace,
    );
  }

  /** Which matched routes' loaders run to show `target`: a new route, other params, another query, or every one with `all`. */
  function loadsFor(target: Location, all: boolean): (match: RouteMatch) => boolean {
    const previous = new Map(state.matches.map((m) => [m.route.id, m]));
    const searchChanged = target.search !== state.location.search;
    return (m) => m.route.loader !== undefined && (all || searchChanged || previous.get(m.route.id)?.pathname !== m.pathname || !(m.route.id in state.loaderData));
  }

  function commitHistory(target: Location, replace: boolean): void {
    const entry: HistoryEntry = { usr: target.state, key: target.key };
    if (replace) win.history.replaceState(entry, '', createPath(target));
    else win.history.pushState(entry, '', createPath(target));
  }

  /** The back or forward button: the URL has already changed; load what it shows, then restore its scroll position. */
  function onPopState(): void {
    const target = readLocation(win);
    const nextMatches = matchRoutes(dataRoutes, target) ?? [];
    saveScroll();
    void load(
      target,
      nextMatches,
      loadsFor(target, false),
      (next) => update({ ...next, location: target, restoreScrollPosition: savedPositions?.[target.key] ?? null, preventScrollReset: false, revalidation: 'idle' }),
      0,
      true,
    );
  }
  win.addEventListener('popstate', onPopState);

  const router: Router = {
    routes: dataRoutes,
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate(to, options) {
      if (typeof to === 'number') {
        win.history.go(to);
        return Promise.resolve();
      }
      return navigateTo(to, options);
    },
    revalidate() {
      update({ revalidation: 'loading' });
      return load(state.location, state.matches, loadsFor(state.location, true), (next) => update({ ...next, revalidation: 'idle' }), 0, true);
    },
    createHref(to) {
      return createPath(resolveTo(to, state.location.pathname));
    },
    enableScrollRestoration(positions, getY) {
      savedPositions = positions;
      getScrollY = getY;
      return () => {
        savedPositions = null;
        getScrollY = null;
      };
    },
    dispose() {
      win.removeEventListener('popstate', onPopState);
      pending?.abort();
      listeners.clear();
    },
  };

  // A page that could not hydrate from the server's data (a chunk that failed to load, or no
  // server render): load what is missing, as React Router's initialize() does.
  if (needsLoad) {
    void load(
      state.location,
      state.matches,
      (m) => m.route.loader !== undefined && !(m.route.id in state.loaderData) && state.errors?.[m.route.id] === undefined,
      (next) => update({ ...next, errors: next.errors ?? state.errors, restoreScrollPosition: null }),
      0,
      true,
    );
  }
  return router;
}
