import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Clock } from '../../infra/clock/clock';
import { PrismaService } from '../../infra/prisma/prisma.service';
import type { AuthUser, TokenPayload } from './auth-user';
import { JWT_ALGORITHM } from './token.service';

/**
 * Bearer tokens: only HS256 is accepted (no "none", no algorithm confusion), exp is checked by
 * jsonwebtoken and again against our Clock, and the user must still exist, not be deleted, and be at
 * the session version the token was issued for (a password change or reset, or "log out everywhere",
 * ends older tokens), and the token's session must not have been logged out (ended_sessions) nor the
 * user blocked by support.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly prisma: PrismaService,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.auth.jwtSecret,
      algorithms: [JWT_ALGORITHM],
      ignoreExpiration: false,
    });
  }

  async validate(payload: TokenPayload): Promise<AuthUser | false> {
    const id = Number(payload.sub);
    if (!Number.isSafeInteger(id) || !payload.exp) return false;
    if (payload.exp * 1000 <= this.clock.now().getTime()) return false;
    const sid = typeof payload.sid === 'string' ? payload.sid : null;
    // One round trip on every authenticated request: the user row and the ended-session primary key.
    const [user] = await this.prisma.$queryRaw<Array<{ id: number; email: string | null; deleted: boolean; blocked: boolean; sessionVersion: number; ended: boolean }>>`
      SELECT u.id, u.email, u.deleted_at IS NOT NULL AS deleted, u.blocked_at IS NOT NULL AS blocked, u.session_version AS "sessionVersion",
             EXISTS (SELECT 1 FROM ended_sessions e WHERE e.id = ${sid}) AS ended
      FROM users u WHERE u.id = ${id}`;
    if (!user || user.deleted || user.blocked || user.ended) return false;
    if ((payload.sv ?? 0) !== user.sessionVersion) return false;
    const nowSeconds = this.clock.now().getTime() / 1000;
    return {
      id: user.id,
      email: user.email,
      sessionVersion: user.sessionVersion,
      ...(sid ? { sessionId: sid } : {}),
      ...(payload.pwr && payload.pwr > nowSeconds ? { passwordReset: true } : {}),
    };
  }
}
