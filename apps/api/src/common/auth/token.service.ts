import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { randomBytes } from 'node:crypto';
import { COOKIES } from '@husly/domain';
import { Clock } from '../../infra/clock/clock';
import type { TokenPayload } from './auth-user';

export const JWT_ALGORITHM = 'HS256' as const;

/** Issues the bearer tokens of login and signup: HS256, lifetime = the token cookie's (spec section 9). */
@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  get lifetimeSeconds(): number {
    return COOKIES.token.maxAgeSeconds;
  }

  /**
   * `sessionVersion`: the user's current one (users.session_version; a token of an older one is
   * refused). `sessionId`: the session the token continues (the language handoff); a new one otherwise.
   * `passwordResetSeconds`: the token may set a new password without the old one for that long.
   */
  issue(userId: number, options: { sessionVersion?: number; sessionId?: string; passwordResetSeconds?: number } = {}): string {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const payload: TokenPayload = {
      sub: String(userId),
      iat,
      exp: iat + this.lifetimeSeconds,
      sv: options.sessionVersion ?? 0,
      sid: options.sessionId ?? randomBytes(16).toString('base64url'),
    };
    if (options.passwordResetSeconds) payload.pwr = iat + options.passwordResetSeconds;
    return this.jwt.sign(payload, { algorithm: JWT_ALGORITHM });
  }

  /**
   * The payload of a token we signed, expired or not (a logout may end the session of an expired
   * token, whose handed-off twin may still live); null for anything else.
   */
  read(token: string | null | undefined): (TokenPayload & { userId: number }) | null {
    if (!token) return null;
    try {
      const payload = this.jwt.verify<TokenPayload>(token, { algorithms: [JWT_ALGORITHM], ignoreExpiration: true });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || !payload.exp) return null;
      if (payload.sid !== undefined && typeof payload.sid !== 'string') return null;
      return { ...payload, userId };
    } catch {
      return null;
    }
  }

  /** Whether the token's exp has passed on our clock. */
  expired(payload: TokenPayload): boolean {
    return !payload.exp || payload.exp * 1000 <= this.clock.now().getTime();
  }
}
