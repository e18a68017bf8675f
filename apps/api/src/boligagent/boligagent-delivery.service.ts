import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { setTimeout as delay } from 'node:timers/promises';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { Clock } from '../infra/clock/clock';
import { LeasedMailSender, MailSendRetry, type LeasedOutbox, type SendOutcome } from '../infra/mail/leased-mail-sender';
import { stableMessageId } from '../infra/mail/message-id';
import { boligagentChangeMail, boligagentDigestMail, type DigestDwelling } from '../infra/mail/templates/boligagent-mails';
import { composeMail } from '../infra/mail/templates/mail-template';
import { JobQueue } from '../infra/queue/job-queue.service';
import { JOBS } from '../infra/queue/jobs';
import { BoligagentRepository, type LeasedMail, type MailChange } from './boligagent.repository';
import { BoligagentRunLog } from './boligagent-run-log';
import { GroupCommit } from '../common/group-commit';
import { PushService } from './push/push.service';
import { changeAlertsOffPathOf, listUnsubscribeHeaders, signUserParam, unsubscribePathOf, unsubscribeUrlOf, type MailLanguage } from './public-urls';

/** Agents per keyset batch of the nightly matching statement. */
const AGENT_BATCH = 25_000;
/**
 * Without Redis the send jobs wait in this process's memory, and claiming outruns sending by far
 * (a batch of 25,000 agents is claimed in a second or two, sent in half a minute): the digest claims
 * its next batch once at most this many jobs wait, so memory holds a batch or two however many agents
 * there are, and the queue never runs dry (5,000 mails last longer than a batch's claim).
 */
const MAX_WAITING_SEND_JOBS = 50;
/** How often the digest looks at the backlog while it waits for it (a cheap in-memory count). */
const BACKLOG_POLL_MS = 20;
/** Mails per send job: a retry re-sends only the ones still pending. */
export const MAILS_PER_SEND_JOB = 100;
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
/** The nightly sweep of change alerts looks this far back (as a digest window does, ADR 0006). */
const CHANGE_SWEEP_MS = 8 * 24 * 3_600_000;

export interface DigestResult {
  agentsScanned: number;
  mails: number;
  /** Dwellings in the claimed mails (a mail lists at most 20 of its dwellings). */
  dwellings: number;
  requeued: number;
  /** Time spent matching (the reads of every batch: which new dwellings match which agent). */
  matchingMs: number;
  /** Time spent claiming (the writes: windows moved, mails inserted). */
  claimingMs: number;
  /** Change mails claimed by the run's sweep (rent drops, back on the market: ADR 0062). */
  changeMails: number;
}

/** How the nightly run walks the agents; tests make both small to cross batches with a few agents. */
export interface DigestBatching {
  agentsPerBatch: number;
  /** In-process send jobs left waiting before the next batch is claimed (MAX_WAITING_SEND_JOBS). */
  maxWaitingSendJobs: number;
}

export type { SendOutcome };
/** A temporary failure left in a send job: the queue retries the job with backoff. */
export { MailSendRetry as BoligagentSendRetry };

/**
 * The boligagent mail job: match and claim in bulk (a window per agent), then send each claimed
 * mail once. See docs/decisions/0006-boligagent-delivery.md for the exactly-once argument.
 */
@Injectable()
export class BoligagentDeliveryService implements OnModuleDestroy {
  private readonly logger = new Logger(BoligagentDeliveryService.name);
  /** Set at shutdown: a digest waiting for the backlog stops (the queue starts no job any more). */
  private stopping = false;
  /**
   * The send jobs' SENT marks, one statement for those that arrive together: a statement per mail
   * cost the database as much as the sending (issue 35). Each mail's mark is still awaited before
   * its job goes on, so what a crash can leave unmarked is what was in flight, as before (ADR 0006).
   */
  private readonly sentMarks = new GroupCommit<{ mailId: number; sentAt: Date; messageId: string }>((marks) => this.repository.markSent(marks));

  constructor(
    private readonly repository: BoligagentRepository,
    private readonly sender: LeasedMailSender,
    private readonly jobs: JobQueue,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly runs: BoligagentRunLog,
    private readonly push: PushService,
  ) {}

