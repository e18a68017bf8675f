import { Inject, Injectable } from '@nestjs/common';
import type { ContactMessage } from '@husly/contracts';
import { CONTACT_FORM_THROTTLE, type Language } from '@husly/domain';
import type { RateLimit } from '../common/rate-limit/rate-limit.service';
import { RateLimitService } from '../common/rate-limit/rate-limit.service';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { contactFormMail } from '../infra/mail/templates/contact-mails';
import { composeMail, SUPPORT_LANGUAGE } from '../infra/mail/templates/mail-template';
import { JobQueue } from '../infra/queue/job-queue.service';
import { JOBS } from '../infra/queue/jobs';

export const CONTACT_LIMITS = {
  ip: (ip: string): RateLimit => ({ bucket: `contact:ip:${ip}`, max: CONTACT_FORM_THROTTLE.perIp, windowMs: CONTACT_FORM_THROTTLE.windowMs }),
};

/**
 * Line breaks and other control characters out of a header value. The contract already refuses
 * them in the subject and name; this keeps the mail safe should a caller ever skip it.
 */
export const headerSafe = (value: string): string => value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();

@Injectable()
export class ContentService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rateLimits: RateLimitService,
    private readonly jobs: JobQueue,
  ) {}

  /**
   * Queues the contact form's mail to SUPPORT_EMAIL. It is sent From our own address (a From of
   * the sender's domain would fail SPF/DMARC and could be forged); support answers through Reply-To.
   */
  async sendContactMessage(message: ContactMessage, from: { ip: string; language: Language }): Promise<void> {
    await this.rateLimits.consume([CONTACT_LIMITS.ip(from.ip)], from.language);
    const mail = composeMail(
      contactFormMail,
      { language: SUPPORT_LANGUAGE, publicUrl: this.config.http.publicUrl },
      { name: headerSafe(message.name), email: message.email, site: from.language === 'en' ? 'en' : 'da', subject: headerSafe(message.subject), message: message.message },
    );
    await this.jobs.enqueue(JOBS.mailDeliver, { to: this.config.mail.support, replyTo: headerSafe(message.email), ...mail });
  }
}
