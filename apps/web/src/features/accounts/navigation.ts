import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { postLoginPath, safeNextPath } from '@husly/domain';
import type { Session } from './session-store';

/** The profile's subscription tab, where a visitor without a subscription is sent to buy one (section 4). */
export const SUBSCRIPTION_PATH = '/profile/subscription';

/** /login?next=… for a page that needs a user; `next` keeps its slashes readable (/login?next=/profile). */
export function loginHref(next: string): string {
  return `/login?next=${encodeURIComponent(next).replace(/%2F/gi, '/')}`;
}

/** Keeps ?next= on the links between login and signup. */
export function withNext(path: string, next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next).replace(/%2F/gi, '/')}` : path;
}

/**
 * Section 2: a logged-in user on /login or /signup goes to `next` (a local path only) or to
 * /profile/tenant (subscriber) or /profile/subscription. Also the redirect right after login/signup.
 */
export function useRedirectWhenLoggedIn(session: Session, rawNext: string | null): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (session.status !== 'user') return;
    void navigate(safeNextPath(rawNext) ?? postLoginPath(session.user.subscriber), { replace: true });
  }, [session, rawNext, navigate]);
}

const inFlight = new Map<string, Promise<unknown>>();

/** Single-use links must be sent once, even when a development StrictMode runs an effect twice. */
export function once<T>(key: string, run: () => Promise<T>): Promise<T> {
  let promise = inFlight.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = run();
    inFlight.set(key, promise);
  }
  return promise;
}
