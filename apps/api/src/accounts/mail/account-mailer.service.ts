import { Inject, Injectable } from '@nestjs/common';
import { ACCOUNT_TOKENS, isLanguage, publicUrlForLanguage, type Language } from '@husly/domain';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { JOBS } from '../../infra/queue/jobs';
import { AccountTokensService } from '../account-tokens.service';
import { accountMail } from './account-mails';

interface Recipient {
  id: number;
  name: string;
  language: string;
}

/**
 * Issues a link token and queues its mail (mail.deliver): an SMTP failure is retried by the queue,
 * and the request that asked for the mail never waits on the relay. Links point at the user's
 * language host (en. for English).
 */
@Injectable()
export class AccountMailer {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: AccountTokensService,
    private readonly jobs: JobQueue,
  ) {}

  async sendVerification(user: Recipient, email: string): Promise<void> {
    const token = await this.tokens.issue(user.id, 'EMAIL_VERIFICATION', email, ACCOUNT_TOKENS.emailVerificationMs);
    const language = this.language(user);
    const link = `${publicUrlForLanguage(this.config.http.publicUrl, language)}/profile/verify?token=${token}`;
    await this.jobs.enqueue(JOBS.mailDeliver, { to: email, ...accountMail('verify-email', language, { name: user.name, link }) });
  }

  async sendPasswordReset(user: Recipient, email: string): Promise<void> {
    const token = await this.tokens.issue(user.id, 'PASSWORD_RESET', email, ACCOUNT_TOKENS.passwordResetMs);
    const language = this.language(user);
    const link = `${publicUrlForLanguage(this.config.http.publicUrl, language)}/reset-password?token=${token}`;
    await this.jobs.enqueue(JOBS.mailDeliver, { to: email, ...accountMail('reset-password', language, { name: user.name, link }) });
  }

  /** To the old address after an email change, so a hijack does not go unnoticed. */
  async sendEmailChangedNotice(user: Recipient, oldEmail: string, newEmail: string): Promise<void> {
    await this.jobs.enqueue(JOBS.mailDeliver, { to: oldEmail, ...accountMail('email-changed', this.language(user), { name: user.name, newEmail }) });
  }

  /** To the owner when strangers have used up the account's login budget (once a day at most, the caller decides). */
  async sendLoginLockedNotice(user: Recipient, email: string): Promise<void> {
    const language = this.language(user);
    const link = `${publicUrlForLanguage(this.config.http.publicUrl, language)}/reset-password`;
    await this.jobs.enqueue(JOBS.mailDeliver, { to: email, ...accountMail('login-locked', language, { name: user.name, link }) });
  }

  private language(user: Recipient): Language {
    return isLanguage(user.language) ? user.language : 'da';
  }
}
