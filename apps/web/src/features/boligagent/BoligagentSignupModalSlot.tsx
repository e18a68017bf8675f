import { useCallback, useEffect, useState } from 'react';
import { COOKIES, BOLIGAGENT } from '@husly/domain';
import { readCookie } from '../../lib/cookies';
import { useAccount } from '../accounts/use-account';
import { BoligagentSignupModal } from './BoligagentSignupModal';
import { MODAL_STORAGE, parseShows, shouldShowModal } from './modal-rules';

export interface BoligagentSignupModalSlotProps {
  /** City slug of the city page. */
  area: string;
  /** The city's label, for the modal's text. */
  label: string;
}

/** Delay before the modal opens: the visitor sees the listing first. */
const OPEN_AFTER_MS = 4_000;

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // storage disabled: the modal then never shows rather than nagging on every page
  }
}

/**
 * The city page's boligagent signup modal (spec sections 4 and 9): at most 3 times per visitor
 * (a counter in localStorage), once per page session (sessionStorage), never for existing users
 * (a login token cookie); a successful signup stops it for good.
 */
export function BoligagentSignupModalSlot({ area, label }: BoligagentSignupModalSlotProps) {
  const [open, setOpen] = useState(false);
  // Logging in from the header while it is open (or waiting to open) makes it moot: it is for visitors.
  const loggedIn = useAccount().status === 'user';
  useEffect(() => {
    if (loggedIn) setOpen(false);
  }, [loggedIn]);

  useEffect(() => {
    const local = storage('local');
    const session = storage('session');
    if (!local || !session) return;
    const show = shouldShowModal({
      shows: parseShows(local.getItem(MODAL_STORAGE.shows)),
      shownThisSession: session.getItem(MODAL_STORAGE.shownThisSession) === '1',
      loggedIn: Boolean(readCookie(document.cookie, COOKIES.token.name)),
    });
    if (!show) return;
    const timer = setTimeout(() => {
      local.setItem(MODAL_STORAGE.shows, String(parseShows(local.getItem(MODAL_STORAGE.shows)) + 1));
      session.setItem(MODAL_STORAGE.shownThisSession, '1');
      setOpen(true);
    }, OPEN_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  const close = useCallback(() => setOpen(false), []);
  const succeeded = useCallback(() => storage('local')?.setItem(MODAL_STORAGE.shows, String(BOLIGAGENT.modal.maxShowsPerVisitor)), []);

  if (!open || loggedIn) return null;
  return <BoligagentSignupModal area={area} label={label} onClose={close} onSucceeded={succeeded} />;
}
