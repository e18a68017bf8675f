import { Logger } from '@nestjs/common';
import { formatDkk, type Language } from '@husly/domain';
import type { PrismaService } from '../infra/prisma/prisma.service';
import type { Prisma } from '../infra/prisma/generated/client';
import type { JobQueue } from '../infra/queue/job-queue.service';
import { JOBS } from '../infra/queue/jobs';

// Issue 36: /info/afmelding and the FAQ promise a confirmation by mail for every change of a
// subscription. One subscription_notices row per change (unique over subscription, kind and key) is
// what makes it one mail: a repeated call or a retried job finds the row and queues nothing new.

export type NoticeKind = 'cancel' | 'withdraw' | 'plan-change' | 'reactivate' | 'refund';

/** What the mail states that the rows may no longer show once it is sent. */
export interface NoticeData {
  /** cancel: the change of plan the cancel dropped. */
  droppedPlan?: { label: string; price: number; intervalDays: number; startingAt: string };
  /** withdraw, refund: what went back, and the charges it went back on. */
  refundedOre?: number;
  transactionIds?: number[];
  /** refund: why a payment was refused. */
  reason?: 'intro-used' | 'already-subscribed' | 'ended-unpaid';
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

/** The facts of one notice's mail, read from the rows when it is sent. */
export interface NoticeFacts {
  kind: NoticeKind;
  name: string;
  plan: { label: string; price: number; intervalDays: number };
  /** Access ends (cancel, change of plan, withdrawal) or the next renewal (reactivation). */
  endingAt: Date | null;
  /** The plan taken over at the renewal (change of plan). */
  next?: { label: string; price: number; intervalDays: number; startingAt: Date };
  droppedPlan?: { label: string; price: number; intervalDays: number; startingAt: Date };
  refundedOre?: number;
  reason?: NoticeData['reason'];
  ordernos: string[];
  profileUrl: string;
}

const DATES: Record<Language, Intl.DateTimeFormat> = {
  da: new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Copenhagen' }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Copenhagen' }),
};

export const formatNoticeDate = (language: Language, date: Date) => DATES[language].format(date);

const period: Record<Language, (days: number) => string> = {
  da: (days) => `hver ${days}. dag`,
  en: (days) => `every ${days} days`,
};

const priced = (language: Language, p: { price: number; intervalDays: number }) => `${formatDkk(p.price)} ${language === 'da' ? 'inkl. moms' : 'incl. VAT'} ${period[language](p.intervalDays)}`;

const REASONS: Record<Language, Record<NonNullable<NoticeData['reason']>, string>> = {
  da: {
    'intro-used': 'Introtilbuddet kan kun købes én gang pr. person og pr. betalingskort.',
    'already-subscribed': 'Du har allerede et abonnement, der kører.',
    'ended-unpaid': 'Købet var annulleret, før betalingen gik igennem.',
  },
  en: {
    'intro-used': 'The intro offer can only be bought once per person and per card.',
    'already-subscribed': 'You already have a running subscription.',
    'ended-unpaid': 'The purchase was cancelled before the payment went through.',
  },
};

