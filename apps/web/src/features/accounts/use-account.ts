import { useApi } from '../../lib/api-context';
import { useSession, type Session } from './session-store';

/** The session in a component: restored from the token cookie on first use. */
export function useAccount(): Session {
  return useSession(useApi());
}

/** Inside /profile (which waits for a user): the logged-in user. */
export function useSessionUser() {
  const session = useAccount();
  if (session.status !== 'user') throw new Error('useSessionUser needs a logged-in user (use it under /profile)');
  return session.user;
}
