import { Inject, Injectable } from '@nestjs/common';
import { ACCOUNT_ERROR_CODES, type OkResponse, type SessionResponse, type SessionUser } from '@husly/contracts';
import {
  ERROR_MESSAGES,
  LOGIN_MESSAGES,
  LOGIN_THROTTLE,
  MAIL_REQUEST_THROTTLE,
  normalizeEmail,
  validateEmailChange,
  validateName,
  validatePasswordChange,
  validatePasswordSet,
  type Language,
} from '@husly/domain';
import type { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../infra/clock/clock';
import { hashPassword, verifyPassword } from '../../infra/crypto/password-hasher';
import { PrismaService } from '../../infra/prisma/prisma.service';
import { AccountMailer } from '../mail/account-mailer.service';
import { AccountsService, forbidden, isUniqueViolation, MISSING_PASSWORD_META } from '../accounts.service';
import { unprocessable } from '../parse-body';
import { RateLimitService, type RateLimit } from '../../common/rate-limit/rate-limit.service';
import type { RequestContext } from '../../common/request-context';
import { VERIFICATION_MAIL_BUCKETS } from '../../common/rate-limit/verification-mail-buckets';

const mailLimits = (email: string, ip: string): RateLimit[] => [
  { bucket: `mail:ip:${ip}`, max: MAIL_REQUEST_THROTTLE.perIp, windowMs: MAIL_REQUEST_THROTTLE.windowMs },
  { bucket: `mail:email:${email}`, max: MAIL_REQUEST_THROTTLE.perEmail, windowMs: MAIL_REQUEST_THROTTLE.windowMs },
];

const verificationMailLimits = (email: string, ip: string): RateLimit[] => [VERIFICATION_MAIL_BUCKETS.ip(ip), VERIFICATION_MAIL_BUCKETS.address(email)];

/** What a logged-in user changes about themselves (section 5 "Password" and "Email and name"), and password reset requests. */
@Injectable()
export class ProfileService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly accounts: AccountsService,
    private readonly mailer: AccountMailer,
    private readonly rateLimits: RateLimitService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async changeName(caller: AuthUser, name: string, language: Language): Promise<{ user: SessionUser }> {
    const errors = validateName(name, language);
    if (errors.length > 0) throw unprocessable(errors[0].message, errors.map((e) => ({ path: e.field, message: e.message })));
    await this.prisma.user.update({ where: { id: caller.id }, data: { name: name.trim() } });
    return { user: await this.accounts.sessionUser(caller.id) };
  }

  /**
   * Email change and set-email (a user without one): section 5's format rule, "The specified email
   * address is already in use." for a taken address. The user is unverified (status false) until
   * the link mailed to the new address is followed; the old address gets a notice.
   */
  async changeEmail(caller: AuthUser, rawEmail: string, ctx: RequestContext): Promise<{ user: SessionUser }> {
    const errors = validateEmailChange(rawEmail, ctx.language);
    if (errors.length > 0) throw unprocessable(errors[0].message, errors.map((e) => ({ path: e.field, message: e.message })));
    const email = normalizeEmail(rawEmail);
    const user = await this.prisma.user.findUniqueOrThrow({ where: { id: caller.id }, select: { id: true, name: true, language: true, email: true } });
    if (user.email === email) return { user: await this.accounts.sessionUser(user.id) };
    await this.rateLimits.consume(verificationMailLimits(email, ctx.ip), ctx.language);
    const taken = () => unprocessable(ERROR_MESSAGES.emailInUse, [{ path: 'email', message: ERROR_MESSAGES.emailInUse }], ACCOUNT_ERROR_CODES.emailInUse);
    if (await this.prisma.user.findUnique({ where: { email }, select: { id: true } })) throw taken();
    try {
      await this.prisma.user.update({ where: { id: user.id }, data: { email, emailVerified: false, emailVerifiedAt: null } });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    // The user's boligagent keeps mailing the old (proven) address; it moves to the new one, and visitor
    // agents of the new address become the user's, only when the new address is verified (issue 12 §4).
    await this.mailer.sendVerification(user, email);
    if (user.email) await this.mailer.sendEmailChangedNotice(user, user.email, email);
    return { user: await this.accounts.sessionUser(user.id) };
  }

  /** "Your email has not been verified": a new link to the user's own address. */
  async resendVerification(caller: AuthUser, requested: string | undefined, ctx: RequestContext): Promise<OkResponse> {
    const user = await this.prisma.user.findUniqueOrThrow({ where: { id: caller.id }, select: { id: true, name: true, language: true, email: true, emailVerified: true } });
    if (!user.email) throw unprocessable(ERROR_MESSAGES.actionFailed, [{ path: 'email', message: 'cannot be blank' }]);
    // The link always goes to the stored address; another one is set through set-email.
    if (requested && normalizeEmail(requested) !== user.email) {
      throw unprocessable(ERROR_MESSAGES.boligagentWrongUserEmail, [{ path: 'email', message: ERROR_MESSAGES.boligagentWrongUserEmail }]);
    }
    if (user.emailVerified) return { ok: true };
    await this.rateLimits.consume(verificationMailLimits(user.email, ctx.ip), ctx.language);
    await this.mailer.sendVerification(user, user.email);
    return { ok: true };
  }

  /**
   * Change password: new and repeat required and equal (after trimming), the current one unless the
   * user has none (meta missingPw). Wrong current passwords count like login failures.
   */
  async changePassword(caller: AuthUser, input: { newPassword: string; oldPassword?: string; repeat?: string }, language: Language): Promise<SessionResponse> {
    const user = await this.prisma.user.findUniqueOrThrow({ where: { id: caller.id }, select: { id: true, passwordHash: true } });
    const missingPw = user.passwordHash === null;
    const errors = validatePasswordChange({ newPassword: input.newPassword, repeat: input.repeat ?? input.newPassword, oldPassword: input.oldPassword, missingPw }, language);
    if (errors.length > 0) throw unprocessable(errors[0].message, errors.map((e) => ({ path: e.field, message: e.message })));
    if (!missingPw) {
      // Taken before hashing, like a login attempt, and given back when the password was right.
      const limit: RateLimit = { bucket: `password:user:${user.id}`, max: LOGIN_THROTTLE.maxFailures, windowMs: LOGIN_THROTTLE.windowMs };
      const taken = await this.rateLimits.consume([limit], language);
      if (!(await verifyPassword(user.passwordHash as string, (input.oldPassword ?? '').trim()))) {
        throw unprocessable(LOGIN_MESSAGES.passwordIncorrect, [{ path: 'oldPassword', message: LOGIN_MESSAGES.passwordIncorrect }], ACCOUNT_ERROR_CODES.wrongPassword);
      }
      await this.rateLimits.refund(taken);
    }
    await this.storePassword(user.id, input.newPassword);
    return this.accounts.session(user.id);
  }

  /**
   * Set password without the current one: only with a token from a reset link (30 minutes), or for
   * a user who has no password yet (missingPw).
   */
  async setPassword(caller: AuthUser, input: { password: string; repeat?: string }, language: Language): Promise<SessionResponse> {
    const user = await this.prisma.user.findUniqueOrThrow({ where: { id: caller.id }, select: { id: true, passwordHash: true } });
    if (!caller.passwordReset && user.passwordHash !== null) throw forbidden(ERROR_MESSAGES.actionFailed, 'old-password-required');
    const errors = validatePasswordSet({ password: input.password, repeat: input.repeat ?? input.password }, language);
    if (errors.length > 0) throw unprocessable(errors[0].message, errors.map((e) => ({ path: e.field, message: e.message })));
    await this.storePassword(user.id, input.password);
    return this.accounts.session(user.id);
  }

  /** PUT /api/users/reset-password: the same answer whether or not the address has a user. */
  async requestPasswordReset(rawEmail: string, ctx: RequestContext): Promise<OkResponse> {
    const errors = validateEmailChange(rawEmail, ctx.language);
    if (errors.length > 0) throw unprocessable(errors[0].message, errors.map((e) => ({ path: e.field, message: e.message })));
    const email = normalizeEmail(rawEmail);
    await this.rateLimits.consume(mailLimits(email, ctx.ip), ctx.language);
    const user = await this.prisma.user.findFirst({ where: { email, deletedAt: null }, select: { id: true, name: true, language: true } });
    if (user) await this.mailer.sendPasswordReset(user, email);
    return { ok: true };
  }

  /** Consent to communication, recorded with its time. */
  async setConsent(caller: AuthUser, consent: boolean): Promise<{ user: SessionUser }> {
    await this.prisma.user.update({ where: { id: caller.id }, data: { consentCommunication: consent, consentCommunicationAt: this.clock.now() } });
    return { user: await this.accounts.sessionUser(caller.id) };
  }

  /**
   * A new password ends every session (issue 12 §6): the session version moves, so all tokens issued
   * before stop working; the caller answers with a fresh token for the session that set it.
   */
  private async storePassword(userId: number, password: string): Promise<void> {
    const passwordHash = await hashPassword(password.trim());
    await this.prisma.$transaction([
      this.prisma.user.update({ where: { id: userId }, data: { passwordHash, sessionVersion: { increment: 1 } } }),
      this.prisma.userMeta.deleteMany({ where: { userId, identifier: MISSING_PASSWORD_META } }),
    ]);
  }
}
