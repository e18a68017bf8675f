import { use, type ReactNode } from 'react';

/**
 * Parts of a server-rendered page that the browser hydrates after the page, each in a task of its
 * own, so the page's first long task holds what a phone shows first (docs/decisions/0032).
 *
 * The browser runs Preact, whose hydration is one synchronous pass: a component that suspends
 * during it keeps its server markup (the `<!--$s-->` range the server marks around a Suspense
 * boundary) and is hydrated when its promise settles. `beginHydration` opens the pass; each
 * `HydrateInSlice` rendered in it waits for a slice of its own; `finishHydration` then settles the
 * slices in order, one a task, and all that are left at once when the visitor touches, clicks,
 * types or focuses anything, so the event that follows finds its handlers (Preact replays none).
 *
 * Outside that pass (the server, a client render, the unit tests) a slice renders at once.
 */

type Settle = () => void;

let opened: Settle[] | null = null;

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/** Opens the hydration pass: the slices rendered until finishHydration wait for their turn. */
export function beginHydration(): void {
  opened = [];
}

/** A slice's gate: a promise settled in the slice's turn, or null when not hydrating. */
export function sliceGate(): Promise<void> | null {
  const slices = opened;
  if (!slices) return null;
  return new Promise<void>((resolve) => slices.push(resolve));
}

export interface HydrationSlices {
  /** How many slices have not been hydrated yet. */
  readonly pending: () => number;
}

/**
 * Closes the pass and settles its slices, one a task (`schedule`), in page order; the first
 * interaction settles all that are left before its own handlers run.
 */
export function finishHydration(target: Pick<Document, 'addEventListener' | 'removeEventListener'>, schedule: (next: () => void) => void = (next) => setTimeout(next, 0)): HydrationSlices {
  const queue = opened ?? [];
  opened = null;
  const settleAll = () => {
    for (const settle of queue.splice(0)) settle();
    stop();
  };
  const stop = () => {
    for (const type of INTERACTIONS) target.removeEventListener(type, settleAll, true);
  };
  const next = () => {
    const settle = queue.shift();
    if (!settle) return stop();
    settle();
    schedule(next);
  };
  if (queue.length > 0) {
    for (const type of INTERACTIONS) target.addEventListener(type, settleAll, { capture: true, passive: true });
    schedule(next);
  }
  return { pending: () => queue.length };
}

/**
 * Its children are hydrated in a later task than the page. Put it right inside a `<Suspense>`
 * boundary and around all of the boundary's content: the boundary's markers delimit what it keeps.
 */
export function HydrateInSlice({ children }: { children: ReactNode }): ReactNode {
  const gate = sliceGate();
  if (gate) use(gate);
  return children;
}
