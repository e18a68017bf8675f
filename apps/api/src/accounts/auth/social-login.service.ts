import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../infra/clock/clock';
import { PrismaService } from '../../infra/prisma/prisma.service';
import { normalizeEmail } from '@husly/domain';
import { MISSING_PASSWORD_META } from '../accounts.service';
import type { FacebookIdentity } from './facebook.strategy';
import { SessionPrefsService } from '../session-prefs.service';

/**
 * A name that passes the name rule: the listed characters become spaces, at most 50 characters. A
 * hyphen between two letters stays, as the rule allows it (ADR 0046); cutting at 50 may leave one
 * last, so trailing hyphens go too.
 */
export function sanitizeSocialName(name: string): string {
  const cleaned = name
    .replace(/https?/gi, '')
    .replace(/\u0000/g, '')
    .replace(/(\p{L})-(?=\p{L})/gu, '$1\u0000')
    .replace(/[-_/()!?;:–*",.]/g, ' ')
    .replace(/\u0000/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 50)
    .replace(/-+$/, '')
    .trim();
  return cleaned || 'Husly';
}

/** Finds or creates the user of a Facebook login. */
@Injectable()
export class SocialLoginService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly sessionPrefs: SessionPrefsService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * By facebookId first; then an existing user of the same (Facebook-verified) address gets the id
   * linked; otherwise a new user without a password (meta missingPw), verified when Facebook gave an
   * address. Returns the user id.
   */
  async facebookUser(identity: FacebookIdentity, language: string): Promise<number> {
    const now = this.clock.now();
    const known = await this.prisma.user.findUnique({ where: { facebookId: identity.facebookId }, select: { id: true, deletedAt: true } });
    if (known && !known.deletedAt) return known.id;
    const email = identity.email ? normalizeEmail(identity.email) : null;
    if (email) {
      const byEmail = await this.prisma.user.findFirst({ where: { email, deletedAt: null }, select: { id: true } });
      if (byEmail) {
        await this.prisma.$transaction(async (tx) => {
          await tx.user.update({ where: { id: byEmail.id }, data: { facebookId: identity.facebookId, emailVerified: true, emailVerifiedAt: now } });
          await this.sessionPrefs.claimVerifiedAddress(tx, byEmail.id, email);
        });
        return byEmail.id;
      }
    }
    return this.prisma.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          email,
          name: sanitizeSocialName(identity.name),
          facebookId: identity.facebookId,
          emailVerified: email !== null,
          emailVerifiedAt: email ? now : null,
          language,
          createdAt: now,
          meta: { create: { identifier: MISSING_PASSWORD_META, value: 'true' } },
        },
        select: { id: true },
      });
      // Facebook verified the address: its visitor agents are this user's, as after a verification link.
      if (email) await this.sessionPrefs.claimVerifiedAddress(tx, user.id, email);
      return user.id;
    });
  }
}
