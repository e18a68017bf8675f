/** The logged-in user as the API sees it on a request; never a Prisma type. */
export interface AuthUser {
  id: number;
  email: string | null;
  /** The token came from a password-reset link: it may set a new password without the old one. */
  passwordReset?: boolean;
  /** The token's session (sid) and session version: what a logout or a language handoff acts on. */
  sessionId?: string;
  sessionVersion?: number;
}

/** What a login token carries: the user id as subject. */
export interface TokenPayload {
  sub: string;
  iat?: number;
  exp?: number;
  /** Set on tokens issued by a password-reset link: until when (epoch seconds) they may set a password. */
  pwr?: number;
  /** The user's session version at issue: a password change or reset moves it and ends older tokens. */
  sv?: number;
  /**
   * The session the token belongs to: one per login, shared by the tokens the language handoff makes
   * from it; a logout ends it (ended_sessions). Missing on tokens issued before logout existed.
   */
  sid?: string;
}
