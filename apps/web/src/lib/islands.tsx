import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ComponentType, type CSSProperties, type FormEvent, type MouseEvent } from 'react';

/**
 * Part of a page whose server HTML the browser keeps as it is, without its code: the footer's hundred
 * links, say. Hydration leaves the island's element alone (React does not look inside an element
 * whose content is `dangerouslySetInnerHTML`), so its component is never loaded on a server-rendered
 * page. Only when the browser renders the island itself (no server HTML: a page rendered anew after
 * an error, the unit tests) does it load the component, in a chunk of its own.
 *
 * Whatever the island's content does must then work as plain HTML plus the one click handler on its
 * element (`onClick`): links are links, and the handler may follow them in the router. Its content
 * must be the same for the whole visit (language, settings, the city list), since it is never
 * rendered again (docs/decisions/0034-islands.md).
 */
export interface StaticIsland<P extends object> {
  /**
   * Renders the island: the component inside an element of its own, styled `display: contents`.
   * `onClick` handles clicks in the server's HTML; where the browser rendered the component, its own
   * handlers do.
   */
  Island: ComponentType<{ props: P; onClick?(event: MouseEvent<HTMLDivElement>): void }>;
  /** Loads the component (cached). The server render awaits every island's (preloadIslands). */
  preload(): Promise<void>;
}

const preloads: Array<() => Promise<void>> = [];

/** Loads a component once (a failed load is tried again on the next call). */
function loader<P>(load: () => Promise<ComponentType<P>>): { get(): ComponentType<P> | null; preload(): Promise<void> } {
  let component: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (loaded) => {
        component = loaded;
      },
      (error: unknown) => {
        // A chunk that failed to load (a deploy replaced it) is tried again on the next call.
        loading = null;
        throw error;
      },
    ));
  preloads.push(preload);
  return { get: () => component, preload };
}

let allLoaded: Promise<void> | null = null;
/** How many islands `allLoaded` loads: a page module loaded later (a lazy route) may add its own. */
let allLoadedCount = 0;

/**
 * The server render loads every island's component before it renders a page that may show it:
 * renderToString renders them synchronously. Called after the page's lazy routes are loaded, so
 * an island a page module defines is among them. Every render awaits the same promise until an
 * island is added (a failed load is tried again).
 */
export function preloadIslands(): Promise<void> {
  if (allLoaded && allLoadedCount === preloads.length) return allLoaded;
  allLoadedCount = preloads.length;
  const loading: Promise<void> = Promise.all(preloads.map((preload) => preload())).then(
    () => undefined,
    (error: unknown) => {
      if (allLoaded === loading) allLoaded = null;
      throw error;
    },
  );
  return (allLoaded = loading);
}

const subscribeNever = () => () => undefined;
/** True while React hydrates server HTML (the server snapshot), false in a render of the browser's own. */
export const useIsHydrating = () =>
  useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );

const CONTENTS: CSSProperties = { display: 'contents' };

export function staticIsland<P extends object>(load: () => Promise<ComponentType<P>>): StaticIsland<P> {
  const component = loader(load);

  function Island({ props, onClick }: { props: P; onClick?(event: MouseEvent<HTMLDivElement>): void }) {
    const hydrating = useIsHydrating();
    // Decided once, when the island first renders: a hydrated island stays the server's HTML for good.
    const [keepServerHtml] = useState(hydrating && typeof window !== 'undefined');
    if (keepServerHtml) {
      return <div style={CONTENTS} onClick={onClick} dangerouslySetInnerHTML={KEEP} suppressHydrationWarning />;
    }
    // Rendered by the server (its component preloaded) or by the browser: the component's own
    // handlers work, so not `onClick`.
    return (
      <div style={CONTENTS}>
        <Loaded component={component} props={props} />
      </div>
    );
  }

  return { Island, preload: component.preload };
}

/** The component, rendered at once when loaded (always on the server); else nothing until its chunk is there. */
function Loaded<P extends object>({ component, props }: { component: ReturnType<typeof loader<P>>; props: P }) {
  const [, setLoaded] = useState(false);
  useEffect(() => {
    if (!component.get()) component.preload().then(() => setLoaded(true), () => undefined);
  }, [component]);
  const Component = component.get();
  if (!Component && typeof window === 'undefined') throw new Error('An island rendered on the server before preloadIslands()');
  return Component ? <Component {...props} /> : null;
}

/**
 * Interactive part of a page, hidden until used, that the browser keeps as the server's HTML (like a
 * static island) until `start()`: the login form in the header's closed menu. One whose chunk was
 * loaded before the page hydrated (`preload()`) hydrates as any component does. `start()` (the menu's
 * toggle is touched) loads the component, and the browser renders it in place of the server's HTML;
 * whatever was typed there meanwhile, and the focus, are carried over; a form sent meanwhile is sent
 * again by the component (its own checks and API call), or as plain HTML if the chunk fails to load.
 * Rendered by the browser itself (a menu shown after logging out), it loads at once and shows nothing
 * until then.
 *
 * Not a Suspense boundary left unhydrated: React renders such a boundary again on any context change
 * above it (a client navigation changes the router's), and a navigation, being a transition, would
 * wait for it for good (docs/decisions/0034-islands.md).
 */
