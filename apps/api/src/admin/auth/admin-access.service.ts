import { HttpException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { ADMIN_ERROR_CODES, apiError, type AdminMe } from '@husly/contracts';
import { normalizeEmail, type Language } from '@husly/domain';
import type { AuthUser } from '../../common/auth/auth-user';
import { JwtStrategy } from '../../common/auth/jwt.strategy';
import { TokenService } from '../../common/auth/token.service';
import { RateLimitService, ThrottledError, throttled } from '../../common/rate-limit/rate-limit.service';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Clock } from '../../infra/clock/clock';
import { Prisma } from '../../infra/prisma/generated/client';
import { PrismaService } from '../../infra/prisma/prisma.service';
import { AuditLogService } from '../audit/audit-log.service';
import { openTotpSecret, sealTotpSecret } from './totp-secret';

/** The admin session's cookie: HttpOnly, SameSite=Strict, sent to the admin API only. */
export const ADMIN_COOKIE = 'husly_admin';
export const ADMIN_COOKIE_PATH = '/api/admin';
/** Short sessions: a new code every half hour. */
export const ADMIN_SESSION_MS = 30 * 60_000;
const TOTP_PERIOD_S = 30;
/** Codes of the step before or after count too: a phone's clock a little off, a code typed at :29. */
const TOTP_WINDOW = 1;
/** Guesses at a six-digit code: five in a quarter hour per admin, whatever the source. */
export const ADMIN_CODE_LIMIT = { max: 5, windowMs: 15 * 60_000 };
const codeBucket = (userId: number) => ({ bucket: `admin-code:user:${userId}`, ...ADMIN_CODE_LIMIT });

/** The admin behind a request of the desk. */
export interface AdminPrincipal {
  userId: number;
  email: string | null;
  name: string;
  /** The session row's id (the cookie's SHA-256). */
  sessionId: string;
  expiresAt: Date;
}

/** What the command line says back: a user not found, an admin already. */
export class AdminCliError extends Error {}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The admin role and its sessions (docs/decisions/0061-support-desk.md). The role is granted and
 * revoked from the command line only; a desk request needs the user's own login (bearer or token
 * cookie) AND an admin session opened with a TOTP code, both of the same user, the session not
 * ended, expired, revoked, or older than the user's last password change or "log out everywhere".
 */
