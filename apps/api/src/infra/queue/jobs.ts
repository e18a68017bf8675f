import { defineJob } from './job-definition';

/**
 * Every job the portal runs. Boot fails if one has no handler, so a producer can never enqueue
 * work that nothing will pick up. Features add their definitions here.
 */
export const JOBS = {
  /** A mail handed to the mail layer with retries (e.g. verification and reset links). */
  mailDeliver: defineJob<{ to: string; subject: string; text: string; html: string; headers?: Record<string, string>; replyTo?: string }>(
    'mail.deliver',
    { attempts: 6, backoffMs: 5_000 },
  ),
  /** Boligagent: the nightly run (06:00 Europe/Copenhagen, and `npm run boligagent:send`): match and claim, queue the mails. */
  boligagentDigest: defineJob<{ trigger: 'schedule' | 'command' }>('boligagent.digest', { attempts: 3, backoffMs: 30_000 }),
  /** Boligagent: instant agents for dwellings just created or imported. */
  boligagentInstant: defineJob<{ dwellingIds: number[] }>('boligagent.instant', { attempts: 5, backoffMs: 5_000 }),
  /** Boligagent: change alerts for instant agents, about the changes a feed import recorded (ADR 0062). */
  boligagentChanges: defineJob<{ changeIds: number[] }>('boligagent.changes', { attempts: 5, backoffMs: 5_000 }),
  /** Boligagent: hand claimed mails to SMTP; a retry re-sends only those still pending. */
  boligagentSend: defineJob<{ mailIds: number[] }>('boligagent.send', { attempts: 6, backoffMs: 10_000 }),
  /**
   * Favourites' mails (ADR 0062): claim the changes an import recorded for the users who saved the
   * dwellings; null is the nightly sweep (queued by the boligagent's nightly run) that heals a lost job.
   */
  favouriteChanges: defineJob<{ changeIds: number[] | null }>('favourites.changes', { attempts: 5, backoffMs: 5_000 }),
  /** Favourites' mails: hand claimed mails to SMTP through the boligagent mails' send path. */
  favouriteSend: defineJob<{ mailIds: number[] }>('favourites.send', { attempts: 6, backoffMs: 10_000 }),
  /** Instant push: one claimed push (a dwelling for an agent) to its browsers; a retry sends only to those not yet done. */
  pushSend: defineJob<{ deliveryId: number }>('push.send', { attempts: 6, backoffMs: 10_000 }),
  /** Subscriptions: a verified payment webhook event; re-reads what it names from the provider. */
  subscriptionWebhook: defineJob<{ eventId: string }>('subscription.webhook', { attempts: 8, backoffMs: 5_000 }),
  /** Subscriptions: re-read one provider subscription and repair ours. */
  subscriptionSync: defineJob<{ providerSubscriptionId: string }>('subscription.sync', { attempts: 8, backoffMs: 5_000 }),
  /** Subscriptions: the receipt mail after a charge (a marker column makes it once only). */
  subscriptionReceipt: defineJob<{ transactionId: number }>('subscription.receipt', { attempts: 6, backoffMs: 10_000 }),
  /** Subscriptions: the reminder a few days before an intro converts to the recurring price. */
  subscriptionIntroReminder: defineJob<{ subscriptionId: string }>('subscription.intro-reminder', { attempts: 6, backoffMs: 10_000 }),
  /** Subscriptions: the confirmation of a cancel, withdrawal, change of plan, reactivation or refund (a subscription_notices row makes it once only). */
  subscriptionNotice: defineJob<{ noticeId: number }>('subscription.notice', { attempts: 6, backoffMs: 10_000 }),
  /**
   * Subscriptions: an account was deleted; stop its subscriptions at the provider. Retried for about
   * 40 minutes (a provider outage); after that the hourly reconcile finds what is still renewing.
   */
  subscriptionAccountDeleted: defineJob<{ userId: number }>('subscription.account-deleted', { attempts: 10, backoffMs: 5_000 }),
  /** Subscriptions: hourly (and `npm run subscriptions:reconcile`): heal what lost webhooks left behind. */
  subscriptionReconcile: defineJob<{ trigger: 'schedule' | 'command' }>('subscription.reconcile', { attempts: 3, backoffMs: 60_000 }),
  /**
   * Unsubscribe: a manual form's request, matched against the accounts here and not in the request,
   * so the answer does the same work for every address typed (issue 29); then its one mail.
   */
  unsubscribeManual: defineJob<{ unsubscriptionId: number }>('unsubscribe.manual', { attempts: 6, backoffMs: 5_000 }),
} as const;

export const ALL_JOBS = Object.values(JOBS);
