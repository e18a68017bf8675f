import { formatDkk, formatOre, planIdOfLabel, planLabelIn, VAT, type Language } from '@husly/domain';
import type { MailTemplate } from './mail-template';

// The subscription mails: the receipt of each charge, the reminder before an intro converts, and the
// confirmation of each change of a subscription (issue 36), in the user's language.

export type NoticeKind = 'cancel' | 'withdraw' | 'plan-change' | 'reactivate' | 'refund';

/** Why a payment was refused and refunded. */
export type NoticeReason = 'intro-used' | 'already-subscribed' | 'ended-unpaid';
/** A refund of one charge by customer support (issue 33): the purchase itself is not undone. */
export type RefundOrigin = 'refused-purchase' | 'support';

/**
 * A plan as a mail names it: `name` is its id (offer name), by which the mail words it in the user's
 * language (libs/domain plan-texts, as the pages do); `label` is the database's Danish name, kept for a
 * plan the texts do not name.
 */
export interface MailPlan {
  name?: string;
  label: string;
  price: number;
  intervalDays: number;
}

/** The facts of one notice's mail, read from the rows when it is sent. */
export interface NoticeFacts {
  kind: NoticeKind;
  name: string;
  plan: MailPlan;
  /** Access ends (cancel, change of plan, withdrawal) or the next renewal (reactivation). */
  endingAt: Date | null;
  /** The plan taken over at the renewal (change of plan). */
  next?: MailPlan & { startingAt: Date };
  droppedPlan?: MailPlan & { startingAt: Date };
  refundedOre?: number;
  reason?: NoticeReason;
  /** refund: a refused purchase (the default) or support's refund of one charge. */
  origin?: RefundOrigin;
  ordernos: string[];
  /** The subscription's page on the profile. */
  profilePath: string;
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

/** A plan's name in the mail's language; a row that kept only the Danish name is found by it. */
export const planName = (language: Language, p: Pick<MailPlan, 'name' | 'label'>) => planLabelIn(language, p.name ?? planIdOfLabel(p.label), p.label);

const priced = (language: Language, p: { price: number; intervalDays: number }) => `${formatDkk(p.price)} ${language === 'da' ? 'inkl. moms' : 'incl. VAT'} ${period[language](p.intervalDays)}`;

const REASONS: Record<Language, Record<NoticeReason, string>> = {
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
export const subscriptionNoticeMail: MailTemplate<NoticeFacts> = (f, { language, link }) => {
  const date = (d: Date) => formatNoticeDate(language, d);
  const da = language === 'da';
  const orders = f.ordernos.length ? [da ? `Ordrenr.: ${f.ordernos.join(', ')}` : `Order no.: ${f.ordernos.join(', ')}`] : [];
  const hello = da ? `Hej ${f.name}` : `Hi ${f.name}`;
  const profile = { label: da ? 'Se dit abonnement her' : 'See your subscription here', href: link(f.profilePath) };
  const refunded = formatDkk((f.refundedOre ?? 0) / 100);
  const plan = planName(language, f.plan);
  const next = f.next ? planName(language, f.next) : '';
  const dropped = f.droppedPlan ? planName(language, f.droppedPlan) : '';
  let subject: string;
  let body: string[];
  switch (f.kind) {
    case 'cancel':
      subject = da ? 'Bekræftelse: dit Husly-abonnement er opsagt' : 'Confirmation: your Husly subscription is cancelled';
      body = da
        ? [
            `Vi har modtaget din opsigelse af ${plan} (${priced(language, f.plan)}). Abonnementet fornyes ikke.`,
            ...(f.endingAt ? [`Du har adgang indtil ${date(f.endingAt)}.`] : []),
            ...(f.droppedPlan ? [`Det planlagte skift til ${dropped} (${priced(language, f.droppedPlan)}) fra ${date(f.droppedPlan.startingAt)} er annulleret.`] : []),
          ]
        : [
            `We have received your cancellation of ${plan} (${priced(language, f.plan)}). The subscription will not renew.`,
            ...(f.endingAt ? [`You have access until ${date(f.endingAt)}.`] : []),
            ...(f.droppedPlan ? [`The planned switch to ${dropped} (${priced(language, f.droppedPlan)}) from ${date(f.droppedPlan.startingAt)} is cancelled.`] : []),
          ];
      break;
    case 'plan-change':
      subject = da ? 'Bekræftelse: skift af abonnement' : 'Confirmation: change of subscription';
      body = da
        ? [
            `Du skifter fra ${plan} til ${next}.`,
            ...(f.endingAt ? [`${plan} løber indtil ${date(f.endingAt)} og fornyes ikke.`] : []),
            ...(f.next ? [`${next} starter ${date(f.next.startingAt)} og koster ${priced(language, f.next)}, indtil du opsiger det.`] : []),
          ]
        : [
            `You are switching from ${plan} to ${next}.`,
            ...(f.endingAt ? [`${plan} runs until ${date(f.endingAt)} and does not renew.`] : []),
            ...(f.next ? [`${next} starts on ${date(f.next.startingAt)} and costs ${priced(language, f.next)} until you cancel it.`] : []),
          ];
      break;
    case 'reactivate':
      subject = da ? 'Bekræftelse: dit Husly-abonnement er genoptaget' : 'Confirmation: your Husly subscription is reactivated';
      body = da
        ? [
            `Dit abonnement ${plan} er genoptaget.`,
            ...(f.endingAt ? [`Det fornyes automatisk ${date(f.endingAt)} til ${priced(language, f.plan)}, indtil du opsiger det.`] : []),
          ]
        : [
            `Your subscription ${plan} is reactivated.`,
            ...(f.endingAt ? [`It renews automatically on ${date(f.endingAt)} at ${priced(language, f.plan)} until you cancel it.`] : []),
          ];
      break;
    case 'withdraw':
      subject = da ? 'Bekræftelse: du har fortrudt dit køb' : 'Confirmation: you have withdrawn from your purchase';
      body = da
        ? [
            `Du har brugt fortrydelsesretten på ${plan}. Vi har refunderet ${refunded} til det kort, du betalte med; det kan tage nogle dage, før beløbet står på din konto.`,
            ...(f.endingAt ? [`Din adgang ophørte ${date(f.endingAt)}, og abonnementet fornyes ikke.`] : []),
          ]
        : [
            `You have used your right of withdrawal on ${plan}. We have refunded ${refunded} to the card you paid with; it may take a few days to show on your account.`,
            ...(f.endingAt ? [`Your access ended on ${date(f.endingAt)} and the subscription will not renew.`] : []),
          ];
      break;
    case 'refund':
      subject = da ? 'Din betaling er refunderet' : 'Your payment has been refunded';
      if (f.origin === 'support') {
        // Support refunded one charge: what the subscription gives is not touched, so the mail says nothing of it.
        body = da
          ? [`Vi har refunderet ${refunded} for ${plan} til det kort, du betalte med. Det kan tage et par dage, før beløbet står på din konto.`]
          : [`We have refunded ${refunded} for ${plan} to the card you paid with. It may take a few days to show on your account.`];
        break;
      }
      body = da
        ? [`Vi har refunderet ${refunded} for ${plan} til det kort, du betalte med. ${f.reason ? REASONS.da[f.reason] : ''}`.trim(), 'Købet giver ingen adgang og fornyes ikke.']
        : [`We have refunded ${refunded} for ${plan} to the card you paid with. ${f.reason ? REASONS.en[f.reason] : ''}`.trim(), 'The purchase gives no access and will not renew.'];
      break;
  }
  return { subject, blocks: [hello, [...body, ...orders], profile] };
};

/** The receipt mail's facts: the lines already worded in the mail's language. */
export interface ReceiptFacts {
  orderno: string;
  date: Date;
  customer: string;
  lines: { label: string; subtotalOre: number; vatOre: number }[];
  totalOre: number;
  /** The invoice page of the charge. */
  path: string;
  company: { name: string; address: string; zip: string; city: string; tax: string };
}

/** The VAT of a line keeps its øre: "3,80 kr." (as the invoice page shows it). */
const withOre = (ore: number) => `${(ore / 100).toFixed(2).replace('.', ',')} kr.`;

/** The receipt of one charge, in the user's language. */
export const receiptMail: MailTemplate<ReceiptFacts> = (f, { language, link }) => {
  const da = language === 'da';
  const date = formatNoticeDate(language, f.date);
  return {
    subject: da ? `Kvittering for dit køb hos ${f.company.name} (ordrenr. ${f.orderno})` : `Receipt for your purchase from ${f.company.name} (order no. ${f.orderno})`,
    blocks: [
      { lines: [da ? `Kvittering, ordrenr. ${f.orderno}, ${date}` : `Receipt, order no. ${f.orderno}, ${date}`], strong: true },
      f.customer,
      [
        ...f.lines.map((l) => `${l.label}: ${formatOre(l.subtotalOre)} (${da ? 'heraf moms' : 'of which VAT'} ${withOre(l.vatOre)})`),
        da ? `I alt: ${formatOre(f.totalOre)} inkl. ${VAT.ratePercent} % moms` : `Total: ${formatOre(f.totalOre)} incl. ${VAT.ratePercent}% VAT`,
      ],
      { label: da ? 'Kvitteringen kan udskrives her' : 'You can print the receipt here', href: link(f.path) },
      { lines: [`${f.company.name}, ${f.company.address}, ${f.company.zip} ${f.company.city}, CVR ${f.company.tax}`], quiet: true },
    ],
  };
};

/** The reminder a few days before an intro converts to the plan's price, in the user's language. */
export const introReminderMail: MailTemplate<{ plan: MailPlan; endingAt: Date; cancelPath: string }> = (f, { language, link }) => {
  const da = language === 'da';
  const date = formatNoticeDate(language, f.endingAt);
  const plan = planName(language, f.plan);
  return {
    subject: da ? `Din introperiode slutter ${date}` : `Your intro period ends on ${date}`,
    blocks: da
      ? [
          `Din introperiode på ${plan} slutter ${date}.`,
          `Derefter fornyes abonnementet automatisk til ${priced(language, f.plan)}, indtil du opsiger det.`,
          { label: 'Vil du ikke fortsætte, kan du opsige med to klik her', href: link(f.cancelPath) },
        ]
      : [
          `Your intro period on ${plan} ends on ${date}.`,
          `After that the subscription renews automatically at ${priced(language, f.plan)} until you cancel it.`,
          { label: 'If you do not want to continue, you can cancel in two clicks here', href: link(f.cancelPath) },
        ],
  };
};
