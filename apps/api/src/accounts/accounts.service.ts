import { ForbiddenException, HttpException, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import {
  ACCOUNT_ERROR_CODES,
  apiError,
  loginRequestSchema,
  parseSessionPrefsCookie,
  SESSION_PREFS_COOKIE,
  signupRequestSchema,
  type SessionPref,
  type SessionResponse,
  type SessionUser,
  type SubscriptionSummary,
} from '@husly/contracts';
import {
  ACCOUNT_BLOCKED_MESSAGES,
  DEFAULT_LANGUAGE,
  ACCOUNT_TOKENS,
  ERROR_MESSAGES,
  isLanguage,
  LOGIN_MESSAGES,
  LOGIN_THROTTLE,
  normalizeEmail,
  SIGNUP_MESSAGES,
  SIGNUP_THROTTLE,
  validateLogin,
  validateSignup,
} from '@husly/domain';
import type { z } from 'zod';
import type { AuthUser } from '../common/auth/auth-user';
import { TokenService } from '../common/auth/token.service';
import { Clock } from '../infra/clock/clock';
import { hashPassword, verifyPassword } from '../infra/crypto/password-hasher';
import { PrismaService } from '../infra/prisma/prisma.service';
import { SubscriptionAccessService } from '../subscriptions/subscription-access.service';
import { AccountMailer } from './mail/account-mailer.service';
import { AccountTokensService, type CarriedSession } from './account-tokens.service';
import { unprocessable } from './parse-body';
import { RateLimitService, ThrottledError, throttled, type Reservation } from '../common/rate-limit/rate-limit.service';
import { VERIFICATION_MAIL_BUCKETS } from '../common/rate-limit/verification-mail-buckets';
import { LOGIN_BUCKETS } from './throttles/account-throttles';
import { DeviceCookieService } from './throttles/device-cookie.service';
import type { RequestContext } from '../common/request-context';
import { SessionPrefsService, type Db } from './session-prefs.service';

/** Meta flag of a user without a password of their own (social login): no current password is asked for. */
export const MISSING_PASSWORD_META = 'missingPw';


export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === 'P2002';
}

