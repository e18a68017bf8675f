import { useCallback, useEffect, useState } from 'react';
import { BOLIGAGENT, COOKIES, readCookie } from '@husly/domain';
import { useAccount } from '../../accounts/use-account';
import { BoligagentSignupModal } from './boligagent-signup-modal';
import { BoligagentSignupPrompt } from './boligagent-signup-prompt';
import { MODAL_STORAGE, parseShows, shouldShowModal } from '../modal-rules';

export interface BoligagentSignupModalSlotProps {
  /** City slug of the city page. */
  area: string;
  /** The city's label, for the modal's text. */
  label: string;
}

/** Delay before the modal opens: the visitor sees the listing first. */
const OPEN_AFTER_MS = 4_000;
/**
 * Phones get the slim bar instead of the dialog, and later: a sheet over 45 % of the screen 4 s after
 * landing is an intrusive interstitial (docs/decisions/0020-accessibility.md).
 */
const PROMPT_AFTER_MS = 8_000;
const PHONE_QUERY = '(max-width: 599px)';

function isPhone(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;
}

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
 * (a login token cookie); a successful signup stops it for good. On a phone what shows is the slim
 * bar, which counts as the showing; the dialog opens from it when tapped.
 */
export function BoligagentSignupModalSlot({ area, label }: BoligagentSignupModalSlotProps) {
  const [shown, setShown] = useState<'none' | 'prompt' | 'dialog'>('none');
  // Logging in from the header while it is open (or waiting to open) makes it moot: it is for visitors.
  const loggedIn = useAccount().status === 'user';
  useEffect(() => {
    if (loggedIn) setShown('none');
  }, [loggedIn]);

  useEffect(() => {
    // The storage is read when the time comes, not on mount: a first-time visitor's first touch of
    // localStorage loads it synchronously, a long task in the middle of the page's hydration
    // (docs/decisions/0027-list-hydration.md). Read then, the rules see the same counters.
    const phone = isPhone();
    const timer = setTimeout(() => {
      const local = storage('local');
      const session = storage('session');
      if (!local || !session) return;
      const show = shouldShowModal({
        shows: parseShows(local.getItem(MODAL_STORAGE.shows)),
        shownThisSession: session.getItem(MODAL_STORAGE.shownThisSession) === '1',
        loggedIn: Boolean(readCookie(document.cookie, COOKIES.token.name)),
      });
      if (!show) return;
      local.setItem(MODAL_STORAGE.shows, String(parseShows(local.getItem(MODAL_STORAGE.shows)) + 1));
      session.setItem(MODAL_STORAGE.shownThisSession, '1');
      setShown(phone ? 'prompt' : 'dialog');
    }, phone ? PROMPT_AFTER_MS : OPEN_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  const close = useCallback(() => setShown('none'), []);
  const openDialog = useCallback(() => setShown('dialog'), []);
  const succeeded = useCallback(() => storage('local')?.setItem(MODAL_STORAGE.shows, String(BOLIGAGENT.modal.maxShowsPerVisitor)), []);

  if (shown === 'none' || loggedIn) return null;
  if (shown === 'prompt') return <BoligagentSignupPrompt label={label} onOpen={openDialog} onClose={close} />;
  return <BoligagentSignupModal area={area} label={label} onClose={close} onSucceeded={succeeded} />;
}
