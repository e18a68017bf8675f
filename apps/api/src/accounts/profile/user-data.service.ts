import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../infra/clock/clock';
import { PrismaService } from '../../infra/prisma/prisma.service';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { JOBS } from '../../infra/queue/jobs';

/** Name left on a deleted user's row (invoices keep their own customer snapshot). */
export const DELETED_USER_NAME = 'Slettet bruger';

/**
 * The user's own data (GDPR articles 15, 17 and 20): an export of everything stored about them, and
 * deletion. Invoices (transactions) stay, with the customer details printed on them, because
 * Danish bookkeeping law requires keeping them for five years; everything else personal goes.
 */
@Injectable()
export class UserDataService {
  private readonly logger = new Logger(UserDataService.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly jobs: JobQueue,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async export(userId: number): Promise<Record<string, unknown>> {
    const user = await this.prisma.user.findUniqueOrThrow({
      where: { id: userId },
      include: {
        meta: { select: { identifier: true, value: true, createdAt: true, updatedAt: true } },
        boligagent: { include: { prefs: { include: { city: { select: { slug: true, label: true } } } }, deliveries: { select: { dwellingId: true, sentAt: true } } } },
        subscriptions: { include: { offer: { select: { name: true, label: true } } } },
        transactions: { include: { lines: true } },
        tenantProfile: { include: { city: { select: { slug: true, label: true } } } },
        contactFetches: { select: { dwellingId: true, createdAt: true } },
        notificationLogs: { select: { source: true, type: true, dwellingId: true, createdAt: true } },
        events: { select: { type: true, payload: true, createdAt: true } },
        unsubscriptions: true,
        foundHomes: { select: { pausedBoligagentIds: true, stoppedSubscriptionId: true, createdAt: true, undoneAt: true } },
        favourites: { select: { dwellingId: true, createdAt: true }, orderBy: { createdAt: 'desc' } },
      },
    });
    // The mails sent to the address, once it is proven the user's: an unverified one may be someone
    // else's, and the export must not show what we sent them.
    const sentMails = user.email && user.emailVerified
      ? await this.prisma.sentMail.findMany({ where: { recipient: user.email.toLowerCase() }, select: { subject: true, messageId: true, sentAt: true }, orderBy: { sentAt: 'desc' } })
      : [];
    // Secrets are not personal data to hand out: no password hash, no link or agent tokens.
    // The favourites' mail's off token likewise (its setting, favouriteMailsAt, is in the profile).
    const { passwordHash, boligagent, favouriteMailsToken: _favouriteMailsToken, ...profile } = user;
    // Both link tokens are credentials, not data about the user.
    const { token: _agentToken, unsubscribeToken: _unsubscribeToken, ...agent } = boligagent ?? { token: null, unsubscribeToken: null };
    return {
      exportedAt: this.clock.now().toISOString(),
      profile: { ...profile, hasPassword: passwordHash !== null },
      boligagent: boligagent ? agent : null,
      sentMails,
    };
  }

  /**
   * Deletes the account: the row stays (invoices and subscriptions point at it) but is anonymised
   * and marked deleted, so its login tokens stop working and the address is free again. Its
   * subscriptions stop renewing: here in the same transaction, at the payment provider by a retried
   * job afterwards (a provider outage must not block or undo the deletion). `deletedAt` is the
   * durable record of that duty: the hourly reconcile finds any the job missed (ADR 0009).
   */
  async delete(userId: number): Promise<void> {
    const now = this.clock.now();
    // The record of mails sent to the address goes with the account (read first: the update below
    // clears it). Verified or not: the address is the one this user gave us.
    const { email } = await this.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
    await this.prisma.$transaction([
      ...(email ? [this.prisma.sentMail.deleteMany({ where: { recipient: email.toLowerCase() } })] : []),
      this.prisma.userToken.deleteMany({ where: { userId } }),
      this.prisma.userMeta.deleteMany({ where: { userId } }),
      this.prisma.boligagent.deleteMany({ where: { userId } }),
      this.prisma.tenantProfile.deleteMany({ where: { userId } }),
      this.prisma.contactFetch.deleteMany({ where: { userId } }),
      this.prisma.notificationLog.deleteMany({ where: { userId } }),
      this.prisma.event.deleteMany({ where: { userId } }),
      this.prisma.foundHome.deleteMany({ where: { userId } }),
      // The row stays (anonymised), so its cascade does not fire: the saved dwellings go here.
      this.prisma.favourite.deleteMany({ where: { userId } }),
      // And the favourites' mails (ADR 0062): what was claimed for it, and the switch with its token.
      this.prisma.favouriteMail.deleteMany({ where: { userId } }),
      this.prisma.favouriteChangeClaim.deleteMany({ where: { userId } }),
      // Its browsers' push subscriptions too (ADR 0063): nothing is pushed to a deleted account.
      this.prisma.pushSubscription.deleteMany({ where: { userId } }),
      this.prisma.unsubscription.updateMany({ where: { userId }, data: { userId: null, name: null, email: null, phone: null, message: null } }),
      // A running subscription must not renew for a user who is gone; the provider follows in the job.
      this.prisma.subscription.updateMany({ where: { userId, renew: true }, data: { renew: false, canceledAt: now } }),
      this.prisma.user.update({
        where: { id: userId },
        data: {
          email: null,
          name: DELETED_USER_NAME,
          cellphone: null,
          facebookId: null,
          passwordHash: null,
          emailVerified: false,
          emailVerifiedAt: null,
          consentCommunication: false,
          consentCommunicationAt: null,
          favouriteMailsAt: null,
          favouriteMailsToken: null,
          utmSource: null,
          utmCampaign: null,
          utmMedium: null,
          utmContent: null,
          utmTerm: null,
          deletedAt: now,
        },
      }),
    ]);
    try {
      await this.jobs.enqueue(JOBS.subscriptionAccountDeleted, { userId }, { jobId: `subscription-account-deleted-${userId}` });
    } catch (error) {
      // The account is gone either way; the reconcile stops the provider side within the hour.
      this.logger.error(`could not queue the provider cancellation for deleted user ${userId}: ${String(error)}`);
    }
  }
}