  /** Landlord feed import and dwelling creation call this: instant agents get their mail now. */
  async dwellingsCreated(dwellingIds: number[]): Promise<void> {
    if (dwellingIds.length === 0) return;
    await this.jobs.enqueue(JOBS.boligagentInstant, { dwellingIds });
  }

  /** The feed import calls this with the changes it recorded: instant agents hear of them now (ADR 0062). */
  async dwellingsChanged(changeIds: number[]): Promise<void> {
    if (changeIds.length === 0) return;
    await this.jobs.enqueue(JOBS.boligagentChanges, { changeIds });
  }

  /** The change job: instant agents' change mails, claimed and handed to the send job like their instant mails. */
  async runChanges(changeIds: number[]): Promise<number> {
    const mailIds = await this.repository.claimChanges({ changeIds, since: new Date(this.clock.now().getTime() - CHANGE_SWEEP_MS), frequencies: ['INSTANT'], now: this.clock.now() });
    await this.enqueueSends(mailIds, 'change');
    return mailIds.length;
  }

  /**
   * The nightly run's change alerts: daily and weekly agents get their change mails at the digest's
   * hour, and any instant agent whose change job was lost (a crash after the import committed) gets
   * its mail now. The claim is unique per agent and change, so what an earlier job or run claimed
   * is not claimed again.
   */
  private async sweepChanges(cutoff: Date, backlog: number): Promise<number> {
    const now = this.clock.now();
    const claim = await this.repository.claimChangesInBulk({ since: new Date(cutoff.getTime() - CHANGE_SWEEP_MS), frequencies: ['INSTANT', 'DAILY', 'WEEKLY'], now });
    if (claim.firstId === null || claim.lastId === null) return 0;
    // Paged, not one array: the night's change mails grow with the agents (ADR 0062, issue 35).
    for (let afterId = claim.firstId - 1; ; ) {
      const ids = await this.repository.changeMailIds({ afterId, lastId: claim.lastId, createdAt: now, limit: 1_000 });
      if (ids.length === 0) return claim.mails;
      afterId = ids[ids.length - 1];
      await this.enqueueSends(ids, 'change', backlog);
    }
  }

  /**
   * The nightly run (and `npm run boligagent:send`): first hands over what an earlier run claimed
   * but never sent, then matches every daily and weekly agent in keyset batches and queues the
   * mails. Instant agents are mailed when their dwellings arrive (`runInstant`).
   */
  async runDigest(cutoff: Date = new Date(this.clock.now().getTime() - CUTOFF_MARGIN_MS), options: Partial<DigestBatching> = {}): Promise<DigestResult> {
    // Recorded here, not in the job: `boligagent:send` without Redis runs the digest in its own process.
    const run = await this.runs.start();
    try {
      const result = await this.digest(cutoff, { agentsPerBatch: AGENT_BATCH, maxWaitingSendJobs: MAX_WAITING_SEND_JOBS, ...options });
      await run.finished(result.mails + result.changeMails);
      return result;
    } catch (error) {
      await run.failed(error);
      throw error;
    }
  }

  private async digest(cutoff: Date, batching: DigestBatching): Promise<DigestResult> {
    const result: DigestResult = { agentsScanned: 0, mails: 0, dwellings: 0, requeued: 0, matchingMs: 0, claimingMs: 0, changeMails: 0 };
    const backlog = batching.maxWaitingSendJobs;
    result.requeued = await this.requeuePending(this.clock.now(), backlog);
    result.changeMails = await this.sweepChanges(cutoff, backlog);
    let afterAgentId = 0;
    for (;;) {
      const batch = await this.repository.claimDigestBatch({
        afterAgentId,
        limit: batching.agentsPerBatch,
        cutoff,
        now: this.clock.now(),
        listed: DWELLINGS_PER_MAIL,
        frequencies: ['DAILY', 'WEEKLY'],
      });
      result.matchingMs += batch.matchingMs;
      result.claimingMs += batch.claimingMs;
      if (batch.lastAgentId === null) break;
      afterAgentId = batch.lastAgentId;
      result.agentsScanned += batch.agentsScanned;
      result.mails += batch.mailIds.length;
      result.dwellings += batch.dwellings;
      await this.enqueueSends(batch.mailIds, 'first', backlog);
    }
    this.logger.log(
      `boligagent digest: ${result.agentsScanned} agents, ${result.mails} mails, ${result.dwellings} dwellings, ${result.changeMails} change mails, ` +
        `${result.requeued} requeued, matching ${Math.round(result.matchingMs)} ms, claiming ${Math.round(result.claimingMs)} ms`,
    );
    return result;
  }

