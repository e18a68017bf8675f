import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { AreasState, AreasStore } from './areas-store';

const AreasStoreContext = createContext<AreasStore | null>(null);

export function AreasStoreProvider({ store, children }: { store: AreasStore; children: ReactNode }) {
  return <AreasStoreContext.Provider value={store}>{children}</AreasStoreContext.Provider>;
}

export function useAreasStore(): AreasStore {
  const store = useContext(AreasStoreContext);
  if (!store) throw new Error('useAreasStore needs an <AreasStoreProvider>');
  return store;
}

/** GET /api/dwellings/areas, once per session; components re-render when it arrives. */
export function useAreas(): AreasState & { reload: () => void } {
  const store = useAreasStore();
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  useEffect(() => {
    if (store.getSnapshot().status === 'idle') store.load().catch(() => undefined);
  }, [store]);
  return { ...state, reload: () => void store.load().catch(() => undefined) };
}
