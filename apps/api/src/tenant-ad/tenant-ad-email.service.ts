import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { isLanguage, normalizeEmail, TENANT_AD_EMAIL_VERIFICATION, tenantAdEmailVerified, type Language } from '@husly/domain';
import { hashLinkToken, newLinkToken } from '../accounts/account-tokens.service';
import { tokenNotRecognised } from '../accounts/accounts.service';
import { RateLimitService, ThrottledError, throttled, type Reservation } from '../common/rate-limit/rate-limit.service';
import { VERIFICATION_MAIL_BUCKETS } from '../common/rate-limit/verification-mail-buckets';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { Clock } from '../infra/clock/clock';
import { ACCOUNT_MAILS } from '../infra/mail/templates/account-mails';
import { composeMail } from '../infra/mail/templates/mail-template';
import type { Prisma } from '../infra/prisma/generated/client';
import { PrismaService } from '../infra/prisma/prisma.service';
import { JobQueue } from '../infra/queue/job-queue.service';
import { JOBS } from '../infra/queue/jobs';

const KIND = 'TENANT_AD_EMAIL_VERIFICATION' as const;

interface LockedAd {
  id: number;
  name: string;
  email: string;
  email_verified_at: Date | null;
}

/**
 * The proof that the tenant ad's address is its owner's (issue 29), before the landlord relay mails
 * it: a single-use link, hashed in user_tokens like the account links, to be followed while logged
 * in as the ad's owner. Both the sending and the following take the ad row's lock, so double clicks
 * and a racing address change are ordered by the database.
 */
@Injectable()
export class TenantAdEmailService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly prisma: PrismaService,
    private readonly rateLimits: RateLimitService,
    private readonly jobs: JobQueue,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * Mails a link to the ad's address unless it is proven already or a link to it went out within
   * `resendAfterMs` (a double click sends one). Counted in the account verification-mail buckets,
   * so one inbox gets no more of our links whichever form asks. `onSave`: a throttled link is skipped
   * (the ad is stored all the same, the page offers a resend); otherwise it is a 429.
   */
  async sendLink(userId: number, from: { ip: string; language: Language }, mode: 'on-save' | 'on-request'): Promise<void> {
    const before = await this.prisma.tenantProfile.findUnique({ where: { userId }, select: { email: true, emailVerifiedAt: true, user: { select: { email: true, emailVerified: true } } } });
    if (!before) {
      if (mode === 'on-save') return;
      throw new NotFoundException('No tenant ad');
    }
    if (tenantAdEmailVerified(before, before.user)) return;

    const limits = [VERIFICATION_MAIL_BUCKETS.address(normalizeEmail(before.email)), VERIFICATION_MAIL_BUCKETS.ip(from.ip)];
    let reservations: Reservation[];
    try {
      reservations = await this.rateLimits.take(limits);
    } catch (error) {
      if (!(error instanceof ThrottledError)) throw error;
      if (mode === 'on-save') return;
      throw throttled(from.language, error.retryAfterMs);
    }

    const now = this.clock.now();
    const link = await this.prisma.$transaction(async (tx) => {
      const ad = await this.lockAd(tx, userId);
      if (!ad) return null;
      const owner = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, emailVerified: true, language: true } });
      if (tenantAdEmailVerified({ email: ad.email, emailVerifiedAt: ad.email_verified_at }, owner)) return null;
      const email = normalizeEmail(ad.email);
      const recent = await tx.userToken.count({ where: { userId, kind: KIND, email, usedAt: null, createdAt: { gt: new Date(now.getTime() - TENANT_AD_EMAIL_VERIFICATION.resendAfterMs) } } });
      if (recent > 0) return null;
      const token = newLinkToken();
      await tx.userToken.create({
        data: { userId, kind: KIND, email, tokenHash: hashLinkToken(token), createdAt: now, expiresAt: new Date(now.getTime() + TENANT_AD_EMAIL_VERIFICATION.linkMs) },
      });
      return { token, to: ad.email, name: ad.name, language: isLanguage(owner.language) ? owner.language : ('da' as Language) };
    });
    if (!link) {
      // Nothing went out (proven meanwhile, or a link is already on its way): the attempt does not count.
      await this.rateLimits.refund(reservations);
      return;
    }
    const mail = composeMail(ACCOUNT_MAILS['verify-tenant-ad-email'], { language: link.language, publicUrl: this.config.http.publicUrl }, { name: link.name, path: `/profile/tenant?verify=${link.token}` });
    await this.jobs.enqueue(JOBS.mailDeliver, { to: link.to, ...mail });
  }

  /**
   * The link, followed by the logged-in owner: the ad's address is proven if the link was mailed to
   * it. Another user's link, an expired one or one for an address the ad no longer has is a 400 and
   * is left as it was. Following the link again once it has proven the address answers as the first
   * time and changes nothing, so a double click or two tabs see success once, not an error.
   */
  async verify(userId: number, token: string): Promise<void> {
    if (!token || token.length > 200) throw tokenNotRecognised();
    const tokenHash = hashLinkToken(token);
    const now = this.clock.now();
    await this.prisma.$transaction(async (tx) => {
      const ad = await this.lockAd(tx, userId);
      const link = await tx.userToken.findUnique({ where: { tokenHash }, select: { id: true, userId: true, kind: true, email: true, usedAt: true, expiresAt: true } });
      if (!ad || !link || link.kind !== KIND || link.userId !== userId || link.email !== normalizeEmail(ad.email)) throw tokenNotRecognised();
      if (link.usedAt !== null) {
        if (ad.email_verified_at !== null) return;
        throw tokenNotRecognised();
      }
      if (link.expiresAt <= now) throw tokenNotRecognised();
      // The user's other open links of this kind go with it, as with the account links.
      await tx.userToken.updateMany({ where: { userId, kind: KIND, usedAt: null }, data: { usedAt: now } });
      await tx.tenantProfile.update({ where: { id: ad.id }, data: { emailVerifiedAt: now } });
    });
  }

  private async lockAd(tx: Prisma.TransactionClient, userId: number): Promise<LockedAd | null> {
    const [ad] = await tx.$queryRaw<LockedAd[]>`SELECT id, name, email, email_verified_at FROM tenant_profiles WHERE user_id = ${userId} FOR UPDATE`;
    return ad ?? null;
  }
}
