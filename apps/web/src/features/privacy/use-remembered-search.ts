import { useEffect } from 'react';
import { COOKIES, mayStore, readCookie } from '@husly/domain';
import { currentConsent } from './consent-store';

/**
 * Remembers the search a results page shows, once per distinct search (rememberVisitorSearch). Its
 * code loads only when the cookie may be written: for a visitor, not a logged-in user, who allowed
 * preferences. Most visitors have not (yet), and their search page is 1.4 KB gzip lighter.
 */
export function useRememberedSearch(search: { area?: string; rent?: number | null; rooms?: number | null; size?: number | null }): void {
  const { area, rent, rooms, size } = search;
  useEffect(() => {
    if (!area || readCookie(document.cookie, COOKIES.token.name) || !mayStore('preferences', currentConsent())) return;
    import('./remembered-search').then(
      ({ rememberVisitorSearch }) => rememberVisitorSearch({ area, rent, rooms, size }),
      // Offline or a replaced deploy: this search is not remembered; the next one tries again.
      () => undefined,
    );
  }, [area, rent, rooms, size]);
}
