import { Inject, Injectable } from '@nestjs/common';
import { LANGUAGE_HANDOFF, type Language } from '@husly/domain';
import type { AuthUser } from '../../common/auth/auth-user';
import { AccountTokensService } from '../account-tokens.service';
import { AccountsService } from '../accounts.service';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { LANGUAGE_HANDOFF_BUCKETS } from '../throttles/account-throttles';

/**
 * Keeps a user logged in across the language switch (issue 15). Each language is its own host, and
 * the session cookie belongs to one host (a cookie for both would need a Domain attribute, which
 * browsers refuse for localhost). So the page asks for a single-use code lasting a minute and posts
 * it to the other host, which answers with a session of its own: the session never sits in a URL,
 * a history entry or a Referer.
 */
@Injectable()
export class LanguageHandoffService {
  constructor(
    @Inject(AccountTokensService) private readonly linkTokens: AccountTokensService,
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(RateLimitService) private readonly rateLimits: RateLimitService,
  ) {}

  /** A code for the caller's session: the other host's token continues it (same sid, same version). */
  async issue(user: AuthUser, language: Language): Promise<string> {
    await this.rateLimits.consume([LANGUAGE_HANDOFF_BUCKETS.user(user.id)], language);
    const session = { sessionId: user.sessionId, sessionVersion: user.sessionVersion ?? 0 };
    return this.linkTokens.issue(user.id, 'LANGUAGE_HANDOFF', null, LANGUAGE_HANDOFF.lifetimeMs, undefined, session);
  }

  /**
   * A login token for the code's user, or null when the code is unknown, used or expired. It is the
   * session the code was asked for, so a logout on either host ends both, and a code asked for before
   * a logout gives a token that is refused like the rest of its session.
   */
  async redeem(code: string): Promise<string | null> {
    const consumed = await this.linkTokens.consume(code, 'LANGUAGE_HANDOFF');
    if (!consumed) return null;
    return this.accounts.token(consumed.userId, { session: { sessionId: consumed.sessionId ?? undefined, sessionVersion: consumed.sessionVersion ?? 0 } });
  }
}
