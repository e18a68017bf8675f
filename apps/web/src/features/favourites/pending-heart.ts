/**
 * A visitor's heart leads to login (issue 29): the dwelling is remembered for this tab, and saved
 * once the session is a user's (favourites-store.ts). sessionStorage: it goes with the tab, is
 * never sent to a server, and a login in another tab does not pick it up. Storage may be refused
 * (private modes, a blocked site): the heart then leads to login as before.
 */
const KEY = 'bn.pendingHeart';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The visitor tapped the heart of `dwellingId`; only the last one is kept. */
export function rememberPendingHeart(dwellingId: string): void {
  try {
    storage()?.setItem(KEY, dwellingId);
  } catch {
    // Full or refused: nothing to keep.
  }
}

/** The remembered dwelling, taken (removed) so that it is saved once; null if none. */
export function takePendingHeart(): string | null {
  try {
    const store = storage();
    const dwellingId = store?.getItem(KEY) ?? null;
    if (dwellingId !== null) store?.removeItem(KEY);
    return dwellingId && /^\d{1,12}$/.test(dwellingId) ? dwellingId : null;
  } catch {
    return null;
  }
}
