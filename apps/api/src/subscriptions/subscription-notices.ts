import { Logger } from '@nestjs/common';
import type { NoticeKind, NoticeReason, RefundOrigin } from '../infra/mail/templates/subscription-mails';
import type { PrismaService } from '../infra/prisma/prisma.service';
import type { Prisma } from '../infra/prisma/generated/client';
import type { JobQueue } from '../infra/queue/job-queue.service';
import { JOBS } from '../infra/queue/jobs';

// Issue 36: /info/afmelding and the FAQ promise a confirmation by mail for every change of a
// subscription. One subscription_notices row per change (unique over subscription, kind and key) is
// what makes it one mail: a repeated call or a retried job finds the row and queues nothing new.

// The kinds are the mails there are (their words live in the mail module).
export type { NoticeKind };

/** What the mail states that the rows may no longer show once it is sent. */
export interface NoticeData {
  /** cancel: the change of plan the cancel dropped. */
  droppedPlan?: { label: string; price: number; intervalDays: number; startingAt: string };
  /** withdraw, refund: what went back, and the charges it went back on. */
  refundedOre?: number;
  transactionIds?: number[];
  /** refund: why a payment was refused. */
  reason?: NoticeReason;
  /** refund: support's refund of one charge rather than a refused purchase. */
  origin?: RefundOrigin;
}

const logger = new Logger('SubscriptionNotices');

/**
 * Records that `kind` happened to the subscription (once per key) and queues its mail. Called after the
 * change succeeded; a queue that is down does not undo the change, so that is logged, not thrown (the
 * row stays unmailed).
 */
export async function queueNotice(
  prisma: PrismaService,
  jobs: JobQueue,
  notice: { subscriptionId: string; kind: NoticeKind; key: string; data?: NoticeData },
): Promise<void> {
  const { subscriptionId, kind, key } = notice;
  await prisma.subscriptionNotice.createMany({ data: [{ subscriptionId, kind, key, data: (notice.data ?? {}) as Prisma.InputJsonValue }], skipDuplicates: true });
  const row = await prisma.subscriptionNotice.findUniqueOrThrow({ where: { subscriptionId_kind_key: { subscriptionId, kind, key } } });
  if (row.mailedAt) return;
  try {
    await jobs.enqueue(JOBS.subscriptionNotice, { noticeId: row.id }, { jobId: `subscription-notice-${row.id}` });
  } catch (error) {
    logger.error(`could not queue the ${kind} mail of subscription ${subscriptionId}: ${String(error)}`);
  }
}
