import { Inject, Injectable } from '@nestjs/common';
import { LANGUAGE_HANDOFF } from '@husly/domain';
import type { TokenPayload } from '../../common/auth/auth-user';
import { TokenService } from '../../common/auth/token.service';
import { Clock } from '../../infra/clock/clock';
import { PrismaService } from '../../infra/prisma/prisma.service';

type ReadToken = TokenPayload & { userId: number };

/**
 * Logout on the server (issue 29, docs/decisions/0038). A login token names its session (sid), and
 * the language handoff's tokens share it, so ending the sid ends the session on both hosts; "log out
 * everywhere" moves the user's session version, which ends every token issued before. Both are
 * idempotent: a second call, in a row or at once, finds the work done and answers the same.
 */
@Injectable()
export class LogoutService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly tokens: TokenService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * Ends the token's session; false only when the token is not one we signed. An ended or expired
   * token may still end its session: a logout must work for the tab whose token is the older twin.
   */
  async logout(token: string | null): Promise<boolean> {
    const payload = this.tokens.read(token);
    if (!payload) return false;
    // A token from before sessions had ids cannot be told from its user's others: end them all.
    if (!payload.sid) {
      await this.endAll(payload);
      return true;
    }
    const now = this.clock.now();
    // Every token of the session alive now was issued by now, so it expires within a lifetime; the
    // handoff code's minute covers a code redeemed just after the logout.
    const expiresAt = new Date(now.getTime() + this.tokens.lifetimeSeconds * 1000 + LANGUAGE_HANDOFF.lifetimeMs);
    const userId = payload.userId;
    try {
      await this.prisma.$transaction([
        // The primary key decides between two logouts at once; the second changes nothing.
        this.prisma.endedSession.createMany({ data: [{ id: payload.sid, userId, expiresAt, createdAt: now }], skipDuplicates: true }),
        // Rows no token can need any more (of any user: one who never logs out again leaves one behind).
        this.prisma.endedSession.deleteMany({ where: { expiresAt: { lt: now } } }),
      ]);
    } catch (error) {
      // No such user (P2003, the foreign key): there is no session to end.
      if ((error as { code?: string }).code !== 'P2003') throw error;
    }
    return true;
  }

  /** Ends every session of the token's user; false when the token is not ours or has expired. */
  async logoutAll(token: string | null): Promise<boolean> {
    const payload = this.tokens.read(token);
    if (!payload || this.tokens.expired(payload)) return false;
    await this.endAll(payload);
    return true;
  }

  /**
   * Moves the session version, if the token still holds it and its session was not logged out: a
   * token that already ended has no say over the sessions made after it. Two calls at once queue on
   * the row; the second sees the moved version and changes nothing.
   */
  private async endAll(payload: ReadToken): Promise<void> {
    await this.prisma.$executeRaw`
      UPDATE users SET session_version = session_version + 1
      WHERE id = ${payload.userId} AND deleted_at IS NULL AND session_version = ${payload.sv ?? 0}
        AND NOT EXISTS (SELECT 1 FROM ended_sessions e WHERE e.id = ${payload.sid ?? null})`;
  }
}