/** The mail of one notice, in the user's language: the plan, its price, the dates and the order numbers. */
export function noticeMail(language: Language, f: NoticeFacts): { subject: string; text: string } {
  const date = (d: Date) => formatNoticeDate(language, d);
  const da = language === 'da';
  const orders = f.ordernos.length ? [da ? `Ordrenr.: ${f.ordernos.join(', ')}` : `Order no.: ${f.ordernos.join(', ')}`] : [];
  const hello = da ? `Hej ${f.name}` : `Hi ${f.name}`;
  const profile = da ? `Se dit abonnement her: ${f.profileUrl}` : `See your subscription here: ${f.profileUrl}`;
  const refunded = formatDkk((f.refundedOre ?? 0) / 100);
  let subject: string;
  let body: string[];
  switch (f.kind) {
    case 'cancel':
      subject = da ? 'Bekræftelse: dit Husly-abonnement er opsagt' : 'Confirmation: your Husly subscription is cancelled';
      body = da
        ? [
            `Vi har modtaget din opsigelse af ${f.plan.label} (${priced(language, f.plan)}). Abonnementet fornyes ikke.`,
            ...(f.endingAt ? [`Du har adgang indtil ${date(f.endingAt)}.`] : []),
            ...(f.droppedPlan ? [`Det planlagte skift til ${f.droppedPlan.label} (${priced(language, f.droppedPlan)}) fra ${date(f.droppedPlan.startingAt)} er annulleret.`] : []),
          ]
        : [
            `We have received your cancellation of ${f.plan.label} (${priced(language, f.plan)}). The subscription will not renew.`,
            ...(f.endingAt ? [`You have access until ${date(f.endingAt)}.`] : []),
            ...(f.droppedPlan ? [`The planned switch to ${f.droppedPlan.label} (${priced(language, f.droppedPlan)}) from ${date(f.droppedPlan.startingAt)} is cancelled.`] : []),
          ];
      break;
    case 'plan-change':
      subject = da ? 'Bekræftelse: skift af abonnement' : 'Confirmation: change of subscription';
      body = da
        ? [
            `Du skifter fra ${f.plan.label} til ${f.next?.label ?? ''}.`,
            ...(f.endingAt ? [`${f.plan.label} løber indtil ${date(f.endingAt)} og fornyes ikke.`] : []),
            ...(f.next ? [`${f.next.label} starter ${date(f.next.startingAt)} og koster ${priced(language, f.next)}, indtil du opsiger det.`] : []),
          ]
        : [
            `You are switching from ${f.plan.label} to ${f.next?.label ?? ''}.`,
            ...(f.endingAt ? [`${f.plan.label} runs until ${date(f.endingAt)} and does not renew.`] : []),
            ...(f.next ? [`${f.next.label} starts on ${date(f.next.startingAt)} and costs ${priced(language, f.next)} until you cancel it.`] : []),
          ];
      break;
    case 'reactivate':
      subject = da ? 'Bekræftelse: dit Husly-abonnement er genoptaget' : 'Confirmation: your Husly subscription is reactivated';
      body = da
        ? [
            `Dit abonnement ${f.plan.label} er genoptaget.`,
            ...(f.endingAt ? [`Det fornyes automatisk ${date(f.endingAt)} til ${priced(language, f.plan)}, indtil du opsiger det.`] : []),
          ]
        : [
            `Your subscription ${f.plan.label} is reactivated.`,
            ...(f.endingAt ? [`It renews automatically on ${date(f.endingAt)} at ${priced(language, f.plan)} until you cancel it.`] : []),
          ];
      break;
    case 'withdraw':
      subject = da ? 'Bekræftelse: du har fortrudt dit køb' : 'Confirmation: you have withdrawn from your purchase';
      body = da
        ? [
            `Du har brugt fortrydelsesretten på ${f.plan.label}. Vi har refunderet ${refunded} til det kort, du betalte med; det kan tage nogle dage, før beløbet står på din konto.`,
            ...(f.endingAt ? [`Din adgang ophørte ${date(f.endingAt)}, og abonnementet fornyes ikke.`] : []),
          ]
        : [
            `You have used your right of withdrawal on ${f.plan.label}. We have refunded ${refunded} to the card you paid with; it may take a few days to show on your account.`,
            ...(f.endingAt ? [`Your access ended on ${date(f.endingAt)} and the subscription will not renew.`] : []),
          ];
      break;
    case 'refund':
      subject = da ? 'Din betaling er refunderet' : 'Your payment has been refunded';
      body = da
        ? [`Vi har refunderet ${refunded} for ${f.plan.label} til det kort, du betalte med. ${f.reason ? REASONS.da[f.reason] : ''}`.trim(), 'Købet giver ingen adgang og fornyes ikke.']
        : [`We have refunded ${refunded} for ${f.plan.label} to the card you paid with. ${f.reason ? REASONS.en[f.reason] : ''}`.trim(), 'The purchase gives no access and will not renew.'];
      break;
  }
  return { subject, text: [hello, '', ...body, ...orders, '', profile].join('\n') };
}
