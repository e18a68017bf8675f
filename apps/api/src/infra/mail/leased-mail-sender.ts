import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Clock } from '../clock/clock';
import { PrismaService } from '../prisma/prisma.service';
import { MailService, type MailMessage } from './mail.service';

/** busy: another worker holds the mail right now; our job retries later in case that worker dies. */
export type SendOutcome = 'sent' | 'skipped' | 'busy' | 'stopped' | 'suppressed' | 'retry';

/** A temporary failure left in a send job: the queue retries the job with backoff. */
export class MailSendRetry extends Error {}

/**
 * A send job holds its mails this long. It starts no new mail after half of it, so a slow relay
 * cannot make a live job's lease run out; a job whose worker died frees its mails when it passes.
 */
const LEASE_MS = 10 * 60_000;

/**
 * A table of mails claimed once (a PENDING row each) that the sender leases, sends and marks: the
 * boligagent mails (ADR 0006) and the favourites' mails (ADR 0062). Each statement acts only on
 * PENDING rows, so a mail is marked once whoever races for it.
 */
export interface LeasedOutbox<M extends { id: number; email: string }> {
  /** For logs and the Message-ID: "boligagent", "favourite". */
  kind: string;
  /** Takes the still PENDING mails among `mailIds` that no other worker holds, until `leaseUntil`. */
  lease(input: { mailIds: number[]; now: Date; leaseUntil: Date }): Promise<M[]>;
  /** How many of `mailIds` are still PENDING under another worker's lease. */
  heldElsewhere(mailIds: number[], now: Date): Promise<number>;
  markSent(mailId: number, input: { sentAt: Date; messageId: string }): Promise<void>;
  /** Not sent, for good. */
  markFailed(mailId: number, error: string): Promise<void>;
  /** A temporary failure: recorded, and the lease given back so a retry can take the mail again. */
  release(mailIds: number[], error: string | null): Promise<void>;
  /** Why a leased mail is no longer sent (its reader stopped it; nothing left to tell), or null to send it. */
  drop(mail: M): { outcome: 'stopped' | 'skipped'; reason: string } | null;
  /** The mail, with a Message-ID stable per row (a re-send after a crash is the same mail). */
  compose(mail: M): MailMessage;
}

/**
 * The one send path of claimed mails (docs/decisions/0006-boligagent-delivery.md): leases a job's
 * PENDING mails in one statement, sends each once and marks it SENT; a 5xx suppresses the address; a
 * temporary failure gives the mail back and makes the job retry (only those are re-sent). A crash
 * after the relay accepted a mail and before the mark leaves it PENDING: it is sent again once the
 * lease passes, with the same Message-ID (the at-least-once window of ADR 0006).
 */
@Injectable()
export class LeasedMailSender {
  private readonly logger = new Logger(LeasedMailSender.name);

  constructor(
    private readonly mail: MailService,
    private readonly prisma: PrismaService,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Sends the chunk; throws MailSendRetry (not on the job's last attempt) while some are left for later. */
  async send<M extends { id: number; email: string }>(outbox: LeasedOutbox<M>, mailIds: number[], final: boolean): Promise<Record<SendOutcome, number>> {
    const outcomes: Record<SendOutcome, number> = { sent: 0, skipped: 0, busy: 0, stopped: 0, suppressed: 0, retry: 0 };
    const leasedAt = this.clock.now();
    const queue = await outbox.lease({ mailIds, now: leasedAt, leaseUntil: new Date(leasedAt.getTime() + LEASE_MS) });
    if (queue.length < mailIds.length) {
      const leased = new Set(queue.map((m) => m.id));
      outcomes.busy = await outbox.heldElsewhere(mailIds.filter((id) => !leased.has(id)), leasedAt);
      outcomes.skipped = mailIds.length - queue.length - outcomes.busy;
    }
    // Real time, not the clock: this bounds how long this process holds the lease.
    const stopStartingAt = performance.now() + LEASE_MS / 2;
    const failed: number[] = [];
    const worker = async () => {
      for (let mail = queue.shift(); mail !== undefined; mail = queue.shift()) {
        if (performance.now() > stopStartingAt) {
          failed.push(mail.id);
          outcomes.retry++;
          continue;
        }
        let outcome: SendOutcome;
        try {
          outcome = await this.sendOne(outbox, mail, final);
        } catch (error) {
          this.logger.warn(`${outbox.kind} mail ${mail.id}: ${String(error)}`);
          outcome = 'retry';
        }
        if (outcome === 'retry') failed.push(mail.id);
        outcomes[outcome]++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.config.mail.sendConcurrency, queue.length) }, worker));
    // Given back so that the retry (or the next run) can take them without waiting for the lease.
    await outbox.release(failed, null);
    const later = outcomes.retry + outcomes.busy;
    if (later > 0 && !final) {
      throw new MailSendRetry(`${later} of ${mailIds.length} ${outbox.kind} mails to try again (${outcomes.retry} failed temporarily, ${outcomes.busy} held by another worker)`);
    }
    return outcomes;
  }

  private async sendOne<M extends { id: number; email: string }>(outbox: LeasedOutbox<M>, mail: M, final: boolean): Promise<SendOutcome> {
    const dropped = outbox.drop(mail);
    if (dropped) {
      await outbox.markFailed(mail.id, dropped.reason);
      return dropped.outcome;
    }
    const message = outbox.compose(mail);
    try {
      const sent = await this.mail.send(message);
      await outbox.markSent(mail.id, { sentAt: this.clock.now(), messageId: sent.messageId });
      return 'sent';
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      const reason = String((error as Error).message ?? error).slice(0, 500);
      if (code !== undefined && code >= 500 && code < 600) {
        // A permanent refusal (5xx): the address is suppressed and never mailed again.
        await this.prisma.$executeRaw`INSERT INTO mail_suppressions (email, reason) VALUES (${mail.email}, ${`smtp ${code}: ${reason}`}) ON CONFLICT (email) DO NOTHING`;
        await outbox.markFailed(mail.id, reason);
        return 'suppressed';
      }
      // Temporary: recorded; the lease is given back after the job's other mails.
      await outbox.release([mail.id], reason);
      this.logger.warn(`${outbox.kind} mail ${mail.id} failed temporarily${final ? ' (last attempt)' : ''}: ${reason}`);
      return 'retry';
    }
  }
}
