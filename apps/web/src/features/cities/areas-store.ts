import type { AreasResponse } from '@husly/contracts';

export type AreasState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'success'; data: AreasResponse }
  | { status: 'error'; error: unknown };

/**
 * The city list, fetched once per session (one store per browser session, one per server request).
 * A failed fetch is not cached: the next load() tries again.
 */
export interface AreasStore {
  load(): Promise<AreasResponse>;
  getSnapshot(): AreasState;
  subscribe(listener: () => void): () => void;
}

export function createAreasStore(fetchAreas: () => Promise<AreasResponse>, initial?: AreasResponse): AreasStore {
  let state: AreasState = initial ? { status: 'success', data: initial } : { status: 'idle' };
  let pending: Promise<AreasResponse> | null = initial ? Promise.resolve(initial) : null;
  const listeners = new Set<() => void>();

  const set = (next: AreasState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  return {
    load() {
      if (pending) return pending;
      set({ status: 'loading' });
      const request = fetchAreas().then(
        (data) => {
          set({ status: 'success', data });
          return data;
        },
        (error: unknown) => {
          pending = null;
          set({ status: 'error', error });
          throw error;
        },
      );
      pending = request;
      return request;
    },
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
