import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useAccount } from '../../features/accounts/use-account';

/** The page's heading, made focusable by script only (tabIndex -1: not a tab stop, no ring for a mouse). */
export function focusPageHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  // ScrollRestoration has already put the page where it belongs.
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * A page still loading shows a busy heading (the results' "Henter boliger…", a Suspense fallback)
 * that the loaded page replaces: focus went to the busy one and, with it removed, to nowhere. So
 * focus follows to the heading that replaces it, unless the user has moved it meanwhile.
 * Returns the observer's stop, or nothing when the heading is not busy.
 */
export function followBusyHeading(): (() => void) | undefined {
  const main = document.querySelector('main');
  const busy = main?.querySelector('h1[aria-busy="true"]');
  if (!main || !busy) return undefined;
  const observer = new MutationObserver(() => {
    const heading = main.querySelector('h1');
    if (!heading || heading === busy || heading.getAttribute('aria-busy') === 'true') return;
    observer.disconnect();
    const active = document.activeElement;
    if (active === null || active === document.body || active === busy) focusPageHeading();
  });
  observer.observe(main, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * A client-side navigation leaves focus on the link that was clicked, which is gone or on another
 * page: a screen reader then says nothing of the new page, and Tab starts from nowhere. So after
 * each navigation to another path focus goes to the new page's h1 (which is also what is read out).
 * Not on the first load (the browser's own start is right), not for a #fragment (the skip link and
 * anchors move focus themselves), not when only the query changes (a filter the user is moving).
 * Logging in from the header's menu removes the focused form: focus goes to the heading then too.
 */
export function useFocusOnNavigation(): void {
  const { pathname, hash } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (hash) return;
    if (focusPageHeading()) return followBusyHeading();
  }, [pathname, hash]);

  const status = useAccount().status;
  const before = useRef(status);
  useEffect(() => {
    const was = before.current;
    before.current = status;
    // From guest only: unknown -> user is the session restored on load, not a login.
    if (was !== 'guest' || status !== 'user') return;
    if (document.activeElement === null || document.activeElement === document.body) focusPageHeading();
  }, [status]);
}
