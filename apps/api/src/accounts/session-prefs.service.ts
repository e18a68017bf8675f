import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { SessionPref } from '@husly/contracts';
import { isDefaultPref, normalizeBoligagentPref } from '@husly/domain';
import { Clock } from '../infra/clock/clock';
import { PrismaService } from '../infra/prisma/prisma.service';

export interface AdoptedPrefs {
  boligagentId: number | null;
  /** Prefs created now (areas the agent did not watch yet). */
  created: number;
}

/**
 * Spec section 4: after login or signup the visitor's session prefs (cookie bn.prf, the login's
 * `prefs`, the signup's `sessionPrefs`) become boligagent prefs without verification: the user is
 * logged in, so the address is theirs. Reused by the boligagent feature.
 */
@Injectable()
export class SessionPrefsService {
  private readonly logger = new Logger(SessionPrefsService.name);

  constructor(
    private readonly prisma: PrismaService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * Stores the prefs on the user's boligagent (created, or a visitor agent of the same address
   * claimed, and marked verified). Prefs equal to their defaults, without a known area, or for an
   * area the agent already watches are skipped: what the user set up explicitly wins.
   */
  async adopt(userId: number, prefs: readonly SessionPref[]): Promise<AdoptedPrefs> {
    const wanted = new Map<string, ReturnType<typeof normalizeBoligagentPref>>();
    for (const input of prefs) {
      if (isDefaultPref(input)) continue;
      const pref = normalizeBoligagentPref(input);
      if (pref.area && !wanted.has(pref.area)) wanted.set(pref.area, pref);
    }
    if (wanted.size === 0) return { boligagentId: null, created: 0 };

    const user = await this.prisma.user.findUnique({ where: { id: userId }, select: { email: true, language: true, deletedAt: true } });
    // A boligagent is mailed: without an address (a social login without email) there is nothing to store on.
    if (!user?.email || user.deletedAt) return { boligagentId: null, created: 0 };

    const cities = await this.prisma.city.findMany({ where: { slug: { in: [...wanted.keys()] }, active: true }, select: { id: true, slug: true } });
    if (cities.length === 0) return { boligagentId: null, created: 0 };

    const now = this.clock.now();
    const agent = await this.agentFor(userId, user.email, user.language, now);
    if (!agent) return { boligagentId: null, created: 0 };

    const result = await this.prisma.boligagentPref.createMany({
      data: cities.map((city) => {
        const pref = wanted.get(city.slug)!;
        return { boligagentId: agent.id, cityId: city.id, rent: pref.rent, rooms: pref.rooms, size: pref.size, status: 'ACTIVE' as const };
      }),
      skipDuplicates: true,
    });
    return { boligagentId: agent.id, created: result.count };
  }

  /** The user's agent; a visitor agent of the same address becomes theirs; otherwise a new one. */
  private async agentFor(userId: number, email: string, language: string, now: Date): Promise<{ id: number } | null> {
    const own = await this.prisma.boligagent.findUnique({ where: { userId }, select: { id: true, verifiedAt: true } });
    if (own) {
      if (!own.verifiedAt) await this.prisma.boligagent.update({ where: { id: own.id }, data: { verifiedAt: now } });
      return own;
    }
    const byEmail = await this.prisma.boligagent.findUnique({ where: { email }, select: { id: true, userId: true } });
    if (byEmail) {
      if (byEmail.userId !== null) {
        this.logger.warn(`Boligagent ${byEmail.id} of another user has this user's address; prefs not adopted`);
        return null;
      }
      return this.prisma.boligagent.update({ where: { id: byEmail.id }, data: { userId, verifiedAt: now }, select: { id: true } });
    }
    return this.prisma.boligagent.create({
      data: { userId, email, language, token: randomBytes(24).toString('base64url'), verifiedAt: now },
      select: { id: true },
    });
  }
}
