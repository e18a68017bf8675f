import { createContext, useContext, useSyncExternalStore } from 'react';
import {
  CONSENT_COOKIE,
  COOKIE_PURPOSES,
  cookiePurpose,
  mayStore,
  parseConsent,
  readCookie,
  type CookieConsent,
} from '@husly/domain';

// The visitor's cookie choice (ADR 0017), and the only way the web writes a cookie that needs it.

const listeners = new Set<() => void>();
/** Bumped when the choice changes or the banner is asked for again from the footer. */
let version = 0;
let reopened = false;

function notify(): void {
  version++;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentConsent(): CookieConsent | null {
  return typeof document === 'undefined' ? null : parseConsent(readCookie(document.cookie, CONSENT_COOKIE.name));
}

function secure(): string {
  return window.location.protocol === 'https:' ? '; Secure' : '';
}

/**
 * Writes cookie `name` when its purpose is allowed by the visitor's choice; false when it is not.
 * A cookie missing from the catalogue is refused: a new cookie must first be described there.
 */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): boolean {
  const purpose = cookiePurpose(name);
  if (!purpose || !mayStore(purpose, currentConsent())) return false;
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure()}`;
  return true;
}

function deleteCookie(name: string): void {
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}

const onAcceptAll: Array<() => void> = [];

/** Work to do once the visitor allows all cookies (now, if they already have). */
export function whenAllowed(work: () => void): void {
  if (currentConsent() === 'all') work();
  else onAcceptAll.push(work);
}

/** Stores the choice; choosing "necessary" also removes what an earlier "all" let us write. */
export function choose(consent: CookieConsent): void {
  document.cookie = `${CONSENT_COOKIE.name}=${consent}; Path=/; Max-Age=${CONSENT_COOKIE.maxAgeSeconds}; SameSite=Lax${secure()}`;
  reopened = false;
  if (consent === 'all') {
    for (const work of onAcceptAll.splice(0)) work();
  } else {
    for (const [name, purpose] of Object.entries(COOKIE_PURPOSES)) if (!mayStore(purpose, consent)) deleteCookie(name);
  }
  notify();
}

/** The footer's "Cookie settings": the banner again, with the current choice. */
export function reopenConsent(): void {
  reopened = true;
  notify();
}

export interface ConsentState {
  /** null until the visitor has chosen. */
  consent: CookieConsent | null;
  /** Whether the banner is to be shown. */
  asking: boolean;
}

let snapshot: { version: number; state: ConsentState } | null = null;

function getSnapshot(): ConsentState {
  if (!snapshot || snapshot.version !== version || snapshot.state.consent !== currentConsent()) {
    const consent = currentConsent();
    snapshot = { version, state: { consent, asking: consent === null || reopened } };
  }
  return snapshot.state;
}

/** The state a page starts with, per choice: one object each, as useSyncExternalStore wants. */
const INITIAL: Record<CookieConsent | 'none', ConsentState> = {
  none: { consent: null, asking: true },
  all: { consent: 'all', asking: false },
  necessary: { consent: 'necessary', asking: false },
};

/**
 * The choice the page was requested with: the server render reads it from the request's Cookie
 * header, the browser from document.cookie as it starts, so both render the banner alike and a
 * first-time visitor's page arrives with it (it was the largest paint of most first visits, drawn
 * only after hydration; docs/decisions/0028-rendered-page-cache.md).
 */
const InitialConsent = createContext<CookieConsent | null>(null);
export const InitialConsentProvider = InitialConsent.Provider;

/** The choice, for components; the first render (the server's, and hydration) uses the choice the page was requested with. */
export function useConsent(): ConsentState {
  const initial = INITIAL[useContext(InitialConsent) ?? 'none'];
  return useSyncExternalStore(subscribe, getSnapshot, () => initial);
}

