import type { SessionUser } from '@husly/contracts';

/** A logged-in user as the session call returns them: verified, no subscription, Danish. */
export const sessionUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  id: 7,
  email: 'mette@husly.test',
  name: 'Mette Hansen',
  cellphone: null,
  facebookId: null,
  meta: [],
  status: true,
  language: 'da',
  consentCommunication: false,
  consentCommunicationAt: null,
  subscriber: false,
  subscriptions: [],
  ...overrides,
});
