import { COOKIES, readCookie, rememberSearch, type RememberedSearch } from '@husly/domain';
import { parseSessionPrefsCookie } from '@husly/contracts/browser';
import { writeCookie } from './consent-store';

// Loaded by use-remembered-search.ts only when a visitor's search may be kept: reading bn.prf back
// takes the contracts' checks (1.2 KB gzip), which no other page needs.

/**
 * A visitor's search, kept in bn.prf (spec section 3) so that logging in or signing up can turn it
 * into boligagent preferences. Only with consent; a logged-in user's searches need no cookie.
 */
export function rememberVisitorSearch(search: RememberedSearch): void {
  if (readCookie(document.cookie, COOKIES.token.name)) return;
  const previous = parseSessionPrefsCookie(readCookie(document.cookie, COOKIES.sessionPrefs.name)).filter(
    (p): p is RememberedSearch => typeof p.area === 'string' && p.area !== '',
  );
  // writeCookie URI-encodes the JSON, as parseSessionPrefsCookie (the server's reader) expects.
  writeCookie(COOKIES.sessionPrefs.name, JSON.stringify(rememberSearch(previous, search)), COOKIES.sessionPrefs.maxAgeSeconds);
}
