import {
  Component,
  createContext,
  forwardRef,
  startTransition,
  use,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import type { RouteMatch } from './matching';
import { createPath, resolveTo, type Location, type NavigateOptions, type Router, type RouterState, type To } from './router';

/**
 * What the browser build takes for 'react-router' and 'react-router/dom' (vite.config.mts): the
 * part of React Router's API the portal uses, on a router a tenth of its size
 * (docs/decisions/0033). The server renders with React Router itself; every component here
 * renders the same markup as React Router's, so the browser hydrates the server's HTML.
 */

export { matchRoutes } from './matching';
export type { LeanRoute as RouteObject, LoaderArgs as LoaderFunctionArgs, Params } from './matching';
export { createBrowserRouter, data, isRouteErrorResponse, redirect } from './router';
export type { Location, NavigateOptions, Router, To } from './router';

const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<RouterState | null>(null);
interface RouteContextValue {
  outlet: ReactNode;
  matches: RouteMatch[];
}
const RouteContext = createContext<RouteContextValue>({ outlet: null, matches: [] });
const RouteErrorContext = createContext<unknown>(undefined);

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('A router hook was used outside <RouterProvider>');
  return router;
}

function useRouterState(): RouterState {
  const state = useContext(StateContext);
  if (!state) throw new Error('A router hook was used outside <RouterProvider>');
  return state;
}

export function useLocation(): Location {
  return useRouterState().location;
}

export function useNavigate(): (to: To | number, options?: NavigateOptions) => Promise<void> {
  const router = useRouter();
  return useCallback((to: To | number, options?: NavigateOptions) => router.navigate(to, options), [router]);
}

export function useSearchParams(): [URLSearchParams, (next: string | URLSearchParams | Record<string, string>, options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: string | URLSearchParams | Record<string, string>, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString();
      void navigate(`?${query}`, options);
    },
    [navigate],
  );
  return [params, set];
}

export function useParams(): Record<string, string | undefined> {
  const { matches } = useContext(RouteContext);
  return matches[matches.length - 1]?.params ?? {};
}

export function useLoaderData<T = unknown>(): T {
  const { matches } = useContext(RouteContext);
  const state = useRouterState();
  const id = matches[matches.length - 1]?.route.id;
  return (id === undefined ? undefined : state.loaderData[id]) as T;
}

export function useRouteError(): unknown {
  const error = useContext(RouteErrorContext);
  const { matches } = useContext(RouteContext);
  const state = useRouterState();
  if (error !== undefined) return error;
  const id = matches[matches.length - 1]?.route.id;
  return id === undefined ? undefined : state.errors?.[id];
}

export function useRevalidator(): { revalidate: () => Promise<void>; state: 'idle' | 'loading' } {
  const router = useRouter();
  const { revalidation } = useRouterState();
  return useMemo(() => ({ revalidate: () => router.revalidate(), state: revalidation }), [router, revalidation]);
}

export function Outlet(): ReactNode {
  return useContext(RouteContext).outlet;
}

export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }): null {
  const navigate = useNavigate();
  const target = typeof to === 'string' ? to : createPath(to);
  useEffect(() => {
    void navigate(target, { replace, state });
  }, [navigate, target, replace, state]);
  return null;
}

/** `<Await>` of React Router: the resolved value of a promise from a loader, suspending until then. */
export function Await<T>({ resolve, children }: { resolve: T | Promise<T>; children: (value: T) => ReactNode }): ReactNode {
  const value = resolve instanceof Promise ? use(resolve) : resolve;
  return children(value);
}

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  reloadDocument?: boolean;
  discover?: 'render' | 'none';
}

function isModified(event: MouseEvent): boolean {
  return event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
}

/** React Router's `<Link>`: the same `<a href data-discover>`, a left click navigates in the page. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, preventScrollReset, reloadDocument, discover = 'render', target, onClick, ...rest },
  ref,
) {
  const router = useRouter();
  const location = useLocation();
  const isAbsolute = typeof to === 'string' && ABSOLUTE_URL.test(to);
  let local: To | null = to;
  if (isAbsolute) {
    try {
      const url = new URL(to.startsWith('//') ? `${window.location.protocol}${to}` : to);
      local = url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
    } catch {
      local = null;
    }
  }
  const href = isAbsolute ? (to as string) : router.createHref(to);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || local === null || reloadDocument) return;
    if (event.button !== 0 || (target && target !== '_self') || isModified(event)) return;
    event.preventDefault();
    const path = createPath(resolveTo(local, location.pathname));
    const sameUrl = createPath(location) === path;
    startTransition(() => {
      void router.navigate(local as To, { replace: replace ?? sameUrl, state, preventScrollReset });
    });
  };
  return <a {...rest} href={href} onClick={handleClick} ref={ref} target={target} data-discover={!isAbsolute && discover === 'render' ? 'true' : undefined} />;
});

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  end?: boolean;
  className?: string | ((props: { isActive: boolean; isPending: boolean; isTransitioning: boolean }) => string | undefined);
}

/** React Router's `<NavLink>`: `aria-current="page"` and an "active" class when its path is shown. */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ end = false, className = '', to, ...rest }, ref) {
  const location = useLocation();
  const target = resolveTo(to, location.pathname).pathname.toLowerCase();
  const current = location.pathname.toLowerCase();
  const slashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = current === target || (!end && current.startsWith(target) && current.charAt(slashAt) === '/');
  const props = { isActive, isPending: false, isTransitioning: false };
  const classes = typeof className === 'function' ? className(props) : [className, isActive ? 'active' : null].filter(Boolean).join(' ');
  return <Link {...rest} to={to} ref={ref} aria-current={isActive ? 'page' : undefined} className={classes} />;
});

