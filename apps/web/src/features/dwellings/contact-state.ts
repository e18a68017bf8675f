import { contactFailureOutcome } from '@husly/domain';
import type { LandlordContact } from '@husly/contracts';
import { CONTACT_ERROR_CODES } from '@husly/contracts/browser';
import { isHttpError } from '../../lib/api-client';

/**
 * The landlord-contact fetch of section 4: not fetched, then the contact; 401 asks the visitor to log
 * in or sign up, 403 sends to the subscription page (on the limited plan, the reason is shown instead),
 * 410 marks the dwelling unavailable, any other failure is a generic error that may be retried.
 */
export type ContactState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'shown'; contact: LandlordContact }
  | { status: 'login' }
  | { status: 'subscribe' }
  | { status: 'limit'; limit: LimitReached }
  | { status: 'unavailable' }
  | { status: 'error' };

/**
 * The limited plan's refusal (issue 36): the count, the limit and when it resets, which the page words in
 * its own language with an upgrade link; `message` is the server's text, shown when the numbers are missing.
 */
export interface LimitReached {
  used: number | null;
  limit: number | null;
  resetsAt: string | null;
  message: string;
}

export type ContactEvent = { type: 'fetch' } | { type: 'success'; contact: LandlordContact } | { type: 'failure'; error: unknown };

export function initialContactState(contactable: boolean): ContactState {
  return contactable ? { status: 'idle' } : { status: 'unavailable' };
}

function failureState(error: unknown): ContactState {
  if (!isHttpError(error)) return { status: 'error' };
  switch (contactFailureOutcome(error.statusCode)) {
    case 'login':
      return { status: 'login' };
    case 'subscribe': {
      const body = error.body as { code?: unknown; message?: unknown; used?: unknown; limit?: unknown; retryAt?: unknown } | null | undefined;
      if (body?.code === CONTACT_ERROR_CODES.contactLimitReached) {
        const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);
        const resetsAt = typeof body.retryAt === 'string' && !Number.isNaN(Date.parse(body.retryAt)) ? body.retryAt : null;
        return { status: 'limit', limit: { used: count(body.used), limit: count(body.limit), resetsAt, message: typeof body.message === 'string' ? body.message : '' } };
      }
      return { status: 'subscribe' };
    }
    case 'unavailable':
      return { status: 'unavailable' };
    case 'error':
      return { status: 'error' };
  }
}

export function contactReducer(state: ContactState, event: ContactEvent): ContactState {
  switch (event.type) {
    case 'fetch':
      // An unavailable dwelling stays unavailable; a shown contact needs no second fetch.
      return state.status === 'unavailable' || state.status === 'shown' || state.status === 'loading' ? state : { status: 'loading' };
    case 'success':
      return state.status === 'loading' ? { status: 'shown', contact: event.contact } : state;
    case 'failure':
      return state.status === 'loading' ? failureState(event.error) : state;
  }
}