/** Signup, login, the session user, and the links that log a user in (verification, password reset). */
@Injectable()
export class AccountsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly tokens: TokenService,
    private readonly linkTokens: AccountTokensService,
    private readonly mailer: AccountMailer,
    private readonly rateLimits: RateLimitService,
    private readonly sessionPrefs: SessionPrefsService,
    private readonly access: SubscriptionAccessService,
    private readonly devices: DeviceCookieService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async signup(body: z.output<typeof signupRequestSchema>, ctx: RequestContext): Promise<SessionResponse> {
    const errors = validateSignup(
      { email: body.email, name: body.name, password: body.password, repeatPassword: body.repeatPassword ?? body.password, terms: body.terms },
      ctx.language,
    );
    if (errors.length > 0) {
      // Section 5: any email problem is "cannot be blank" on the wire; the web words it.
      const fieldErrors = errors.map((e) => ({ path: e.field, message: e.field === 'email' ? SIGNUP_MESSAGES.serverBlank : e.message }));
      throw unprocessable('Validation failed', fieldErrors);
    }
    await this.rateLimits.consume([{ bucket: `signup:ip:${ctx.ip}`, max: SIGNUP_THROTTLE.max, windowMs: SIGNUP_THROTTLE.windowMs }], ctx.language);

    const email = normalizeEmail(body.email);
    if (await this.prisma.user.findUnique({ where: { email }, select: { id: true } })) throw emailInUseOnSignup();
    const now = this.clock.now();
    const passwordHash = await hashPassword(body.password.trim());
    const prefs = this.sessionPrefsOf(body.sessionPrefs, ctx);
    let user: { id: number; name: string; language: string };
    try {
      // User, agent and prefs together (issue 12 §4): a failure leaves no half-made account behind.
      user = await this.prisma.$transaction(async (tx) => {
        const created = await tx.user.create({
          data: {
            email,
            name: body.name.trim(),
            passwordHash,
            language: ctx.language,
            termsAcceptedAt: now,
            consentCommunication: body.consent_communication,
            consentCommunicationAt: body.consent_communication ? now : null,
            utmSource: body.utm?.source,
            utmCampaign: body.utm?.campaign,
            utmMedium: body.utm?.medium,
            utmContent: body.utm?.content,
            utmTerm: body.utm?.term,
            createdAt: now,
          },
          select: { id: true, name: true, language: true },
        });
        // The address is not verified yet: the agent is made, but mails nothing, and no visitor agent
        // of the address is touched, until the mailed link proves the address is this user's.
        if (prefs.length > 0) await this.sessionPrefs.adopt(created.id, prefs, tx);
        return created;
      });
    } catch (error) {
      // Two signups of one address at once: the unique index decides, the loser gets the same 422.
      if (isUniqueViolation(error)) throw emailInUseOnSignup();
      throw error;
    }
    // Counts toward the address's verification mails; past their limit the link waits for a resend.
    if (await this.rateLimits.tryTake([VERIFICATION_MAIL_BUCKETS.address(email)])) await this.mailer.sendVerification(user, email);
    return this.session(user.id);
  }

  /**
   * Section 5: 401 "This email is not registered." or "This password is not correct.". Each attempt
   * is taken from its throttles before any password is hashed (ADR 0005) and given back when it
   * succeeds; the answer carries a new device cookie for the browser that proved the password.
   */
  async login(body: z.output<typeof loginRequestSchema>, ctx: RequestContext): Promise<{ session: SessionResponse; deviceCookie: string }> {
    const errors = validateLogin(body, ctx.language);
    if (errors.length > 0) throw unprocessable('Validation failed', errors.map((e) => ({ path: e.field, message: e.message })));
    const email = normalizeEmail(body.email);
    const user = await this.prisma.user.findFirst({ where: { email, deletedAt: null }, select: { id: true, passwordHash: true, name: true, language: true, blockedAt: true } });
    const device = user ? this.devices.deviceFor(ctx.cookies, user.id) : null;
    const limits = device ? [LOGIN_BUCKETS.device(device)] : [LOGIN_BUCKETS.ip(ctx.ip), LOGIN_BUCKETS.source(email, ctx.ip), LOGIN_BUCKETS.account(email)];
    let taken: Reservation[];
    try {
      taken = await this.rateLimits.take(limits);
    } catch (error) {
      if (!(error instanceof ThrottledError)) throw error;
      if (user && error.limit.bucket === LOGIN_BUCKETS.account(email).bucket) await this.noticeLockedAccount(user, email);
      throw throttled(ctx.language, error.retryAfterMs);
    }
    if (!user) throw new UnauthorizedException(apiError(401, LOGIN_MESSAGES.emailNotRegistered, { field: 'email' }));
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, body.password.trim()))) {
      // The guess that fills the account's budget tells the owner too: a patient attacker never trips it.
      if (!device && (await this.rateLimits.count(LOGIN_BUCKETS.account(email))) >= LOGIN_THROTTLE.maxFailures) await this.noticeLockedAccount(user, email);
      throw new UnauthorizedException(apiError(401, LOGIN_MESSAGES.passwordIncorrect, { field: 'password' }));
    }
    // Told only to who knows the password: a blocked account is not revealed to a guesser.
    if (user.blockedAt) throw new ForbiddenException(apiError(403, ACCOUNT_BLOCKED_MESSAGES[ctx.language], { code: ACCOUNT_ERROR_CODES.accountBlocked }));
    await this.rateLimits.refund(taken);
    await this.rateLimits.reset(LOGIN_BUCKETS.source(email, ctx.ip).bucket, ...(device ? [LOGIN_BUCKETS.device(device).bucket] : []));
    await this.adoptSessionPrefs(user.id, body.prefs, ctx);
    return { session: await this.session(user.id), deviceCookie: this.devices.issue(user.id) };
  }

  /**
   * Support sends the verification or the password-reset mail again (issue 33). One a minute per
   * user and kind, taken atomically: the desk's double click sends one mail. Nothing is sent to a user
   * without an address, nor a verification to one verified already.
   */
  async supportResend(userId: number, kind: 'verification' | 'password-reset'): Promise<'sent' | 'no-address' | 'verified-already'> {
    const user = await this.prisma.user.findFirst({ where: { id: userId, deletedAt: null }, select: { id: true, name: true, language: true, email: true, emailVerified: true } });
    if (!user) throw new NotFoundException();
    if (!user.email) return 'no-address';
    if (kind === 'verification' && user.emailVerified) return 'verified-already';
    try {
      await this.rateLimits.take([{ bucket: `support-mail:${kind}:${user.id}`, max: 1, windowMs: 60_000 }]);
    } catch (error) {
      if (error instanceof ThrottledError) throw throttled(DEFAULT_LANGUAGE, error.retryAfterMs);
      throw error;
    }
    if (kind === 'verification') await this.mailer.sendVerification(user, user.email);
    else await this.mailer.sendPasswordReset(user, user.email);
    return 'sent';
  }

  /** One mail per day at most, however long the guessing goes on. */
  private async noticeLockedAccount(user: { id: number; name: string; language: string }, email: string): Promise<void> {
    try {
      await this.rateLimits.take([LOGIN_BUCKETS.notice(email)]);
    } catch (error) {
      if (error instanceof ThrottledError) return;
      throw error;
    }
    await this.mailer.sendLoginLockedNotice(user, email);
  }

  /** A fresh login token (at the user's current session version) and the user. */
  async session(userId: number, options: { passwordReset?: boolean } = {}): Promise<SessionResponse> {
    return { token: await this.token(userId, options), user: await this.sessionUser(userId) };
  }

  /**
   * A login token of a new session at the user's current session version; or, with `session`, one
   * more token of that session (the language handoff), refused with it when it ends.
   */
  async token(userId: number, options: { passwordReset?: boolean; session?: CarriedSession } = {}): Promise<string> {
    const reset = options.passwordReset ? { passwordResetSeconds: ACCOUNT_TOKENS.passwordResetSessionMs / 1000 } : {};
    if (options.session) return this.tokens.issue(userId, { ...options.session, ...reset });
    const { sessionVersion } = await this.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { sessionVersion: true } });
    return this.tokens.issue(userId, { sessionVersion, ...reset });
  }

  /** The spec's user (section 3) plus the subscriber flag and subscription list the web redirects by. */
  async sessionUser(userId: number): Promise<SessionUser> {
    const now = this.clock.now();
    const user = await this.prisma.user.findUnique({
      where: { id: userId },
      include: {
        meta: { orderBy: { identifier: 'asc' }, select: { identifier: true, value: true } },
        subscriptions: { orderBy: { startingAt: 'desc' }, include: { offer: { select: { name: true, label: true } } } },
      },
    });
    if (!user || user.deletedAt) throw new UnauthorizedException('Login required');
    const access = await this.access.activeAccess(userId, now);
    const subscriptions: SubscriptionSummary[] = user.subscriptions.map((s) => ({
      id: s.id,
      plan: s.offer.name,
      label: s.offer.label,
      status: s.status,
      startingAt: s.startingAt.toISOString(),
      endingAt: s.endingAt?.toISOString() ?? null,
      renew: s.renew,
      active: s.status === 'ACTIVE' && s.startingAt <= now && (s.endingAt === null || s.endingAt > now),
    }));
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      cellphone: user.cellphone,
      facebookId: user.facebookId,
      meta: user.meta,
      status: user.emailVerified,
      language: isLanguage(user.language) ? user.language : 'da',
      consentCommunication: user.consentCommunication,
      consentCommunicationAt: user.consentCommunicationAt?.toISOString() ?? null,
      subscriber: access !== null,
      subscriptions,
    };
  }

  /**
   * The link of a verification mail (GET /api/users/verify, POST /api/users/me/verify-email). It
   * verifies only the address it was sent to; a logged-in caller must be its owner. Logs the user in.
   * A second click on a used link whose address is verified answers 409 email-already-verified: it
   * says that much and nothing else (no session), as anyone may hold the link. The token is used and
   * the address marked in one transaction, so a click racing the first waits for it and sees the
   * address verified.
   */
  async verifyEmail(token: string, caller?: AuthUser): Promise<SessionResponse> {
    const outcome = await this.prisma.$transaction(async (tx): Promise<number | 'already-verified' | null> => {
      const consumed = await this.linkTokens.consume(token, 'EMAIL_VERIFICATION', tx);
      if (!consumed) return (await this.usedOnVerifiedAddress(tx, token, caller)) ? 'already-verified' : null;
      const user = await tx.user.findUnique({ where: { id: consumed.userId }, select: { id: true, email: true, deletedAt: true } });
      if (!user || user.deletedAt || user.email === null || user.email !== consumed.email) return null;
      if (caller && caller.id !== user.id) return null;
      await this.markVerifiedIn(tx, user.id, user.email);
      return user.id;
    });
    if (outcome === 'already-verified') throw emailAlreadyVerified();
    if (outcome === null) throw tokenNotRecognised();
    return this.session(outcome);
  }

  /** A used verification link of a live user who still has that address, verified (and is the caller, if any). */
  private async usedOnVerifiedAddress(tx: Db, token: string, caller?: AuthUser): Promise<boolean> {
    const used = await this.linkTokens.findUsed(token, 'EMAIL_VERIFICATION', tx);
    if (!used || used.email === null || (caller && caller.id !== used.userId)) return false;
    const user = await tx.user.findUnique({ where: { id: used.userId }, select: { email: true, emailVerified: true, deletedAt: true } });
    return !!user && !user.deletedAt && user.emailVerified && user.email === used.email;
  }

  /** POST /api/users/verify-password: the reset link's query ({token}). Logs in with a token that may set a password. */
  async verifyPasswordLink(data: Record<string, unknown>): Promise<SessionResponse> {
    const token = typeof data.token === 'string' ? data.token : '';
    const consumed = await this.linkTokens.consume(token, 'PASSWORD_RESET');
    if (!consumed) throw tokenNotRecognised();
    const user = await this.prisma.user.findUnique({ where: { id: consumed.userId }, select: { id: true, email: true, deletedAt: true, emailVerified: true } });
    if (!user || user.deletedAt) throw new NotFoundException(apiError(404, ERROR_MESSAGES.passwordLinkUserNotFound));
    // The link reached the inbox, which proves the address as well as a verification link does.
    if (!user.emailVerified && user.email !== null && user.email === consumed.email) await this.markVerified(user.id, user.email);
    return this.session(user.id, { passwordReset: true });
  }

  /**
   * The user proved `email`: status true, and (same transaction) their agent may mail and visitor
   * agents of the address become theirs. The only place an account claims an agent by address.
   */
  async markVerified(userId: number, email: string): Promise<void> {
    await this.prisma.$transaction((tx) => this.markVerifiedIn(tx, userId, email));
  }

  private async markVerifiedIn(tx: Db, userId: number, email: string): Promise<void> {
    await tx.user.update({ where: { id: userId }, data: { emailVerified: true, emailVerifiedAt: this.clock.now() } });
    await this.sessionPrefs.claimVerifiedAddress(tx, userId, email);
  }

  /** Session prefs from the request body and the bn.prf cookie (section 4). */
  private sessionPrefsOf(fromBody: readonly SessionPref[] | undefined, ctx: RequestContext): SessionPref[] {
    return [...(fromBody ?? []), ...parseSessionPrefsCookie(ctx.cookies[SESSION_PREFS_COOKIE])];
  }

  /** Session prefs stored as boligagent prefs of the user's own agent. */
  private async adoptSessionPrefs(userId: number, fromBody: readonly SessionPref[] | undefined, ctx: RequestContext): Promise<void> {
    const prefs = this.sessionPrefsOf(fromBody, ctx);
    if (prefs.length > 0) await this.sessionPrefs.adopt(userId, prefs);
  }
}

function emailInUseOnSignup(): HttpException {
  return unprocessable(SIGNUP_MESSAGES.emailInUse, [{ path: 'email', message: SIGNUP_MESSAGES.emailInUse }], ACCOUNT_ERROR_CODES.emailInUse);
}

/** 409 on a used verification link whose address is verified: the web says so instead of an error. */
function emailAlreadyVerified(): HttpException {
  return new HttpException(apiError(409, 'This email address is already verified.', { code: ACCOUNT_ERROR_CODES.emailAlreadyVerified }), 409);
}

export function tokenNotRecognised(): HttpException {
  return new HttpException(apiError(400, ERROR_MESSAGES.tokenNotRecognised, { code: ACCOUNT_ERROR_CODES.tokenNotRecognised }), 400);
}

export function forbidden(message: string, code?: string): ForbiddenException {
  return new ForbiddenException(apiError(403, message, code ? { code } : {}));
}