@Injectable()
export class AdminAccessService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly tokens: TokenService,
    private readonly strategy: JwtStrategy,
    private readonly rateLimits: RateLimitService,
    private readonly audit: AuditLogService,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `npm run admin:grant -- email`: the role and a new TOTP secret, as an otpauth:// URI for the app. */
  async grant(email: string): Promise<{ userId: number; uri: string; secret: string }> {
    const user = await this.prisma.user.findFirst({ where: { email: normalizeEmail(email), deletedAt: null }, select: { id: true, email: true } });
    if (!user?.email) throw new AdminCliError(`No user with the email ${email}`);
    const secret = new Secret({ size: 20 });
    try {
      await this.prisma.$transaction(async (tx) => {
        await tx.admin.create({ data: { userId: user.id, totpSecret: sealTotpSecret(secret.base32, this.config.auth.jwtSecret) } });
        await this.audit.record('cli', { action: 'admin.grant', targetUserId: user.id, after: { admin: true } }, tx);
      });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw new AdminCliError(`${user.email} is an admin already (revoke first to give a new secret)`);
      throw error;
    }
    return { userId: user.id, uri: this.totp(secret.base32, user.email).toString(), secret: secret.base32 };
  }

  /** `npm run admin:revoke -- email`: the role goes, and every open admin session of the user ends. */
  async revoke(email: string): Promise<boolean> {
    const user = await this.prisma.user.findFirst({ where: { email: normalizeEmail(email) }, select: { id: true } });
    if (!user) throw new AdminCliError(`No user with the email ${email}`);
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.admin.deleteMany({ where: { userId: user.id } });
      if (count === 0) return false;
      await tx.adminSession.updateMany({ where: { userId: user.id, endedAt: null }, data: { endedAt: this.clock.now() } });
      await this.audit.record('cli', { action: 'admin.revoke', targetUserId: user.id, before: { admin: true }, after: { admin: false } }, tx);
      return true;
    });
  }

  /** The request's logged-in user: the bearer token, or the token cookie (Bull Board's own requests send no header). */
  async userOf(request: FastifyRequest): Promise<AuthUser | null> {
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const payload = this.tokens.read(bearer ?? request.cookies?.token);
    if (!payload) return null;
    return (await this.strategy.validate(payload)) || null;
  }

  async isAdmin(userId: number): Promise<boolean> {
    return (await this.prisma.admin.count({ where: { userId } })) === 1;
  }

  /**
   * The six digits open a session. A code is good once: the step it belongs to is stored by one
   * conditional UPDATE, so the same code sent twice (a replay, a double click) opens one session.
   */
  async openSession(user: AuthUser, code: string, language: Language): Promise<{ token: string; me: AdminMe }> {
    const admin = await this.prisma.admin.findUnique({ where: { userId: user.id }, include: { user: { select: { email: true, name: true, sessionVersion: true } } } });
    if (!admin) throw new NotFoundException();
    try {
      await this.rateLimits.take([codeBucket(user.id)]);
    } catch (error) {
      if (error instanceof ThrottledError) throw throttled(language, error.retryAfterMs);
      throw error;
    }
    const now = this.clock.now().getTime();
    const delta = this.totp(openTotpSecret(admin.totpSecret, this.config.auth.jwtSecret), admin.user.email ?? '').validate({ token: code, timestamp: now, window: TOTP_WINDOW });
    if (delta === null) throw refused();
    const step = BigInt(Math.floor(now / 1000 / TOTP_PERIOD_S) + delta);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now + ADMIN_SESSION_MS);
    const me: AdminMe = { userId: user.id, email: admin.user.email, name: admin.user.name, sessionExpiresAt: expiresAt.toISOString() };
    await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.admin.updateMany({ where: { userId: user.id, totpStep: { lt: step } }, data: { totpStep: step } });
      if (count === 0) throw refused();
      await tx.adminSession.create({ data: { id: sha256(token), userId: user.id, sessionVersion: admin.user.sessionVersion, expiresAt } });
      await this.audit.record(me, { action: 'admin.session.open', targetUserId: user.id }, tx);
    });
    // The right code: the guesses before it no longer count against the admin.
    await this.rateLimits.reset(codeBucket(user.id).bucket);
    return { token, me };
  }

  /** The admin of a desk request, or null (the route then answers 404). */
  async authenticate(request: FastifyRequest): Promise<AdminPrincipal | null> {
    const cookie = request.cookies?.[ADMIN_COOKIE];
    if (!cookie) return null;
    const user = await this.userOf(request);
    if (!user) return null;
    const session = await this.prisma.adminSession.findFirst({
      where: { id: sha256(cookie), userId: user.id, endedAt: null, expiresAt: { gt: this.clock.now() }, user: { blockedAt: null, deletedAt: null, admin: { isNot: null } } },
      include: { user: { select: { email: true, name: true, sessionVersion: true } } },
    });
    if (!session || session.sessionVersion !== session.user.sessionVersion) return null;
    return { userId: user.id, email: session.user.email, name: session.user.name, sessionId: session.id, expiresAt: session.expiresAt };
  }

  /** Logging out of the desk: the session ends now; its cookie, replayed, opens nothing. */
  async endSession(admin: AdminPrincipal): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.adminSession.updateMany({ where: { id: admin.sessionId, endedAt: null }, data: { endedAt: this.clock.now() } });
      if (count === 1) await this.audit.record(actorOf(admin), { action: 'admin.session.close', targetUserId: admin.userId }, tx);
    });
  }

  private totp(base32: string, label: string): TOTP {
    return new TOTP({ issuer: 'Husly', label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S, secret: Secret.fromBase32(base32) });
  }
}

export const actorOf = (admin: Pick<AdminPrincipal, 'userId' | 'email'>) => ({ userId: admin.userId, email: admin.email });

const refused = () => new HttpException(apiError(401, 'The code is wrong, expired or used already', { code: ADMIN_ERROR_CODES.secondFactorRefused, field: 'code' }), 401);
