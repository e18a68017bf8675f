import { useEffect, useLayoutEffect, type RefObject } from 'react';

/** What a horizontally scrolling strip measures (an element's scroll box). */
export interface StripBox {
  scrollLeft: number;
  clientWidth: number;
  scrollWidth: number;
}

/** An item of the strip, in the strip's own coordinates (offsetLeft from the strip's padding edge). */
export interface StripItem {
  offsetLeft: number;
  offsetWidth: number;
}

/**
 * Whether there is more of the strip before and after what is shown. A pixel of slack: Chromium
 * reports fractional widths rounded, so a strip scrolled to its end can be 1 px short of it.
 */
export function stripEdges({ scrollLeft, clientWidth, scrollWidth }: StripBox): { start: boolean; end: boolean } {
  return { start: scrollLeft > 1, end: scrollLeft + clientWidth < scrollWidth - 1 };
}

/**
 * The scrollLeft that shows `item` whole with `margin` px of the strip beside it (so it is not under
 * the fade), or the current one when it is already shown that way. Never scrolls past either end.
 */
export function scrollLeftToShow(box: StripBox, item: StripItem, margin = 32): number {
  const max = Math.max(0, box.scrollWidth - box.clientWidth);
  const left = item.offsetLeft - margin;
  const right = item.offsetLeft + item.offsetWidth + margin - box.clientWidth;
  let target = box.scrollLeft;
  if (left < box.scrollLeft) target = left;
  else if (right > box.scrollLeft) target = Math.min(right, left);
  return Math.min(max, Math.max(0, target));
}

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * A strip of links that scrolls sideways (the profile tabs on a phone): on every `key` (the route)
 * the item matching `activeSelector` is scrolled into the strip, not the page, before paint; and
 * `data-more-start` / `data-more-end` on the strip's parent say where more is hidden, for a fade.
 */
export function useScrollStrip(ref: RefObject<HTMLElement | null>, activeSelector: string, key: unknown): void {
  useIsomorphicLayoutEffect(() => {
    const strip = ref.current;
    const active = strip?.querySelector<HTMLElement>(activeSelector);
    // scrollIntoView would also scroll the page; only the strip should move.
    if (strip && active) strip.scrollLeft = scrollLeftToShow(strip, active);
  }, [ref, activeSelector, key]);

  useEffect(() => {
    const strip = ref.current;
    const frame = strip?.parentElement;
    if (!strip || !frame) return;
    const update = () => {
      const { start, end } = stripEdges(strip);
      frame.toggleAttribute('data-more-start', start);
      frame.toggleAttribute('data-more-end', end);
    };
    update();
    strip.addEventListener('scroll', update, { passive: true });
    // A turned phone or a resized window changes what fits; jsdom has no ResizeObserver.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(strip);
    return () => {
      strip.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref, key]);
}
