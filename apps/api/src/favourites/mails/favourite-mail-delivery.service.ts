import { Inject, Injectable, Logger } from '@nestjs/common';
import { publicUrlForLanguage, type Language } from '@husly/domain';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Clock } from '../../infra/clock/clock';
import { LeasedMailSender, type LeasedOutbox, type SendOutcome } from '../../infra/mail/leased-mail-sender';
import { listUnsubscribeHeaders } from '../../infra/mail/list-unsubscribe';
import { stableMessageId } from '../../infra/mail/message-id';
import { favouriteChangesMail, type FavouriteChangeKind } from '../../infra/mail/templates/favourite-mails';
import { composeMail } from '../../infra/mail/templates/mail-template';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { JOBS } from '../../infra/queue/jobs';
import { FavouriteMailsRepository, type LeasedFavouriteMail, type MailedChange } from './favourite-mails.repository';

/** Mails per send job: a retry re-sends only the ones still pending. */
const MAILS_PER_SEND_JOB = 100;
/** The nightly sweep looks this far back, as the boligagent's change sweep does (ADR 0062). */
const SWEEP_MS = 8 * 24 * 3_600_000;

const KINDS: Record<MailedChange['kind'], FavouriteChangeKind> = {
  RENT_DROP: 'rent-drop',
  BACK_ON_MARKET: 'back-on-market',
  RENTED: 'rented',
  RESERVED: 'reserved',
};

/** The one-click off path of the favourites' mail: the token can only switch the mail off. */
export const favouriteMailsOffPathOf = (token: string) => `/api/favourite-mails/off/${encodeURIComponent(token)}`;

/**
 * The favourites' mail (issue 34, docs/decisions/0062-change-alerts.md): claims a user's changes once
 * and hands the mails to the shared send path (LeasedMailSender), as the boligagent's change alerts do.
 */
@Injectable()
export class FavouriteMailDeliveryService {
  private readonly logger = new Logger(FavouriteMailDeliveryService.name);

  constructor(
    private readonly repository: FavouriteMailsRepository,
    private readonly sender: LeasedMailSender,
    private readonly jobs: JobQueue,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The change job: `changeIds` from an import, claimed now; null is the nightly sweep, which first
   * hands over mails claimed but never queued, then claims every change of the last 8 days (what a
   * lost job left; the unique claim skips what was mailed). Returns the mails it claimed.
   */
  async runChanges(changeIds: number[] | null): Promise<number> {
    const now = this.clock.now();
    if (changeIds === null) await this.requeuePending(now);
    const mailIds = await this.repository.claimChanges({ changeIds, since: new Date(now.getTime() - SWEEP_MS), now });
    await this.enqueueSends(mailIds, 'first');
    if (changeIds === null) this.logger.log(`favourites' mails sweep: ${mailIds.length} mails claimed`);
    return mailIds.length;
  }

  /** The send job: the shared send path with this outbox's reasons to drop a mail and its wording. */
  sendMails(mailIds: number[], final: boolean): Promise<Record<SendOutcome, number>> {
    return this.sender.send(this.outbox, mailIds, final);
  }

  private async requeuePending(before: Date): Promise<void> {
    // New job ids (as the boligagent's requeue): the lease and the PENDING check make two jobs send each mail once.
    const run = `r${before.getTime().toString(36)}`;
    for (let afterId = 0; ; ) {
      const ids = await this.repository.pendingMailIds({ afterId, limit: 1_000, createdBefore: before });
      if (ids.length === 0) return;
      afterId = ids[ids.length - 1];
      await this.enqueueSends(ids, run);
    }
  }

  private async enqueueSends(mailIds: number[], run: string): Promise<void> {
    for (let i = 0; i < mailIds.length; i += MAILS_PER_SEND_JOB) {
      const chunk = mailIds.slice(i, i + MAILS_PER_SEND_JOB);
      // Same mails, same job id: enqueueing twice is one job.
      await this.jobs.enqueue(JOBS.favouriteSend, { mailIds: chunk }, { jobId: `favourite-send-${run}-${chunk[0]}-${chunk[chunk.length - 1]}` });
    }
  }

  private readonly outbox: LeasedOutbox<LeasedFavouriteMail> = {
    kind: 'favourite',
    lease: (input) => this.repository.leaseMails(input),
    heldElsewhere: (mailIds, now) => this.repository.heldElsewhere(mailIds, now),
    markSent: (mailId, input) => this.repository.markSent(mailId, input),
    markFailed: (mailId, error) => this.repository.markFailed(mailId, error),
    release: (mailIds, error) => this.repository.release(mailIds, error),
    drop: (mail) => {
      // Switched off, deleted, blocked or bounced after the claim: not mailed.
      if (!mail.on || mail.token === null) return { outcome: 'stopped', reason: 'favourite mails off' };
      if (!mail.mailable) return { outcome: 'stopped', reason: 'user not mailable' };
      // Every dwelling removed from the favourites, or every change undone, since the claim.
      if (mail.changes.length === 0) return { outcome: 'skipped', reason: 'nothing left to tell' };
      return null;
    },
    compose: (mail) => this.compose(mail),
  };

  private compose(mail: LeasedFavouriteMail) {
    const language: Language = mail.language === 'en' ? 'en' : 'da';
    const token = mail.token as string;
    const rendered = composeMail(
      favouriteChangesMail,
      { language, publicUrl: this.config.http.publicUrl },
      {
        changes: mail.changes.map((c) => ({
          kind: KINDS[c.kind],
          oldRent: c.oldRent,
          dwelling: { id: c.id, headline: c.headline, rent: c.rent, rooms: c.rooms, size: c.size, city: c.city, path: `/vis/${c.id}?source=favourite-change` },
        })),
        favouritesPath: '/profile/favourites',
        offPath: favouriteMailsOffPathOf(token),
      },
    );
    return {
      to: mail.email,
      ...rendered,
      headers: {
        // Deterministic: a mail re-sent after a crash carries the same id, so clients collapse it.
        'Message-ID': stableMessageId('favourite', mail.id, this.config.auth.jwtSecret, this.config.http.publicUrl),
        ...listUnsubscribeHeaders(`${publicUrlForLanguage(this.config.http.publicUrl, language)}${favouriteMailsOffPathOf(token)}`),
      },
    };
  }
}
