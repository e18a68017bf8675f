import { useEffect, useSyncExternalStore } from 'react';
import { COOKIES, readCookie } from '@husly/domain';
import type { SessionResponse, SessionUser } from '@husly/contracts';
import { isHttpError, type ApiClient } from '../../lib/api-client';
import { fetchMe, logout } from './accounts-api';

/**
 * The logged-in user (spec section 4, "Auth"). 'unknown' until the stored token has been checked:
 * the server renders that state, and the browser resolves it after hydration.
 */
export type Session = { status: 'unknown'; user: null } | { status: 'guest'; user: null } | { status: 'user'; user: SessionUser };

const UNKNOWN: Session = { status: 'unknown', user: null };
const GUEST: Session = { status: 'guest', user: null };

let state: Session = UNKNOWN;
let restoring: Promise<void> | null = null;
/**
 * Moves on every session the user makes (login, verification link, edit, logout). A session read
 * that started before one of those is stale when it lands: a verification link's page load restores
 * the session (still unverified) while the link's own call verifies and logs in, and the slower of
 * the two must not win.
 */
let generation = 0;
const listeners = new Set<() => void>();

function set(next: Session): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Applies a session read that started at `startedAt` only if nothing newer happened since. */
function setIfCurrent(startedAt: number, next: Session): void {
  if (generation === startedAt) set(next);
}

/** Calls `listener` on every change of the session (outside React: the favourites follow it). */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The token cookie of section 9: `token`, 3600 s, readable by the API client. */
export function storeToken(token: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIES.token.name}=${encodeURIComponent(token)}; Path=/; Max-Age=${COOKIES.token.maxAgeSeconds}; SameSite=Lax${secure}`;
}

export function clearToken(): void {
  document.cookie = `${COOKIES.token.name}=; Path=/; Max-Age=0; SameSite=Lax`;
}

export function storedToken(): string | undefined {
  return typeof document === 'undefined' ? undefined : readCookie(document.cookie, COOKIES.token.name) || undefined;
}

/** Login, signup, verification and reset links: keep the token and the user. */
export function startSession(session: SessionResponse): void {
  generation++;
  storeToken(session.token);
  set({ status: 'user', user: session.user });
}

/** After a profile edit: the answer carries the updated user. */
export function updateUser(user: SessionUser): void {
  if (state.status !== 'user') return;
  generation++;
  set({ status: 'user', user });
}

/** Logout (and a refused session): token and user are gone. */
export function endSession(): void {
  generation++;
  clearToken();
  set(GUEST);
}

/**
 * Logout's call to the server, which ends the session there, on both language hosts. It is sent
 * with the token read now, so the caller may forget the token at once (endSession); a failed call
 * (offline) resolves all the same: the user is logged out here, and the token ends at its expiry.
 */
export function endServerSession(api: ApiClient, options: { everywhere?: boolean } = {}): Promise<void> {
  const token = storedToken();
  if (!token) return Promise.resolve();
  return logout(api, token, options).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Restores the session from the token cookie once per page load. A token the session call refuses
 * (401, or 403 as the spec says) is cleared; a network failure leaves the token for the next load.
 */
export function restoreSession(api: ApiClient): Promise<void> {
  if (state.status !== 'unknown') return Promise.resolve();
  restoring ??= (async () => {
    if (!storedToken()) {
      set(GUEST);
      return;
    }
    const startedAt = generation;
    try {
      const { user } = await fetchMe(api);
      setIfCurrent(startedAt, { status: 'user', user });
    } catch (error) {
      if (generation !== startedAt) return; // the user logged in meanwhile: that token is not the refused one
      if (isHttpError(error, 401) || isHttpError(error, 403)) clearToken();
      set(GUEST);
    } finally {
      restoring = null;
    }
  })();
  return restoring;
}

/** Re-reads the user (e.g. after a purchase elsewhere made them a subscriber). */
export async function refreshSession(api: ApiClient): Promise<void> {
  const startedAt = generation;
  try {
    const { user } = await fetchMe(api);
    setIfCurrent(startedAt, { status: 'user', user });
  } catch (error) {
    if (generation === startedAt && (isHttpError(error, 401) || isHttpError(error, 403))) endSession();
  }
}

export function getSession(): Session {
  return state;
}

/** The session, restored on first use in the browser. */
export function useSession(api: ApiClient): Session {
  const session = useSyncExternalStore(subscribeSession, getSession, () => UNKNOWN);
  useEffect(() => {
    void restoreSession(api);
  }, [api]);
  return session;
}

/** Tests start each case from an unknown session. */
export function resetSessionStore(): void {
  restoring = null;
  set(UNKNOWN);
}
