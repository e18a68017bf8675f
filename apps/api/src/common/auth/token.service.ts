import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
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
   * refused). `passwordResetSeconds`: the token may set a new password without the old one for that long.
   */
  issue(userId: number, options: { sessionVersion?: number; passwordResetSeconds?: number } = {}): string {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const payload: TokenPayload = { sub: String(userId), iat, exp: iat + this.lifetimeSeconds, sv: options.sessionVersion ?? 0 };
    if (options.passwordResetSeconds) payload.pwr = iat + options.passwordResetSeconds;
    return this.jwt.sign(payload, { algorithm: JWT_ALGORITHM });
  }
}
