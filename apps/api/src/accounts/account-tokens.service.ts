import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { Clock } from '../infra/clock/clock';
import { PrismaService } from '../infra/prisma/prisma.service';
import type { UserTokenKind } from '../infra/prisma/generated/client';
import type { Db } from './session-prefs.service';

export interface ConsumedToken {
  userId: number;
  /** The address the link was sent to. */
  email: string | null;
  /** UNSUBSCRIBE_CONFIRMATION: the manual unsubscribe request the link confirms. */
  unsubscriptionId: number | null;
  /** LANGUAGE_HANDOFF: the session the code carries (null on other kinds). */
  sessionId: string | null;
  sessionVersion: number | null;
}

/** The login session a LANGUAGE_HANDOFF code continues on the other host. */
export interface CarriedSession {
  sessionId: string | undefined;
  sessionVersion: number;
}

/** 256 random bits, URL-safe: the link's secret. Only its SHA-256 is stored. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Single-use, expiring link tokens (email verification, password reset), stored hashed in user_tokens. */
@Injectable()
export class AccountTokensService {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async issue(userId: number, kind: UserTokenKind, email: string | null, lifetimeMs: number, unsubscriptionId?: number, session?: CarriedSession): Promise<string> {
    const token = newLinkToken();
    const now = this.clock.now();
    await this.prisma.userToken.create({
      data: {
        userId,
        kind,
        email,
        unsubscriptionId,
        sessionId: session?.sessionId ?? null,
        sessionVersion: session?.sessionVersion ?? null,
        tokenHash: hashLinkToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + lifetimeMs),
      },
    });
    return token;
  }

  /**
   * Marks the token used and returns whose it was; null when unknown, used or expired. The update
   * is conditional, so two clicks racing on one link cannot both succeed. Using one link also voids
   * the user's other open links of the same kind.
   */
  async consume(token: string, kind: UserTokenKind, db: Db = this.prisma): Promise<ConsumedToken | null> {
    if (!token || token.length > 200) return null;
    const tokenHash = hashLinkToken(token);
    const now = this.clock.now();
    const claimed = await db.userToken.updateMany({
      where: { tokenHash, kind, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) return null;
    const row = await db.userToken.findUniqueOrThrow({ where: { tokenHash }, select: { userId: true, email: true, unsubscriptionId: true, sessionId: true, sessionVersion: true } });
    await db.userToken.updateMany({ where: { userId: row.userId, kind, usedAt: null }, data: { usedAt: now } });
    return row;
  }

  /** Whose a link already used (or voided by a sibling) was, and the address it went to; null when unknown or unused. */
  async findUsed(token: string, kind: UserTokenKind, db: Db = this.prisma): Promise<{ userId: number; email: string | null } | null> {
    if (!token || token.length > 200) return null;
    return db.userToken.findFirst({ where: { tokenHash: hashLinkToken(token), kind, usedAt: { not: null } }, select: { userId: true, email: true } });
  }
}
