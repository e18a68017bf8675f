import { useEffect, useSyncExternalStore } from 'react';
import { isHttpError, type ApiClient } from '../../lib/api-client';
import { useApi } from '../../lib/api-context';
import { getSession, restoreSession, subscribeSession } from '../accounts/session-store';
import { useAccount } from '../accounts/use-account';
import { favouritesApi } from './favourites-api';
import { takePendingHeart } from './pending-heart';

/**
 * The ids of the logged-in user's saved dwellings, for the hearts. Never part of a server render or
 * a cached list (docs/decisions/0016): loaded once per session in the browser, after the session is
 * known, and kept up to date by the hearts themselves. A toggle shows at once (optimistic) and is
 * rolled back if the API refuses it; a later toggle of the same dwelling wins over an earlier answer.
 */
export interface FavouritesState {
  /** 'idle' until a user's ids are asked for (and for guests); 'ready' once they arrived. */
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** The user the ids belong to. */
  userId: number | null;
  ids: ReadonlySet<string>;
  /** The last toggle that failed, for the heart to say so. */
  error: { dwellingId: string; message: string | null; action: 'save' | 'remove' } | null;
}

const IDLE: FavouritesState = { status: 'idle', userId: null, ids: new Set(), error: null };

let state: FavouritesState = IDLE;
let loading: Promise<void> | null = null;
/** Moves on every reset: a load or toggle answer of an earlier session is dropped. */
let generation = 0;
/** Per dwelling, the latest toggle: only its answer may roll back. */
const toggles = new Map<string, number>();
let toggleCounter = 0;
const listeners = new Set<() => void>();

function set(next: FavouritesState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getFavourites(): FavouritesState {
  return state;
}

/** Loads the user's ids once (per user and page load); a failed load is tried again on the next call. */
export function loadFavourites(api: ApiClient, userId: number): Promise<void> {
  if (state.userId === userId && (state.status === 'ready' || state.status === 'loading')) return loading ?? Promise.resolve();
  const startedAt = ++generation;
  toggles.clear();
  set({ status: 'loading', userId, ids: new Set(), error: null });
  loading = (async () => {
    try {
      const { ids } = await favouritesApi(api).ids();
      if (generation !== startedAt) return;
      // Toggles made while loading win over the loaded list.
      const merged = new Set(ids);
      for (const id of state.ids) merged.add(id);
      set({ ...state, status: 'ready', ids: merged });
    } catch {
      if (generation === startedAt) set({ ...state, status: 'failed' });
    } finally {
      if (generation === startedAt) loading = null;
    }
  })();
  return loading;
}

/** Logout (or another user): the hearts forget the ids. */
export function resetFavourites(): void {
  generation++;
  loading = null;
  toggles.clear();
  if (state !== IDLE) set(IDLE);
}

function withId(ids: ReadonlySet<string>, dwellingId: string, saved: boolean): Set<string> {
  const next = new Set(ids);
  if (saved) next.add(dwellingId);
  else next.delete(dwellingId);
  return next;
}

/** Saves or removes at once and tells the API; on failure puts the heart back (unless toggled again meanwhile). */
export async function setFavourite(api: ApiClient, dwellingId: string, saved: boolean): Promise<boolean> {
  const startedAt = generation;
  const mine = ++toggleCounter;
  toggles.set(dwellingId, mine);
  const before = state.ids.has(dwellingId);
  set({ ...state, ids: withId(state.ids, dwellingId, saved), error: null });
  try {
    if (saved) await favouritesApi(api).save(dwellingId);
    else await favouritesApi(api).remove(dwellingId);
    return true;
  } catch (error) {
    if (generation !== startedAt || toggles.get(dwellingId) !== mine) return false;
    // A 404 on remove means it is gone anyway; a 404 on save means the dwelling is: either way not saved.
    const settled = isHttpError(error, 404) ? false : before;
    const message = isHttpError(error, 409) ? messageOf(error.body) : null;
    set({ ...state, ids: withId(state.ids, dwellingId, settled), error: { dwellingId, message, action: saved ? 'save' : 'remove' } });
    return false;
  } finally {
    if (toggles.get(dwellingId) === mine) toggles.delete(dwellingId);
  }
}

function messageOf(body: unknown): string | null {
  const message = (body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : null;
}

/** Clears a shown failure (the heart's message times out). */
export function clearFavouriteError(): void {
  if (state.error) set({ ...state, error: null });
}

let followers = 0;
let unfollowSession: (() => void) | null = null;

/**
 * Loads the ids once the session is a user's (after hydration: the server renders every heart
 * empty), saves the heart a visitor tapped before logging in, and forgets the ids for a guest. One listener on the session for all the hearts of a page,
 * not an effect in each: a list page's 150 hearts would each re-render when the session arrives.
 * Returns the cleanup of the caller's effect. The hearts come here through use-favourite.ts, which
 * loads this module only for a user.
 */
export function followSession(api: ApiClient): () => void {
  if (followers++ === 0) {
    const sync = () => {
      const session = getSession();
      if (session.status === 'guest') resetFavourites();
      else if (session.status === 'user') {
        void loadFavourites(api, session.user.id);
        // A heart tapped before the login: saved now, once (saving a saved dwelling changes nothing).
        const pending = takePendingHeart();
        if (pending) void setFavourite(api, pending, true);
      }
    };
    unfollowSession = subscribeSession(sync);
    sync();
    void restoreSession(api);
  }
  return () => {
    if (--followers === 0) {
      unfollowSession?.();
      unfollowSession = null;
    }
  };
}

/** The ids are the session user's: until they are, no heart shows another user's. */
function isCurrent(favourites: FavouritesState): boolean {
  const session = getSession();
  return session.status === 'user' && favourites.userId === session.user.id;
}

/** Whether the session user saved `dwellingId` (plain values: a heart re-renders only when its answer changes). */
export function isSaved(dwellingId: string): boolean {
  return isCurrent(state) && state.ids.has(dwellingId);
}

/** The failed toggle of `dwellingId`, if it is the last one. */
export function errorOf(dwellingId: string): FavouritesState['error'] {
  return isCurrent(state) && state.error?.dwellingId === dwellingId ? state.error : null;
}

/** All the favourites and the session, for the profile's list of them. */
export function useFavourites(): FavouritesState & { session: ReturnType<typeof useAccount> } {
  const api = useApi();
  const session = useAccount();
  const favourites = useSyncExternalStore(subscribe, getFavourites, () => IDLE);
  useEffect(() => followSession(api), [api]);
  const current = session.status === 'user' && favourites.userId === session.user.id ? favourites : IDLE;
  return { ...current, session };
}

/** Tests start each case from nothing loaded. */
export function resetFavouritesStore(): void {
  resetFavourites();
  toggleCounter = 0;
}