  async runInstant(dwellingIds: number[]): Promise<number> {
    let mails = 0;
    for (let i = 0; i < dwellingIds.length; i += INSTANT_CHUNK) {
      const claim = await this.repository.claimInstant({
        dwellingIds: dwellingIds.slice(i, i + INSTANT_CHUNK),
        now: this.clock.now(),
        listed: DWELLINGS_PER_MAIL,
      });
      await this.enqueueSends(claim.mailIds);
      mails += claim.mailIds.length;
      // After the mail claim: pushes are claimed from its pairs (also on a retry that claimed no mail).
      await this.push.dwellingsClaimed(dwellingIds.slice(i, i + INSTANT_CHUNK));
    }
    return mails;
  }

  /** Mails still PENDING from before this run: the claim happened, the hand-over did not (crash, outage). */
  private async requeuePending(before: Date, backlog: number): Promise<number> {
    let afterId = 0;
    let count = 0;
    // New job ids: a job of an earlier run may sit in its backoff delay; the lease and the
    // PENDING check make the two jobs send each mail once between them.
    const run = `r${before.getTime().toString(36)}`;
    for (;;) {
      const ids = await this.repository.pendingMailIds({ afterId, limit: 1_000, createdBefore: before });
      if (ids.length === 0) return count;
      afterId = ids[ids.length - 1];
      count += ids.length;
      await this.enqueueSends(ids, run, backlog);
    }
  }

  /**
   * `backlog`: the nightly run's hand-over, which waits while more send jobs than that wait in this
   * process. Only the digest waits: it is one job at a time, while instant and change jobs waiting in
   * every slot of the in-process queue would leave none for the send jobs they wait for.
   */
  private async enqueueSends(mailIds: number[], run = 'first', backlog?: number): Promise<void> {
    for (let i = 0; i < mailIds.length; i += MAILS_PER_SEND_JOB) {
      if (backlog !== undefined) await this.sendBacklogAtMost(backlog);
      const chunk = mailIds.slice(i, i + MAILS_PER_SEND_JOB);
      // Same mails, same job id: enqueueing twice (a retried digest) is one job.
      await this.jobs.enqueue(JOBS.boligagentSend, { mailIds: chunk }, { jobId: `boligagent-send-${run}-${chunk[0]}-${chunk[chunk.length - 1]}` });
    }
  }

  /**
   * Resolves once at most `jobs` jobs wait in this process (retries in their backoff included). With
   * Redis they wait in Redis, for whichever worker takes them, and nothing is held here. Throws at
   * shutdown: what the run claimed and did not queue stays PENDING, and the next run queues it.
   */
  private async sendBacklogAtMost(jobs: number): Promise<void> {
    if (this.jobs.mode !== 'in-process') return;
    while (((await this.jobs.counts()).waiting ?? 0) > jobs) {
      if (this.stopping) throw new Error('boligagent digest stopped at shutdown; its claimed mails are queued by the next run');
      await delay(BACKLOG_POLL_MS);
    }
  }

  onModuleDestroy(): void {
    this.stopping = true;
  }

  /**
   * The send job: the one send path of claimed mails (LeasedMailSender: lease, send once, SENT,
   * 4xx retry, 5xx suppression), with this outbox's reasons to drop a mail and its wording.
   */
  async sendMails(mailIds: number[], final: boolean): Promise<Record<SendOutcome, number>> {
    return this.sender.send(this.outbox, mailIds, final);
  }

