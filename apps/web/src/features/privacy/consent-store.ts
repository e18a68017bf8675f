import { useSyncExternalStore } from 'react';
import {
  COOKIE_CATALOGUE,
  CONSENT_COOKIE,
  cookiePurpose,
  mayStore,
  parseConsent,
  type CookieConsent,
} from '@husly/domain';
import { readCookie } from '../../lib/cookies';

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
    for (const cookie of COOKIE_CATALOGUE) if (!mayStore(cookie.purpose, consent)) deleteCookie(cookie.name);
  }
  notify();
}

/** The footer's "Cookie settings": the banner again, with the current choice. */
export function reopenConsent(): void {
  reopened = true;
  notify();
}

export interface ConsentState {
  /** null until the visitor has chosen (and on the server, which renders no banner). */
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

const SERVER: ConsentState = { consent: null, asking: false };

/** The choice, for components: the server and the first render ask nothing, so hydration matches. */
export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribe, getSnapshot, () => SERVER);
}

