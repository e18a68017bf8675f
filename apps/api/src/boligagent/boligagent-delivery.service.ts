import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { Clock } from '../infra/clock/clock';
import { MailService } from '../infra/mail/mail.service';
import { PrismaService } from '../infra/prisma/prisma.service';
import { JobQueue } from '../infra/queue/job-queue.service';
import { JOBS } from '../infra/queue/jobs';
import { BoligagentRepository, type PendingMail } from './boligagent.repository';
import { renderDigestMail, type DigestDwelling } from './mail-templates';
import { listUnsubscribeHeaders, publicOrigin, signUserParam, unsubscribeUrlOf, type MailLanguage } from './public-urls';

/** Agents per keyset batch of the nightly matching statement. */
const AGENT_BATCH = 5_000;
/** Mails per send job: a retry re-sends only the ones still pending. */
export const MAILS_PER_SEND_JOB = 100;
/** Mails of one send job in flight at once (the SMTP pool has its own connection limit). */
const SEND_CONCURRENCY = 8;
/** Dwellings listed in one mail; the rest are behind "see all N". */
export const DWELLINGS_PER_MAIL = 20;
/**
 * The run takes dwellings created up to a minute ago: a dwelling whose insert is still committing
 * when the matching statement runs is not visible to it yet, and would be older than the agent's
 * lastMailedAt by the next run. A minute is far longer than any dwelling insert.
 */
const CUTOFF_MARGIN_MS = 60_000;
/** Dwellings per instant claim statement (a large feed import is split). */
const INSTANT_CHUNK = 500;

export interface DigestResult {
  agentsScanned: number;
  mails: number;
  deliveries: number;
  requeued: number;
  /** Time spent in the matching-and-claiming statements. */
  matchingMs: number;
}

/** busy: another worker holds the mail right now; our job retries later in case that worker dies. */
export type SendOutcome = 'sent' | 'skipped' | 'busy' | 'stopped' | 'suppressed' | 'retry';

/** A temporary failure left in a send job: the queue retries the job with backoff. */
export class BoligagentSendRetry extends Error {}

/**
 * The boligagent mail job: match in bulk, claim (exactly-once record), then send each claimed mail
 * once. See docs/decisions/0006-boligagent-delivery.md for the exactly-once argument.
 */
