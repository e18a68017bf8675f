import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import type { AppConfig } from '../../config/app-config';
import { errorSummary } from '../../common/error-summary';
import { GroupCommit } from '../../common/group-commit';
import { APP_CONFIG } from '../../config/config.module';
import { Clock } from '../clock/clock';
import { Metrics } from '../metrics/metrics';
import { PrismaService } from '../prisma/prisma.service';
import { randomMessageId } from './message-id';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Every mail has both parts (infra/mail/templates, ADR 0059). */
  html: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) for boligagent mails. */
  headers?: Record<string, string>;
  replyTo?: string;
}

export interface SentMail {
  messageId: string;
  /** Where the mail went: a file path in file mode, the SMTP response otherwise. */
  target: string;
}

/**
 * Every mail of the portal leaves through here. SMTP_URL set: nodemailer SMTP with a pooled
 * connection. Unset: each mail is written as an RFC 5322 .eml file under MAIL_DIR, so a
 * developer opens it in any mail client.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger(MailService.name);
  private readonly transporter: Transporter;
  readonly mode: 'smtp' | 'file';
  private lastVerify?: { at: number; ok: boolean };
  /** sent_mails rows of the mails that leave together in one insert: one per mail cost the database as much as the sending (issue 35). */
  private readonly records = new GroupCommit<Array<{ recipient: string; subject: string; messageId: string; sentAt: Date }>>(async (groups) => {
    await this.prisma.sentMail.createMany({ data: groups.flat() });
  });

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
    private readonly prisma: PrismaService,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    const { smtpUrl, dir } = config.mail;
    this.mode = smtpUrl ? 'smtp' : 'file';
    this.transporter = smtpUrl
      ? createTransport(`${smtpUrl}${smtpUrl.includes('?') ? '&' : '?'}pool=true`)
      : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    if (!smtpUrl) mkdirSync(dir, { recursive: true });
  }

  /** Where mails go, for the start-up banner and /api/health; never shows SMTP credentials. */
  get target(): string {
    if (this.mode === 'file') return this.config.mail.dir;
    const url = new URL(this.config.mail.smtpUrl as string);
    return `${url.protocol}//${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
  }

  async send(message: MailMessage): Promise<SentMail> {
    // A mail without its own Message-ID gets a unique one on our host; nodemailer's would be on the
    // From domain, and the same in every installation's test mails.
    const ownId = Object.keys(message.headers ?? {}).some((name) => name.toLowerCase() === 'message-id');
    const messageId = ownId ? {} : { messageId: randomMessageId(this.config.http.publicUrl) };
    let info: { messageId: string; message?: Buffer; response?: string; envelope?: { to?: string[] } };
    try {
      info = (await this.transporter.sendMail({ from: this.config.mail.from, ...messageId, ...message })) as typeof info;
    } catch (error) {
      this.metrics.mails.inc({ outcome: 'failed' });
      throw error;
    }
    this.metrics.mails.inc({ outcome: 'sent' });
    const sent = this.deliver(info);
    await this.record(info.envelope?.to ?? [message.to], message.subject, sent.messageId);
    return sent;
  }

  /** Hands the mail over: the relay has it already, or it is written as an .eml file now. */
  private deliver(info: { messageId: string; message?: Buffer; response?: string }): SentMail {
    if (this.mode === 'smtp') return { messageId: info.messageId, target: info.response ?? 'smtp' };
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    const file = join(this.config.mail.dir, name);
    // Written then renamed, so a reader never sees half a mail.
    writeFileSync(`${file}.tmp`, info.message as Buffer);
    renameSync(`${file}.tmp`, file);
    return { messageId: info.messageId, target: file };
  }

  /**
   * What support reads (sent_mails): one row per address the mail went to, written after it left.
   * Never throws: the mail is gone, and a failed send would make its job retry and send it twice.
   */
  private async record(recipients: string[], subject: string, messageId: string): Promise<void> {
    const sentAt = this.clock.now();
    try {
      await this.records.add(recipients.map((to) => ({ recipient: to.toLowerCase(), subject, messageId, sentAt })));
    } catch (error) {
      this.logger.warn(`mail ${messageId} was sent but not recorded in sent_mails: ${errorSummary(error)}`);
    }
  }

  /** Whether the relay answers; remembered for a minute so health checks do not open a connection each time. */
  async verify(now = Date.now()): Promise<boolean> {
    if (this.mode === 'file') return true;
    if (this.lastVerify && now - this.lastVerify.at < 60_000) return this.lastVerify.ok;
    let ok: boolean;
    try {
      ok = await this.transporter.verify();
    } catch (error) {
      this.logger.warn(`SMTP not reachable: ${String(error)}`);
      ok = false;
    }
    this.lastVerify = { at: now, ok };
    return ok;
  }

  onModuleDestroy(): void {
    this.transporter.close();
  }
}
