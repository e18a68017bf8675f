import { useCallback, useEffect, useState } from 'react';
import { BOLIGAGENT, COOKIES, readCookie } from '@husly/domain';
import { useAccount } from '../../accounts/use-account';
import { MODAL_STORAGE, parseShows, shouldShowModal } from '../modal-rules';

type SignupOffer = typeof import('./boligagent-signup-offer');

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

/** Whether the rules let it show now; read from storage and the cookie each time it is asked. */
function isDue(): boolean {
  const local = storage('local');
  const session = storage('session');
  if (!local || !session) return false;
  return shouldShowModal({
    shows: parseShows(local.getItem(MODAL_STORAGE.shows)),
    shownThisSession: session.getItem(MODAL_STORAGE.shownThisSession) === '1',
    loggedIn: Boolean(readCookie(document.cookie, COOKIES.token.name)),
  });
}

/** Counts a showing; false where storage refuses the write (full, or a private mode's), which isDue cannot tell. */
function countShowing(): boolean {
  try {
    const local = window.localStorage;
    local.setItem(MODAL_STORAGE.shows, String(parseShows(local.getItem(MODAL_STORAGE.shows)) + 1));
    window.sessionStorage.setItem(MODAL_STORAGE.shownThisSession, '1');
    return true;
  } catch {
    return false; // uncounted it would show on every page: like disabled storage, it does not show
  }
}

/**
 * The city page's boligagent signup modal (spec sections 4 and 9): at most 3 times per visitor
 * (a counter in localStorage), once per page session (sessionStorage), never for existing users
 * (a login token cookie); a successful signup stops it for good. On a phone what shows is the slim
 * bar, which counts as the showing; the dialog opens from it when tapped. Both are loaded only when
 * one is due (boligagent-signup-offer.ts).
 */
export function BoligagentSignupModalSlot({ area, label }: BoligagentSignupModalSlotProps) {
  const [shown, setShown] = useState<'none' | 'prompt' | 'dialog'>('none');
  // The prompt and the dialog, loaded when one is due (boligagent-signup-offer.ts).
  const [offer, setOffer] = useState<SignupOffer | null>(null);
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
    let gone = false;
    const timer = setTimeout(() => {
      if (!isDue()) return;
      import('./boligagent-signup-offer').then(
        (loaded) => {
          // Asked again, and counted only now: a visitor who left the page or logged in (its cookie)
          // while the chunk loaded sees nothing, and a showing that never appeared uses up none of the three.
          if (gone || !isDue() || !countShowing()) return;
          setOffer(loaded);
          setShown(phone ? 'prompt' : 'dialog');
        },
        // Offline, or a deploy replaced the chunk: it is an offer, not the page, so nothing shows
        // (no error page, no reload) and no showing is counted; the next page view tries again.
        () => undefined,
      );
    }, phone ? PROMPT_AFTER_MS : OPEN_AFTER_MS);
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, []);

  const close = useCallback(() => setShown('none'), []);
  const openDialog = useCallback(() => setShown('dialog'), []);
  const succeeded = useCallback(() => storage('local')?.setItem(MODAL_STORAGE.shows, String(BOLIGAGENT.modal.maxShowsPerVisitor)), []);

  if (shown === 'none' || loggedIn || !offer) return null;
  const { BoligagentSignupModal, BoligagentSignupPrompt } = offer;
  if (shown === 'prompt') return <BoligagentSignupPrompt label={label} onOpen={openDialog} onClose={close} />;
  return <BoligagentSignupModal area={area} label={label} onClose={close} onSucceeded={succeeded} />;
}