  private readonly outbox: LeasedOutbox<LeasedMail> = {
    kind: 'boligagent',
    lease: (input) => this.repository.leaseMails(input),
    heldElsewhere: (mailIds, now) => this.repository.heldElsewhere(mailIds, now),
    markSent: (mailId, input) => this.sentMarks.add({ mailId, ...input }),
    markFailed: (mailId, error) => this.repository.markFailed(mailId, error),
    release: (mailIds, error) => this.repository.release(mailIds, error),
    drop: (mail) => {
      // Stopped after the claim (one-click unsubscribe, off switch, bounce): not mailed.
      if (!mail.enabled || mail.unsubscribed || mail.suppressed) return { outcome: 'stopped', reason: 'agent stopped' };
      // Every listed dwelling was deleted (not rented: deleted rows) since the claim.
      if (mail.dwellings.length === 0) return { outcome: 'skipped', reason: 'no dwellings left to list' };
      const stale = mail.change ? this.staleChange(mail) : null;
      if (stale) return { outcome: stale === 'change alerts off' ? 'stopped' : 'skipped', reason: stale };
      return null;
    },
    compose: (mail) => (mail.change ? this.composeChange(mail, mail.change) : this.compose(mail)),
  };

  private compose(mail: LeasedMail) {
    const agent = { id: mail.agentId, email: mail.email, token: mail.token, unsubscribeToken: mail.unsubscribeToken, language: mail.language };
    const total = mail.total;
    const rows = mail.dwellings;
    const language: MailLanguage = agent.language === 'en' ? 'en' : 'da';
    const user = signUserParam(agent.id, this.config.auth.jwtSecret);
    const dwellings: DigestDwelling[] = rows.map((d) => ({
      id: d.id,
      headline: d.headline,
      rent: d.rent,
      rooms: d.rooms,
      size: d.size,
      city: d.city,
      path: `/vis/${d.id}?user=${encodeURIComponent(user)}&source=boligagent`,
    }));
    const firstCity = rows[0]?.city ?? '';
    // The one-click link only stops the agent; managing it stays with the manage link's token.
    const unsubscribeUrl = unsubscribeUrlOf(this.config.http.publicUrl, agent.unsubscribeToken, language);
    const rendered = composeMail(
      boligagentDigestMail,
      { language, publicUrl: this.config.http.publicUrl },
      {
        dwellings,
        total,
        seeAllPath: `/search?q=${encodeURIComponent(firstCity)}&user=${encodeURIComponent(user)}&source=boligagent`,
        managePath: `/boligagent/${encodeURIComponent(agent.token)}`,
        unsubscribePath: unsubscribePathOf(agent.unsubscribeToken),
      },
    );
    return {
      to: agent.email,
      ...rendered,
      headers: {
        // Deterministic: a mail re-sent after a crash carries the same id, so clients collapse it.
        'Message-ID': stableMessageId('boligagent', mail.id, this.config.auth.jwtSecret, this.config.http.publicUrl),
        ...listUnsubscribeHeaders(unsubscribeUrl, this.config.mail.from, agent.unsubscribeToken),
      },
    };
  }

  // ---- change alerts (docs/decisions/0062-change-alerts.md) -------------------------------------

  /** Why a claimed change mail is no longer sent: alerts switched off, or the dwelling taken again. */
  private staleChange(mail: LeasedMail): string | null {
    if (!mail.changeAlerts) return 'change alerts off';
    if (!mail.dwellings[0].vacant) return 'dwelling no longer vacant';
    return null;
  }

  private composeChange(mail: LeasedMail, change: MailChange) {
    const language: MailLanguage = mail.language === 'en' ? 'en' : 'da';
    const user = signUserParam(mail.agentId, this.config.auth.jwtSecret);
    const d = mail.dwellings[0];
    const rendered = composeMail(
      boligagentChangeMail,
      { language, publicUrl: this.config.http.publicUrl },
      {
        kind: change.kind === 'RENT_DROP' ? 'rent-drop' : 'back-on-market',
        oldRent: change.oldRent,
        dwelling: { ...d, path: `/vis/${d.id}?user=${encodeURIComponent(user)}&source=boligagent-change` },
        managePath: `/boligagent/${encodeURIComponent(mail.token)}`,
        changeAlertsOffPath: changeAlertsOffPathOf(mail.unsubscribeToken),
        unsubscribePath: unsubscribePathOf(mail.unsubscribeToken),
      },
    );
    return {
      to: mail.email,
      ...rendered,
      headers: {
        'Message-ID': stableMessageId('boligagent', mail.id, this.config.auth.jwtSecret, this.config.http.publicUrl),
        ...listUnsubscribeHeaders(unsubscribeUrlOf(this.config.http.publicUrl, mail.unsubscribeToken, language), this.config.mail.from, mail.unsubscribeToken),
      },
    };
  }
}