export interface OnDemandIsland<P extends object> {
  Island: ComponentType<{ props: P }>;
  /** Loads the component and renders it in place of the server's HTML (once; later calls do nothing). */
  start(): void;
  preload(): Promise<void>;
}

export function islandOnDemand<P extends object>(load: () => Promise<ComponentType<P>>): OnDemandIsland<P> {
  const component = loader(load);
  let ready = false;
  let starting = false;
  const listeners = new Set<() => void>();
  /** Each island showing server HTML reads what was typed in it, just before the swap. */
  const beforeSwap = new Set<() => void>();
  /** Each island showing server HTML sends a form held back for the component, as plain HTML. */
  const onLoadFailed = new Set<() => void>();
  const start = () => {
    if (starting) return;
    starting = true;
    component.preload().then(
      () => {
        for (const capture of beforeSwap) capture();
        ready = true;
        for (const listener of listeners) listener();
      },
      () => {
        // The chunk failed to load: the server's HTML stays (its links and form work without it).
        starting = false;
        for (const sendAsHtml of onLoadFailed) sendAsHtml();
      },
    );
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  function Island({ props }: { props: P }) {
    const hydrating = useIsHydrating();
    // Loaded before the page hydrated (preloaded for a banner the page shows): hydrated as usual.
    const [serverHtml] = useState(hydrating && typeof window !== 'undefined' && !component.get());
    const isReady = useSyncExternalStore(
      subscribe,
      () => ready,
      () => false,
    );
    const element = useRef<HTMLDivElement>(null);
    const carried = useRef<FieldState | null>(null);
    /** Which of the island's forms was sent before the component arrived (its index). */
    const heldForm = useRef<number | null>(null);
    useEffect(() => {
      if (!serverHtml) return;
      const capture = () => (carried.current = readFields(element.current));
      const sendAsHtml = () => {
        const form = formAt(element.current, heldForm.current);
        heldForm.current = null;
        // Not a submit event, so not held back again.
        form?.submit();
      };
      beforeSwap.add(capture);
      onLoadFailed.add(sendAsHtml);
      return () => {
        beforeSwap.delete(capture);
        onLoadFailed.delete(sendAsHtml);
      };
    }, [serverHtml]);
    useLayoutEffect(() => {
      if (!isReady) return;
      if (carried.current) restoreFields(element.current, carried.current);
      carried.current = null;
      const held = heldForm.current;
      heldForm.current = null;
      if (held === null) return;
      // After React has taken the restored values into the component's state (their input events
      // are rendered in a microtask after this commit).
      const timer = setTimeout(() => formAt(element.current, held)?.requestSubmit());
      return () => clearTimeout(timer);
    }, [isReady]);

    if (serverHtml && !isReady) {
      // A form of the server's HTML, sent before the component is there: held for it, which starts it.
      const hold = (event: FormEvent<HTMLDivElement>) => {
        if (!(event.target instanceof HTMLFormElement)) return;
        event.preventDefault();
        heldForm.current = [...(element.current?.querySelectorAll('form') ?? [])].indexOf(event.target);
        start();
      };
      return <div ref={element} style={CONTENTS} onSubmit={hold} dangerouslySetInnerHTML={KEEP} suppressHydrationWarning />;
    }
    return (
      <div ref={element} style={CONTENTS}>
        <Loaded component={component} props={props} />
      </div>
    );
  }

  return { Island, start, preload: component.preload };
}

const formAt = (root: HTMLElement | null, index: number | null) => (root && index !== null && index >= 0 ? (root.querySelectorAll('form')[index] ?? null) : null);

interface FieldState {
  values: Array<[name: string, value: string]>;
  focused: string | null;
}

const fieldsOf = (root: HTMLElement) => [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]')];

function readFields(root: HTMLElement | null): FieldState | null {
  if (!root) return null;
  const values = fieldsOf(root)
    .filter((field) => field.type !== 'hidden' && field.value !== '')
    .map((field) => [field.name, field.value] as [string, string]);
  const active = document.activeElement;
  const focused = active instanceof HTMLElement && root.contains(active) ? active.getAttribute('name') : null;
  return values.length > 0 || focused ? { values, focused } : null;
}

/** Sets each field as typing would (React's onChange sees it) and gives the focus back. */
function restoreFields(root: HTMLElement | null, state: FieldState): void {
  if (!root) return;
  const fields = fieldsOf(root);
  for (const [name, value] of state.values) {
    const field = fields.find((f) => f.name === name);
    if (!field) continue;
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
    setter?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (state.focused) fields.find((f) => f.name === state.focused)?.focus();
}


/** Hydration keeps the element's server content; React never writes this empty HTML over it. */
const KEEP = { __html: '' };
