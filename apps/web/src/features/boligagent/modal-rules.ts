import { BOLIGAGENT } from '@husly/domain';

/** Where the modal's counter lives: localStorage (per visitor) and sessionStorage (per page session). */
export const MODAL_STORAGE = { shows: 'bn.agentModal.shows', shownThisSession: 'bn.agentModal.session' } as const;

/**
 * The city page's signup modal (spec sections 4 and 9): at most 3 times per visitor, once per page
 * session, never for existing users (a login token present) or someone who already signed up.
 */
export function shouldShowModal(input: { shows: number; shownThisSession: boolean; loggedIn: boolean }): boolean {
  if (input.loggedIn || input.shownThisSession) return false;
  return input.shows < BOLIGAGENT.modal.maxShowsPerVisitor;
}

/** The stored counter as a number; garbage counts as 0 so a broken value never hides the modal forever by accident. */
export function parseShows(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : 0;
}