const SCROLL_KEY = 'react-router-scroll-positions';

/** Back and forward restore where the visitor was; a new page starts at the top (or its #fragment). */
export function ScrollRestoration(): null {
  const router = useRouter();
  const { location, restoreScrollPosition, preventScrollReset } = useRouterState();
  useLayoutEffect(() => {
    let positions: Record<string, number> = {};
    try {
      positions = JSON.parse(window.sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>;
    } catch {
      // Blocked storage: positions for this page's life only.
    }
    window.history.scrollRestoration = 'manual';
    const stop = router.enableScrollRestoration(positions, () => window.scrollY);
    const save = () => {
      positions[router.state.location.key] = window.scrollY;
      try {
        window.sessionStorage.setItem(SCROLL_KEY, JSON.stringify(positions));
      } catch {
        // Nothing to keep it in.
      }
    };
    window.addEventListener('pagehide', save);
    return () => {
      stop();
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, [router]);
  useLayoutEffect(() => {
    if (restoreScrollPosition === false) return;
    if (typeof restoreScrollPosition === 'number') {
      window.scrollTo(0, restoreScrollPosition);
      return;
    }
    if (location.hash) {
      try {
        const element = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (element) {
          element.scrollIntoView();
          return;
        }
      } catch {
        // A malformed #fragment: to the top, below.
      }
    }
    if (preventScrollReset) return;
    window.scrollTo(0, 0);
  }, [location, restoreScrollPosition, preventScrollReset]);
  return null;
}

interface BoundaryProps {
  location: Location;
  error: unknown;
  revalidation: RouterState['revalidation'];
  fallback: ReactNode;
  routeContext: RouteContextValue;
  children: ReactNode;
}

interface BoundaryState {
  location: Location;
  error: unknown;
  revalidation: RouterState['revalidation'];
}

/** A route's errorElement for what its loaders threw and what its subtree throws while rendering. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { location: this.props.location, error: this.props.error, revalidation: this.props.revalidation };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState {
    // Another page, or a retry that finished: start again from what the loaders said.
    if (state.location !== props.location || (state.revalidation !== 'idle' && props.revalidation === 'idle')) {
      return { error: props.error, location: props.location, revalidation: props.revalidation };
    }
    return { error: props.error !== undefined ? props.error : state.error, location: state.location, revalidation: props.revalidation };
  }

  override render(): ReactNode {
    if (this.state.error === undefined) return this.props.children;
    return (
      <RouteContext.Provider value={this.props.routeContext}>
        <RouteErrorContext.Provider value={this.state.error}>{this.props.fallback}</RouteErrorContext.Provider>
      </RouteContext.Provider>
    );
  }
}

function RenderedRoute({ value, children }: { value: RouteContextValue; children: ReactNode }): ReactElement {
  return <RouteContext.Provider value={value}>{children}</RouteContext.Provider>;
}

/** React Router's _renderMatches: each match inside its parent's Outlet, errorElements around them. */
function renderMatches(state: RouterState): ReactNode {
  let matches = state.matches;
  const errors = state.errors;
  let fallbackIndex = -1;
  let renderFallback = false;
  if (errors) {
    const errorIndex = matches.findIndex((m) => errors[m.route.id] !== undefined);
    if (errorIndex >= 0) matches = matches.slice(0, errorIndex + 1);
  }
  if (!state.initialized) {
    for (let i = 0; i < matches.length; i++) {
      const { route } = matches[i];
      if (route.hydrateFallbackElement != null) fallbackIndex = i;
      const needsLoader = route.loader !== undefined && !(route.id in state.loaderData) && errors?.[route.id] === undefined;
      if (route.lazy !== undefined || needsLoader) {
        renderFallback = true;
        matches = fallbackIndex >= 0 ? matches.slice(0, fallbackIndex + 1) : [matches[0]];
        break;
      }
    }
  }
  return matches.reduceRight<ReactNode>((outlet, match, index) => {
    const { route } = match;
    const error = errors?.[route.id];
    const routeMatches = matches.slice(0, index + 1);
    let children: ReactNode;
    if (error !== undefined) children = null;
    else if (renderFallback && index === fallbackIndex) children = route.hydrateFallbackElement;
    else if (route.Component) children = <route.Component />;
    else if (route.element !== undefined) children = route.element;
    else children = outlet;
    const rendered = <RenderedRoute value={{ outlet, matches: routeMatches }}>{children}</RenderedRoute>;
    if (route.errorElement == null && index !== 0) return rendered;
    return (
      <RouteErrorBoundary
        location={state.location}
        revalidation={state.revalidation}
        error={error}
        fallback={route.errorElement ?? <DefaultError />}
        routeContext={{ outlet: null, matches: routeMatches }}
      >
        {rendered}
      </RouteErrorBoundary>
    );
  }, null);
}

function DefaultError(): never {
  throw useRouteError();
}

/** Renders the router's state; navigations commit in a transition, as React Router's do. */
export function RouterProvider({ router }: { router: Router }): ReactElement {
  const [state, setState] = useState(router.state);
  const latest = useRef(state);
  useLayoutEffect(() => {
    const unsubscribe = router.subscribe((next) => {
      latest.current = next;
      startTransition(() => setState(next));
    });
    // A navigation that committed before this effect ran.
    if (router.state !== latest.current) startTransition(() => setState(router.state));
    return unsubscribe;
  }, [router]);
  // Two children, as React Router's provider has: useId's ids in the pages follow the tree's forks,
  // and must be the ones the server's HTML has.
  return (
    <>
      <RouterContext.Provider value={router}>
        <StateContext.Provider value={state}>{renderMatches(state)}</StateContext.Provider>
      </RouterContext.Provider>
      {null}
    </>
  );
}
