import { useEffect, useSyncExternalStore } from 'react';
import type { ApiClient } from '../../lib/api-client';
import { useApi } from '../../lib/api-context';
import { getSession, restoreSession, subscribeSession } from '../accounts/session-store';
import type { FavouritesState } from './favourites-store';

/**
 * The hearts' side of the favourites, light enough for every landing page (issue 16). Most visitors
 * are guests, whose heart only leads to login: the store (favourites-store.ts: the saved ids,
 * optimistic toggles, the API calls) is imported only once the session is a user's, or on a user's
 * click, and is followed from then on. Until it arrives every heart shows unpressed, as the server
 * rendered it. No React.lazy/Suspense: suspending boundaries hang client navigations (ADR 0034).
 */
type Store = typeof import('./favourites-store');
type FavouriteError = FavouritesState['error'];

const importStore = (): Promise<Store> => import('./favourites-store');
let load = importStore;
let store: Store | null = null;
let loading: Promise<Store | null> | null = null;
/** A user's click whose store could not be loaded: said like a failed save. */
let clickError: FavouriteError = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Loads the store once; resolves null (never rejects) if its chunk fails, and the next call tries again. */
function loadStore(): Promise<Store | null> {
  loading ??= load().then(
    (module) => {
      store = module;
      module.subscribe(notify); // a Set: a second load of the same module adds nothing
      handOff();
      notify();
      return module;
    },
    () => {
      // Offline, or a deploy replaced the chunk: the hearts stay unpressed.
      loading = null;
      return null;
    },
  );
  return loading;
}

let followers = 0;
let followApi: ApiClient | null = null;
let stopSession: (() => void) | null = null;
let stopStore: (() => void) | null = null;

/** The loaded store follows the session (loads the ids, forgets them on logout) while hearts are shown. */
function handOff(): void {
  if (store && followApi && !stopStore) stopStore = store.followSession(followApi);
}

/**
 * One session listener for all the hearts of a page (not one in each: a list has 150), which loads
 * the store when the session becomes a user's. Returns the cleanup of the caller's effect.
 */
function follow(api: ApiClient): () => void {
  if (followers++ === 0) {
    followApi = api;
    const sync = () => {
      if (getSession().status === 'user') void loadStore();
    };
    stopSession = subscribeSession(sync);
    sync();
    handOff();
    void restoreSession(api);
  }
  return () => {
    if (--followers > 0) return;
    stopSession?.();
    stopStore?.();
    stopSession = stopStore = followApi = null;
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const unsubscribeSession = subscribeSession(listener);
  return () => {
    listeners.delete(listener);
    unsubscribeSession();
  };
}

/**
 * One heart's state: whether `dwellingId` is saved and its failed toggle, if any. Plain values, so a
 * heart re-renders only when its own answer changes (a guest's session, or the store arriving, changes none).
 */
export function useFavourite(dwellingId: string): { saved: boolean; error: FavouriteError } {
  const api = useApi();
  useEffect(() => follow(api), [api]);
  const saved = useSyncExternalStore(subscribe, () => store?.isSaved(dwellingId) ?? false, () => false);
  const error = useSyncExternalStore(
    subscribe,
    () => (store ? store.errorOf(dwellingId) : clickError?.dwellingId === dwellingId ? clickError : null),
    () => null,
  );
  return { saved, error };
}

/**
 * A user's click: saves (`saved`) or removes. Before the store has arrived the click waits for it,
 * unless the user changed meanwhile; if it cannot be loaded, the heart says the save failed.
 */
export function toggleFavourite(api: ApiClient, dwellingId: string, saved: boolean): void {
  const session = getSession();
  if (session.status !== 'user') return;
  if (store) {
    void store.setFavourite(api, dwellingId, saved);
    return;
  }
  void loadStore().then((loaded) => {
    const now = getSession();
    if (now.status !== 'user' || now.user.id !== session.user.id) return;
    if (loaded) {
      void loaded.setFavourite(api, dwellingId, saved);
    } else {
      clickError = { dwellingId, message: null, action: saved ? 'save' : 'remove' };
      notify();
    }
  });
}

/** Clears a shown failure (the heart's message times out). */
export function clearFavouriteError(): void {
  if (clickError) {
    clickError = null;
    notify();
  }
  store?.clearFavouriteError();
}

/** Tests: each case starts with the store not loaded; `loader` may stand in for a chunk that fails. */
export function resetFavouriteLoader(loader: () => Promise<Store> = importStore): void {
  load = loader;
  store = null;
  loading = null;
  clickError = null;
}
