import { Inject, Injectable } from '@nestjs/common';
import { ACCOUNT_TOKENS, isLanguage, type Language } from '@husly/domain';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { ACCOUNT_MAILS, type AccountMailData, type AccountMailKind } from '../../infra/mail/templates/account-mails';
import { composeMail } from '../../infra/mail/templates/mail-template';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { JOBS } from '../../infra/queue/jobs';
import { AccountTokensService } from '../account-tokens.service';

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
    await this.queue('verify-email', user, email, { name: user.name, path: `/profile/verify?token=${token}` });
  }

  async sendPasswordReset(user: Recipient, email: string): Promise<void> {
    const token = await this.tokens.issue(user.id, 'PASSWORD_RESET', email, ACCOUNT_TOKENS.passwordResetMs);
    await this.queue('reset-password', user, email, { name: user.name, path: `/reset-password?token=${token}` });
  }

  /** To the old address after an email change, so a hijack does not go unnoticed. */
  async sendEmailChangedNotice(user: Recipient, oldEmail: string, newEmail: string): Promise<void> {
    await this.queue('email-changed', user, oldEmail, { name: user.name, newEmail });
  }

  /** To the owner when strangers have used up the account's login budget (once a day at most, the caller decides). */
  async sendLoginLockedNotice(user: Recipient, email: string): Promise<void> {
    await this.queue('login-locked', user, email, { name: user.name, path: '/reset-password' });
  }

  private async queue(kind: AccountMailKind, user: Recipient, to: string, data: AccountMailData): Promise<void> {
    const mail = composeMail(ACCOUNT_MAILS[kind], { language: this.language(user), publicUrl: this.config.http.publicUrl }, data);
    await this.jobs.enqueue(JOBS.mailDeliver, { to, ...mail });
  }

  private language(user: Recipient): Language {
    return isLanguage(user.language) ? user.language : 'da';
  }
}
