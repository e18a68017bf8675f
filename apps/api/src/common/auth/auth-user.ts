/** The logged-in user as the API sees it on a request; never a Prisma type. */
export interface AuthUser {
  id: number;
  email: string | null;
}

/** What a login token carries: the user id as subject. */
export interface TokenPayload {
  sub: string;
  iat?: number;
  exp?: number;
}
