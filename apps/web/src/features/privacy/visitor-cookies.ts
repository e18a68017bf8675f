import { COOKIES, readCookie, utmFromQuery } from '@husly/domain';
import { whenAllowed, writeCookie } from './consent-store';

/**
 * The landing page's UTM parameters (spec section 9: kept 86,400 s, sent with a signup) and the
 * visitor id (one year, sent with events), written once the visitor allows statistics cookies: at
 * once, or when they choose so in the banner on this page.
 */
export function rememberLanding(search: string): void {
  const utm = utmFromQuery(search);
  whenAllowed(() => {
    if (utm) writeCookie(COOKIES.utm.name, JSON.stringify(utm), COOKIES.utm.maxAgeSeconds);
    if (!readCookie(document.cookie, COOKIES.visitor.name)) {
      writeCookie(COOKIES.visitor.name, crypto.randomUUID(), COOKIES.visitor.maxAgeSeconds);
    }
  });
}
