import { useContext, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { islandOnDemand } from '../../../lib/islands';
// In the shell's stylesheet: the server's banner is painted before its chunk loads.
import './last-viewed-banner.module.css';
import { InitialLastViewed, lastViewedBannerState, lastViewedCookie, type LastViewedBannerState } from '../last-viewed';

/** For entry-client, before hydrating a page whose server render showed the banner. */
export function preloadLastViewedBanner(state: LastViewedBannerState | null, pathname: string): Promise<void> {
  return isShown(state, pathname) ? banner.preload().catch(() => undefined) : Promise.resolve();
}

/** Not on a dwelling's page: that page becomes the one remembered. */
const isShown = (state: LastViewedBannerState | null, pathname: string): state is LastViewedBannerState => state !== null && !pathname.startsWith('/vis/');

const banner = islandOnDemand(() => import('./last-viewed-banner').then((module) => module.LastViewedBanner));

/**
 * Section 2: the last-viewed dwelling banner for a non-subscriber, prompting signup, login or
 * subscription. The server renders it from the request's cookie bn.last and the browser starts from
 * the same (InitialLastViewed), so it is in the page from the first paint: shown only after
 * hydration, it pushed a returning visitor's page down 129 px (CLS 0.13). Read again on every
 * client navigation. Not on a dwelling's page: the page is what the visitor is looking at, and it
 * becomes the one remembered (DwellingPage writes bn.last as it mounts).
 *
 * Its code loads only for a visitor who has one (lib/islands.tsx), before the page hydrates
 * (preloadLastViewedBanner), so the server's banner is hydrated in place: no node replaced, nothing moves.
 */
export function LastViewedBannerSlot() {
  const { pathname } = useLocation();
  const [state, setState] = useState(useContext(InitialLastViewed));

  useEffect(() => {
    setState(lastViewedBannerState(document.cookie));
  }, [pathname]);

  const shown = isShown(state, pathname);
  useEffect(() => {
    if (shown) banner.start();
  }, [shown]);

  if (!shown) return null;
  const dismiss = () => {
    document.cookie = lastViewedCookie(null);
    setState(null);
  };
  return <banner.Island props={{ state, onDismiss: dismiss }} />;
}
