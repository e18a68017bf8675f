import { createContext, useCallback, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { AreasState, AreasStore, PlacesState } from './areas-store';

const AreasStoreContext = createContext<AreasStore | null>(null);

export function AreasStoreProvider({ store, children }: { store: AreasStore; children: ReactNode }) {
  return <AreasStoreContext.Provider value={store}>{children}</AreasStoreContext.Provider>;
}

export function useAreasStore(): AreasStore {
  const store = useContext(AreasStoreContext);
  if (!store) throw new Error('useAreasStore needs an <AreasStoreProvider>');
  return store;
}

/** The city names (embedded in a server-rendered page, else fetched once); components re-render when they arrive. */
export function useAreas(): AreasState & { reload: () => void } {
  const store = useAreasStore();
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  useEffect(() => {
    if (store.getSnapshot().status === 'idle') store.load().catch(() => undefined);
  }, [store]);
  return { ...state, reload: () => void store.load().catch(() => undefined) };
}

/**
 * The whole areas list (postal codes, districts, aliases) for a place box: nothing is fetched until
 * `request` is called (on focus or typing), then GET /api/dwellings/areas once per session; the
 * component re-renders when it arrives (docs/decisions/0023-lean-hydration.md).
 */
export function usePlaces(): PlacesState & { request: () => void } {
  const store = useAreasStore();
  const state = useSyncExternalStore(store.subscribe, store.getPlacesSnapshot, store.getPlacesSnapshot);
  const request = useCallback(() => {
    const status = store.getPlacesSnapshot().status;
    if (status === 'idle' || status === 'error') store.loadPlaces().catch(() => undefined);
  }, [store]);
  return { ...state, request };
}