@Injectable()
export class BoligagentDeliveryService {
  private readonly logger = new Logger(BoligagentDeliveryService.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly repository: BoligagentRepository,
    private readonly mail: MailService,
    private readonly jobs: JobQueue,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Landlord feed import and dwelling creation call this: instant agents get their mail now. */
  async dwellingsCreated(dwellingIds: number[]): Promise<void> {
    if (dwellingIds.length === 0) return;
    await this.jobs.enqueue(JOBS.boligagentInstant, { dwellingIds });
  }

  /**
   * The nightly run (and `npm run boligagent:send`): first hands over what an earlier run claimed
   * but never sent, then matches every mailable agent in keyset batches and queues the mails.
   */
  async runDigest(cutoff: Date = new Date(this.clock.now().getTime() - CUTOFF_MARGIN_MS)): Promise<DigestResult> {
    const result: DigestResult = { agentsScanned: 0, mails: 0, deliveries: 0, requeued: 0, matchingMs: 0 };
    result.requeued = await this.requeuePending(this.clock.now());
    let afterAgentId = 0;
    for (;;) {
      const started = performance.now();
      const batch = await this.repository.claimDigestBatch({
        afterAgentId,
        limit: AGENT_BATCH,
        cutoff,
        now: this.clock.now(),
        frequencies: ['INSTANT', 'DAILY', 'WEEKLY'],
      });
      result.matchingMs += performance.now() - started;
      if (batch.lastAgentId === null) break;
      afterAgentId = batch.lastAgentId;
      result.agentsScanned += batch.agentsScanned;
      result.mails += batch.mailIds.length;
      result.deliveries += batch.deliveries;
      await this.enqueueSends(batch.mailIds);
    }
    this.logger.log(
      `boligagent digest: ${result.agentsScanned} agents, ${result.mails} mails, ${result.deliveries} dwellings, ` +
        `${result.requeued} requeued, matching ${Math.round(result.matchingMs)} ms`,
    );
    return result;
  }

  async runInstant(dwellingIds: number[]): Promise<number> {
    let mails = 0;
    for (let i = 0; i < dwellingIds.length; i += INSTANT_CHUNK) {
      const claim = await this.repository.claimInstant({ dwellingIds: dwellingIds.slice(i, i + INSTANT_CHUNK), now: this.clock.now() });
      await this.enqueueSends(claim.mailIds);
      mails += claim.mailIds.length;
    }
    return mails;
  }

  /** Mails still PENDING from before this run: the claim happened, the hand-over did not (crash, outage). */
  private async requeuePending(before: Date): Promise<number> {
    let afterId = 0;
    let count = 0;
    // New job ids: a job of an earlier run may sit in its backoff delay; the row lock and the
    // PENDING check make the two jobs send each mail once between them.
    const run = `r${before.getTime().toString(36)}`;
    for (;;) {
      const ids = await this.repository.pendingMailIds({ afterId, limit: 1_000, createdBefore: before });
      if (ids.length === 0) return count;
      afterId = ids[ids.length - 1];
      count += ids.length;
      await this.enqueueSends(ids, run);
    }
  }

  private async enqueueSends(mailIds: number[], run = 'first'): Promise<void> {
    for (let i = 0; i < mailIds.length; i += MAILS_PER_SEND_JOB) {
      const chunk = mailIds.slice(i, i + MAILS_PER_SEND_JOB);
      // Same mails, same job id: enqueueing twice (a retried digest) is one job.
      await this.jobs.enqueue(JOBS.boligagentSend, { mailIds: chunk }, { jobId: `boligagent-send-${run}-${chunk[0]}-${chunk[chunk.length - 1]}` });
    }
  }

  /** The send job: every mail of the chunk once; temporary failures make the job retry (only those are re-sent). */
  async sendMails(mailIds: number[], final: boolean): Promise<Record<SendOutcome, number>> {
    const outcomes: Record<SendOutcome, number> = { sent: 0, skipped: 0, busy: 0, stopped: 0, suppressed: 0, retry: 0 };
    // Everything the mails need in one query; the per-mail transaction then only locks, sends and marks.
    const queue = await this.repository.pendingMails(mailIds, DWELLINGS_PER_MAIL);
    outcomes.skipped += mailIds.length - queue.length;
    const worker = async () => {
      for (let mail = queue.shift(); mail !== undefined; mail = queue.shift()) {
        let outcome: SendOutcome;
        try {
          outcome = await this.sendOne(mail, final);
        } catch (error) {
          this.logger.warn(`boligagent mail ${mail.id}: ${String(error)}`);
          outcome = 'retry';
        }
        outcomes[outcome]++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, queue.length) }, worker));
    const later = outcomes.retry + outcomes.busy;
    if (later > 0 && !final) throw new BoligagentSendRetry(`${later} of ${mailIds.length} boligagent mails to try again (${outcomes.retry} failed temporarily, ${outcomes.busy} held by another worker)`);
    return outcomes;
  }

  /**
   * One mail, exactly once: the row is locked (FOR UPDATE SKIP LOCKED, so a second worker skips it
   * instead of waiting) and must still be PENDING; it is sent and marked SENT in that transaction.
   * A crash after the relay accepted it and before the commit leaves it PENDING, and it is sent
   * again with the same Message-ID (the at-least-once choice of ADR 0006).
   */
  private async sendOne(mail: PendingMail, final: boolean): Promise<SendOutcome> {
    if (mail.total === 0) {
      // Lost every pair to a concurrent claim: nothing of its own to send.
      await this.prisma.$executeRaw`DELETE FROM boligagent_mails m WHERE m.id = ${mail.id} AND m.status = 'PENDING'
        AND NOT EXISTS (SELECT 1 FROM boligagent_deliveries x WHERE x.mail_id = m.id)`;
      return 'skipped';
    }
    if (!mail.enabled || mail.unsubscribed || mail.suppressed) {
      // Stopped after the claim (one-click unsubscribe, off switch, bounce): not mailed.
      await this.prisma.$executeRaw`UPDATE boligagent_mails SET status = 'FAILED', error = 'agent stopped', dwelling_count = ${mail.total}
        WHERE id = ${mail.id} AND status = 'PENDING'`;
      return 'stopped';
    }
    const message = this.compose(mail);
    return this.prisma.$transaction(
      async (tx) => {
        const [row] = await tx.$queryRaw<Array<{ status: string }>>`
          SELECT status::text AS status FROM boligagent_mails WHERE id = ${mail.id} FOR UPDATE SKIP LOCKED`;
        if (!row) {
          // Locked: another worker is sending it. Deleted rows (agent deleted) come back as "skipped" below.
          const exists = await tx.$queryRaw<Array<{ id: number }>>`SELECT id FROM boligagent_mails WHERE id = ${mail.id}`;
          return exists.length ? 'busy' : 'skipped';
        }
        if (row.status !== 'PENDING') return 'skipped';
        try {
          const sent = await this.mail.send(message);
          await tx.$executeRaw`UPDATE boligagent_mails SET status = 'SENT', sent_at = ${this.clock.now()}, message_id = ${sent.messageId},
            dwelling_count = ${mail.total}, attempts = attempts + 1, error = NULL WHERE id = ${mail.id}`;
          return 'sent';
        } catch (error) {
          const code = (error as { responseCode?: number }).responseCode;
          const reason = String((error as Error).message ?? error).slice(0, 500);
          if (code !== undefined && code >= 500 && code < 600) {
            // A permanent refusal (5xx): the address is suppressed and never mailed again.
            await tx.$executeRaw`INSERT INTO mail_suppressions (email, reason) VALUES (${mail.email}, ${`smtp ${code}: ${reason}`}) ON CONFLICT (email) DO NOTHING`;
            await tx.$executeRaw`UPDATE boligagent_mails SET status = 'FAILED', error = ${reason}, attempts = attempts + 1 WHERE id = ${mail.id}`;
            return 'suppressed';
          }
          // Temporary: recorded and left PENDING for the job's retry (or, after the last one, the next run).
          await tx.$executeRaw`UPDATE boligagent_mails SET error = ${reason}, attempts = attempts + 1 WHERE id = ${mail.id}`;
          this.logger.warn(`boligagent mail ${mail.id} to agent ${mail.agentId} failed temporarily${final ? ' (last attempt)' : ''}: ${reason}`);
          return 'retry';
        }
      },
      { maxWait: 30_000, timeout: 120_000 },
    );
  }

  private compose(mail: PendingMail) {
    const agent = { id: mail.agentId, email: mail.email, token: mail.token, language: mail.language };
    const total = mail.total;
    const rows = mail.dwellings;
    const language: MailLanguage = agent.language === 'en' ? 'en' : 'da';
    const origin = publicOrigin(this.config.http.publicUrl, language);
    const user = signUserParam(agent.id, this.config.auth.jwtSecret);
    const dwellings: DigestDwelling[] = rows.map((d) => ({
      id: d.id,
      headline: d.headline,
      rent: d.rent,
      rooms: d.rooms,
      size: d.size,
      city: d.city,
      url: `${origin}/vis/${d.id}?user=${encodeURIComponent(user)}&source=boligagent`,
    }));
    const firstCity = rows[0]?.city ?? '';
    const unsubscribeUrl = unsubscribeUrlOf(this.config.http.publicUrl, agent.token);
    const rendered = renderDigestMail({
      language,
      dwellings,
      total,
      seeAllUrl: `${origin}/search?q=${encodeURIComponent(firstCity)}&user=${encodeURIComponent(user)}&source=boligagent`,
      manageUrl: `${origin}/boligagent/${encodeURIComponent(agent.token)}`,
      unsubscribeUrl,
    });
    const domain = new URL(this.config.http.publicUrl).hostname;
    return {
      to: agent.email,
      ...rendered,
      headers: {
        // Deterministic: a mail re-sent after a crash carries the same id, so clients collapse it.
        'Message-ID': `<boligagent-${mail.id}@${domain}>`,
        ...listUnsubscribeHeaders(unsubscribeUrl, this.config.mail.from, agent.token),
      },
    };
  }
}
