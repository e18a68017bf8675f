import { createContext } from 'react';
import { COOKIES, readCookie } from '@husly/domain';
import type { DwellingDetail } from '@husly/contracts';

/** Section 3, last-viewed dwelling: kept for a non-subscriber in the cookie bn.last for 3600 s. */
export interface LastViewedDwelling {
  dwellingId: string;
  headline: string;
  image: string | null;
  images: string[];
  subscribed: boolean;
}

export function lastViewedFrom(dwelling: DwellingDetail): LastViewedDwelling {
  return {
    dwellingId: dwelling.dwellingId,
    headline: dwelling.headline,
    image: dwelling.images[0] ?? null,
    // Only the first image: a cookie holds 4 kB.
    images: dwelling.images.slice(0, 1),
    subscribed: dwelling.subscribed,
  };
}

export function readLastViewed(cookies: string): LastViewedDwelling | null {
  const raw = readCookie(cookies, COOKIES.lastDwelling.name);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<LastViewedDwelling>;
    return typeof value.dwellingId === 'string' && typeof value.headline === 'string'
      ? {
          dwellingId: value.dwellingId,
          headline: value.headline,
          image: typeof value.image === 'string' ? value.image : null,
          images: Array.isArray(value.images) ? value.images.filter((i): i is string => typeof i === 'string') : [],
          subscribed: value.subscribed === true,
        }
      : null;
  } catch {
    return null;
  }
}

/** The Set-Cookie string (document.cookie) that remembers `dwelling`, or forgets it with null. */
export function lastViewedCookie(dwelling: LastViewedDwelling | null): string {
  const name = COOKIES.lastDwelling.name;
  if (!dwelling) return `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
  return `${name}=${encodeURIComponent(JSON.stringify(dwelling))}; Max-Age=${COOKIES.lastDwelling.maxAgeSeconds}; Path=/; SameSite=Lax`;
}

/** Which prompt the banner shows: a visitor signs up or logs in, a logged-in non-subscriber subscribes. */
export function lastViewedPrompt(loggedIn: boolean): 'signup' | 'subscribe' {
  return loggedIn ? 'subscribe' : 'signup';
}

/** What the last-viewed banner shows: a non-subscriber's remembered dwelling, and the prompt's viewer. */
export interface LastViewedBannerState {
  dwelling: LastViewedDwelling;
  loggedIn: boolean;
}

/**
 * The banner for these cookies (the request's on the server, document.cookie in the browser), or
 * null: none remembered, or a subscriber's. Server and browser read the same cookies, so the banner is
 * in the page's HTML and hydration keeps it, rather than appearing after it and pushing the page down.
 */
export function lastViewedBannerState(cookies: string | undefined): LastViewedBannerState | null {
  const dwelling = cookies ? readLastViewed(cookies) : null;
  return dwelling && !dwelling.subscribed ? { dwelling, loggedIn: Boolean(readCookie(cookies ?? '', COOKIES.token.name)) } : null;
}

/** The banner as the page was requested (AppContext.lastViewed): what the server rendered. */
export const InitialLastViewed = createContext<LastViewedBannerState | null>(null);
