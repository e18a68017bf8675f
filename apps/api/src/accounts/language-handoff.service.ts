import { Inject, Injectable } from '@nestjs/common';
import { LANGUAGE_HANDOFF, type Language } from '@husly/domain';
import { AccountTokensService } from './account-tokens.service';
import { AccountsService } from './accounts.service';
import { RateLimitService } from './rate-limit.service';
import { LANGUAGE_HANDOFF_BUCKETS } from './throttles';

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

  async issue(userId: number, language: Language): Promise<string> {
    await this.rateLimits.consume([LANGUAGE_HANDOFF_BUCKETS.user(userId)], language);
    return this.linkTokens.issue(userId, 'LANGUAGE_HANDOFF', null, LANGUAGE_HANDOFF.lifetimeMs);
  }

  /** A login token for the code's user, or null when the code is unknown, used or expired. */
  async redeem(code: string): Promise<string | null> {
    const consumed = await this.linkTokens.consume(code, 'LANGUAGE_HANDOFF');
    return consumed ? this.accounts.token(consumed.userId) : null;
  }
}
