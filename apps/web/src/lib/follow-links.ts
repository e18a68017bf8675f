import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * A click handler for an element whose links are plain `<a href>` (no router Link each): a plain
 * left click on one of ours (`selector`) is followed in the router; a modified click, another site's
 * link and one that opens elsewhere are left to the browser. Used for the cards of a list and for
 * the static islands' HTML (lib/islands.tsx).
 */
export function useFollowLinks<E extends Element>(selector = 'a[href]'): (event: MouseEvent<E>) => void {
  const navigate = useNavigate();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = event.target instanceof Element ? event.target.closest(selector) : null;
    if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
    if (link.target || link.hasAttribute('download')) return;
    // Resolved by the browser, so `//host` and `/\host` count as the other site they are.
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    void navigate(url.pathname + url.search + url.hash);
  };
}
