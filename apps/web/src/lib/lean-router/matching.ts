import type { ComponentType, ReactNode } from 'react';

/**
 * React Router's route matching, ported: the same ranking (static segments over dynamic ones over
 * a splat, index routes first, then the table's order) and the same params, so the browser picks
 * the route the server's React Router picked and hydrates its HTML (docs/decisions/0033).
 */

export interface LoaderArgs {
  request: Request;
  params: Params;
  context?: unknown;
}

export type Params = Record<string, string | undefined>;

/** The route objects of our table: what React Router's RouteObject has and we use. */
export interface LeanRoute {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: LeanRoute[];
  element?: ReactNode;
  Component?: ComponentType | null;
  errorElement?: ReactNode;
  hydrateFallbackElement?: ReactNode;
  loader?: (args: LoaderArgs) => unknown;
  lazy?: (() => Promise<Partial<LeanRoute>>) | Record<string, () => Promise<unknown>>;
  handle?: unknown;
}

/** A route with its id (the server's ids: `root`, then `0-0`, `0-0-3`… by position) and its parent's. */
export interface DataRoute extends LeanRoute {
  id: string;
  children?: DataRoute[];
}

export interface RouteMatch {
  params: Params;
  pathname: string;
  pathnameBase: string;
  route: DataRoute;
}

/** React Router's ids: the route's own `id`, otherwise its position in the tree joined by dashes. */
export function toDataRoutes(routes: LeanRoute[], parentPath: number[] = []): DataRoute[] {
  return routes.map((route, index) => {
    const treePath = [...parentPath, index];
    const id = route.id ?? treePath.join('-');
    return { ...route, id, children: route.children ? toDataRoutes(route.children, treePath) : undefined };
  });
}

interface RouteMeta {
  relativePath: string;
  caseSensitive: boolean;
  childrenIndex: number;
  route: DataRoute;
}

interface Branch {
  path: string;
  score: number;
  routesMeta: RouteMeta[];
}

const joinPaths = (paths: string[]) => paths.join('/').replace(/\/\/+/g, '/');
const normalizePathname = (pathname: string) => pathname.replace(/\/+$/, '').replace(/^\/*/, '/');
const PARAM = /^:[\w-]+$/;

function flatten(routes: DataRoute[], branches: Branch[] = [], parents: RouteMeta[] = [], parentPath = ''): Branch[] {
  routes.forEach((route, childrenIndex) => {
    const meta: RouteMeta = { relativePath: route.path ?? '', caseSensitive: route.caseSensitive === true, childrenIndex, route };
    if (meta.relativePath.startsWith('/')) {
      if (!meta.relativePath.startsWith(parentPath)) throw new Error(`Absolute route path "${meta.relativePath}" is not under "${parentPath}"`);
      meta.relativePath = meta.relativePath.slice(parentPath.length);
    }
    const path = joinPaths([parentPath, meta.relativePath]);
    const routesMeta = [...parents, meta];
    if (route.children && route.children.length > 0) flatten(route.children, branches, routesMeta, path);
    // A pathless layout route is matched through its children only.
    if (route.path == null && !route.index) return;
    branches.push({ path, score: score(path, route.index === true), routesMeta });
  });
  return branches;
}

function score(path: string, index: boolean): number {
  const segments = path.split('/');
  let total = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') continue;
    total += PARAM.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return total;
}

function rank(branches: Branch[]): Branch[] {
  return branches.sort((a, b) => {
    if (a.score !== b.score) return b.score - a.score;
    const ai = a.routesMeta.map((m) => m.childrenIndex);
    const bi = b.routesMeta.map((m) => m.childrenIndex);
    const siblings = ai.length === bi.length && ai.slice(0, -1).every((n, i) => n === bi[i]);
    // Siblings in the table's order; otherwise the sort keeps them where they were.
    return siblings ? ai[ai.length - 1] - bi[bi.length - 1] : 0;
  });
}

interface PathMatch {
  params: Params;
  pathname: string;
  pathnameBase: string;
}

const compiled = new Map<string, { matcher: RegExp; params: string[] }>();

function compilePath(path: string, caseSensitive: boolean, end: boolean) {
  const key = `${caseSensitive ? 1 : 0}${end ? 1 : 0}${path}`;
  const known = compiled.get(key);
  if (known) return known;
  const params: string[] = [];
  let source =
    '^' +
    path
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)/g, (_, name: string) => {
        params.push(name);
        return '/([^\\/]+)';
      });
  if (path.endsWith('*')) {
    params.push('*');
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else if (end) {
    source += '\\/*$';
  } else if (path !== '' && path !== '/') {
    source += '(?:(?=\\/|$))';
  }
  const entry = { matcher: new RegExp(source, caseSensitive ? undefined : 'i'), params };
  compiled.set(key, entry);
  return entry;
}

function matchPath(path: string, caseSensitive: boolean, end: boolean, pathname: string): PathMatch | null {
  const { matcher, params: names } = compilePath(path, caseSensitive, end);
  const match = pathname.match(matcher);
  if (!match) return null;
  const matched = match[0];
  let pathnameBase = matched.replace(/(.)\/+$/, '$1');
  const groups = match.slice(1);
  const params: Params = {};
  names.forEach((name, i) => {
    if (name === '*') {
      const splat = groups[i] ?? '';
      pathnameBase = matched.slice(0, matched.length - splat.length).replace(/(.)\/+$/, '$1');
    }
    params[name] = (groups[i] ?? '').replace(/%2F/g, '/');
  });
  return { params, pathname: matched, pathnameBase };
}

function matchBranch(branch: Branch, pathname: string): RouteMatch[] | null {
  const params: Params = {};
  let matchedPathname = '/';
  const matches: RouteMatch[] = [];
  for (let i = 0; i < branch.routesMeta.length; i++) {
    const meta = branch.routesMeta[i];
    const remaining = matchedPathname === '/' ? pathname : pathname.slice(matchedPathname.length) || '/';
    const match = matchPath(meta.relativePath, meta.caseSensitive, i === branch.routesMeta.length - 1, remaining);
    if (!match) return null;
    Object.assign(params, match.params);
    matches.push({
      params,
      pathname: joinPaths([matchedPathname, match.pathname]),
      pathnameBase: normalizePathname(joinPaths([matchedPathname, match.pathnameBase])),
      route: meta.route,
    });
    if (match.pathnameBase !== '/') matchedPathname = joinPaths([matchedPathname, match.pathnameBase]);
  }
  return matches;
}

/** Each segment decoded, a "/" inside one kept encoded (React Router's decodePath). */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

const rankedBranches = new WeakMap<object, Branch[]>();

/** The matched routes for `location` (a path with or without its query), outermost first, or null. */
export function matchRoutes<R extends LeanRoute>(routes: R[], location: string | { pathname: string }): Array<Omit<RouteMatch, 'route'> & { route: R }> | null {
  const pathname = typeof location === 'string' ? new URL(location, 'http://x').pathname : location.pathname;
  let branches = rankedBranches.get(routes);
  if (!branches) {
    // Not DataRoutes yet (lib/lazy-pages.ts matches the table before the router exists): the
    // route objects themselves, which is what the callers want back.
    branches = rank(flatten(routes as unknown as DataRoute[]));
    rankedBranches.set(routes, branches);
  }
  const decoded = decodePath(pathname);
  for (const branch of branches) {
    const matches = matchBranch(branch, decoded);
    if (matches) return matches as unknown as Array<Omit<RouteMatch, 'route'> & { route: R }>;
  }
  return null;
}
