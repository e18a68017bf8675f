/** `smooth`, unless the person asked their system for less motion: then the page jumps (WCAG 2.3.3). */
export function scrollBehavior(): ScrollBehavior {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
