import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { SessionPref } from '@husly/contracts';
import { isDefaultPref, normalizeBoligagentPref } from '@husly/domain';
import { Clock } from '../infra/clock/clock';
import type { Prisma } from '../infra/prisma/generated/client';
import { PrismaService } from '../infra/prisma/prisma.service';

export interface AdoptedPrefs {
  boligagentId: number | null;
  /** Prefs created now (areas the agent did not watch yet). */
  created: number;
}

/** The client of a transaction, or the service itself outside one. */
export type Db = Prisma.TransactionClient;

/** The agent's management token: the only credential of a visitor's agent, so long and random. */
export const newAgentToken = (): string => randomBytes(24).toString('base64url');

/**
 * Spec section 4: after login or signup the visitor's session prefs (cookie bn.prf, the login's
 * `prefs`, the signup's `sessionPrefs`) become prefs of the user's own boligagent, with no separate
 * boligagent verification: the account's verified address is the proof. Reused by the boligagent feature.
 *
 * Issue 12 §4: an account's agent mails only once the account's address is verified, and agents
 * that a visitor created for an address (someone else's, until proven) are claimed only when the
 * account verifies that address (`claimVerifiedAddress`), never at signup, login, set-email or POST.
 */
@Injectable()
export class SessionPrefsService {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * Stores the prefs on the user's own boligagent (created when missing). Prefs equal to their
   * defaults, without a known area, or for an area the agent already watches are skipped: what the
   * user set up explicitly wins. `db` lets signup do this inside its transaction.
   */
  async adopt(userId: number, prefs: readonly SessionPref[], db: Db = this.prisma): Promise<AdoptedPrefs> {
    const wanted = new Map<string, ReturnType<typeof normalizeBoligagentPref>>();
    for (const input of prefs) {
      if (isDefaultPref(input)) continue;
      const pref = normalizeBoligagentPref(input);
      if (pref.area && !wanted.has(pref.area)) wanted.set(pref.area, pref);
    }
    if (wanted.size === 0) return { boligagentId: null, created: 0 };

    const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, emailVerified: true, language: true, deletedAt: true } });
    // A boligagent is mailed: without an address (a social login without email) there is nothing to store on.
    if (!user?.email || user.deletedAt) return { boligagentId: null, created: 0 };

    const cities = await db.city.findMany({ where: { slug: { in: [...wanted.keys()] }, active: true }, select: { id: true, slug: true } });
    if (cities.length === 0) return { boligagentId: null, created: 0 };

    // Two logins at once (two tabs) both find no agent: the unique userId keeps one, and both use it.
    await db.boligagent.createMany({
      data: [{ userId, email: user.email, language: user.language, token: newAgentToken(), verifiedAt: user.emailVerified ? this.clock.now() : null }],
      skipDuplicates: true,
    });
    const agent = await db.boligagent.findUniqueOrThrow({ where: { userId }, select: { id: true } });

    const result = await db.boligagentPref.createMany({
      data: cities.map((city) => {
        const pref = wanted.get(city.slug)!;
        return { boligagentId: agent.id, cityId: city.id, rent: pref.rent, rooms: pref.rooms, size: pref.size, status: 'ACTIVE' as const };
      }),
      skipDuplicates: true,
    });
    return { boligagentId: agent.id, created: result.count };
  }

  /**
   * The user has just proven `email` (verification link, reset link, Facebook): the user's agent
   * moves to that address and may mail; visitor agents of the address are the user's now. With no
   * agent of their own the first visitor agent becomes it; otherwise its areas the user's agent lacks
   * move over (as they were, active or not) and the visitor agent goes. Call inside the transaction
   * that marks the address verified.
   */
  async claimVerifiedAddress(db: Db, userId: number, email: string): Promise<void> {
    const now = this.clock.now();
    let own = await db.boligagent.findUnique({ where: { userId }, select: { id: true, email: true, verifiedAt: true } });
    if (own && (own.email !== email || !own.verifiedAt)) {
      await db.boligagent.update({ where: { id: own.id }, data: { email, verifiedAt: own.verifiedAt ?? now } });
    }
    const visitors = await db.boligagent.findMany({ where: { email, userId: null }, orderBy: { id: 'asc' }, select: { id: true, verifiedAt: true } });
    for (const visitor of visitors) {
      if (!own) {
        await db.boligagent.update({ where: { id: visitor.id }, data: { userId, verifiedAt: visitor.verifiedAt ?? now } });
        own = { id: visitor.id, email, verifiedAt: visitor.verifiedAt ?? now };
        continue;
      }
      const prefs = await db.boligagentPref.findMany({ where: { boligagentId: visitor.id } });
      await db.boligagentPref.createMany({
        data: prefs.map((p) => ({ boligagentId: own!.id, cityId: p.cityId, rent: p.rent, rooms: p.rooms, size: p.size, status: p.status })),
        skipDuplicates: true,
      });
      await db.boligagent.delete({ where: { id: visitor.id } });
    }
  }
}
