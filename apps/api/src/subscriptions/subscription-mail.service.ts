import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_LANGUAGE, formatOrderNo, isLanguage, linePlanOf, receiptLineLabel, type Language } from '@husly/domain';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { Clock } from '../infra/clock/clock';
import { MailService } from '../infra/mail/mail.service';
import { composeMail } from '../infra/mail/templates/mail-template';
import { introReminderMail, receiptMail, subscriptionNoticeMail, type ReceiptFacts } from '../infra/mail/templates/subscription-mails';
import { PrismaService } from '../infra/prisma/prisma.service';
import type { NoticeData, NoticeKind } from './subscription-notices';

const languageOf = (value: string | null | undefined): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);

/**
 * The receipt after each charge, the reminder before an intro converts, and the confirmation of each
 * change of a subscription (subscription_notices). Each mail is claimed by
 * a marker column before it is sent and released if sending fails, so a repeated or retried job never
 * mails twice.
 */
@Injectable()
export class SubscriptionMailService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly mail: MailService,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The receipt of one charge, in the user's language; the lines as the invoice page shows them. */
  async sendReceipt(transactionId: number): Promise<boolean> {
    const claimed = await this.prisma.transaction.updateMany({ where: { id: transactionId, receiptMailedAt: null }, data: { receiptMailedAt: this.clock.now() } });
    if (claimed.count === 0) return false;
    try {
      return await this.composeAndSendReceipt(transactionId);
    } catch (error) {
      await this.prisma.transaction.update({ where: { id: transactionId }, data: { receiptMailedAt: null } });
      throw error;
    }
  }

  private async composeAndSendReceipt(transactionId: number): Promise<boolean> {
    const t = await this.prisma.transaction.findUniqueOrThrow({
      where: { id: transactionId },
      include: { lines: { orderBy: { id: 'asc' } }, user: { select: { email: true, language: true } }, subscription: { select: { offer: true } } },
    });
    if (!t.user.email) return false;
    const language = languageOf(t.user.language);
    const offer = t.subscription?.offer;
    const mail = composeMail(receiptMail, this.recipient(language), {
      orderno: formatOrderNo(t.orderno),
      date: t.timestamp,
      customer: [t.customerName, t.customerAddress, t.customerZipcode ? `${t.customerZipcode} ${t.customerCity ?? ''}`.trim() : null].filter(Boolean).join(', '),
      lines: t.lines.map((l) => ({ label: receiptLineLabel(language, { label: l.label, plan: offer ? linePlanOf(l.label, offer) : null }), subtotalOre: l.subtotal, vatOre: l.vat })),
      totalOre: t.amount,
      path: `/profile/invoice/${t.id}`,
      company: t.company as ReceiptFacts['company'],
    });
    await this.mail.send({ to: t.user.email, ...mail });
    return true;
  }

  /** A few days before the intro converts: the price it converts to, the date and the cancel link, in the user's language. */
  async sendIntroReminder(subscriptionId: string): Promise<boolean> {
    const claimed = await this.prisma.subscription.updateMany({
      where: { id: subscriptionId, introReminderSentAt: null, status: 'ACTIVE', renew: true, offer: { intro: true } },
      data: { introReminderSentAt: this.clock.now() },
    });
    if (claimed.count === 0) return false;
    try {
      return await this.composeAndSendIntroReminder(subscriptionId);
    } catch (error) {
      await this.prisma.subscription.update({ where: { id: subscriptionId }, data: { introReminderSentAt: null } });
      throw error;
    }
  }

  private async composeAndSendIntroReminder(subscriptionId: string): Promise<boolean> {
    const s = await this.prisma.subscription.findUniqueOrThrow({ where: { id: subscriptionId }, include: { offer: true, user: { select: { email: true, language: true } } } });
    if (!s.user.email || !s.endingAt) return false;
    const language = languageOf(s.user.language);
    const mail = composeMail(introReminderMail, this.recipient(language), { plan: s.offer, endingAt: s.endingAt, cancelPath: '/profile/subscription' });
    await this.mail.send({ to: s.user.email, ...mail });
    return true;
  }

  /** The confirmation of one change (cancel, withdrawal, change of plan, reactivation, refund), in the user's language. */
  async sendNotice(noticeId: number): Promise<boolean> {
    const claimed = await this.prisma.subscriptionNotice.updateMany({ where: { id: noticeId, mailedAt: null }, data: { mailedAt: this.clock.now() } });
    if (claimed.count === 0) return false;
    try {
      return await this.composeAndSendNotice(noticeId);
    } catch (error) {
      // Whatever failed after the claim (the read, the mail): released, so the retry sends it.
      await this.prisma.subscriptionNotice.update({ where: { id: noticeId }, data: { mailedAt: null } });
      throw error;
    }
  }

  private async composeAndSendNotice(noticeId: number): Promise<boolean> {
    const n = await this.prisma.subscriptionNotice.findUniqueOrThrow({
      where: { id: noticeId },
      include: { subscription: { include: { offer: true, user: { select: { email: true, name: true, language: true } }, transactions: { orderBy: [{ timestamp: 'asc' }, { id: 'asc' }] } } } },
    });
    const s = n.subscription;
    if (!s.user.email) return false;
    const data = n.data as NoticeData;
    const kind = n.kind as NoticeKind;
    const language = languageOf(s.user.language);
    // The charge concerned: the refunded ones, else the one that paid the period the change is about.
    const charges = data.transactionIds ? s.transactions.filter((t) => data.transactionIds?.includes(t.id)) : s.transactions.slice(-1);
    const next = kind === 'plan-change' ? await this.prisma.subscription.findUnique({ where: { id: n.key }, include: { offer: true } }) : null;
    const mail = composeMail(subscriptionNoticeMail, this.recipient(language), {
      kind,
      name: s.user.name ?? '',
      plan: s.offer,
      endingAt: s.endingAt,
      next: next ? { ...next.offer, startingAt: next.startingAt } : undefined,
      droppedPlan: data.droppedPlan ? { ...data.droppedPlan, startingAt: new Date(data.droppedPlan.startingAt) } : undefined,
      refundedOre: data.refundedOre,
      reason: data.reason,
      origin: data.origin,
      ordernos: charges.map((t) => formatOrderNo(t.orderno)),
      profilePath: '/profile/subscription',
    });
    await this.mail.send({ to: s.user.email, ...mail });
    return true;
  }

  private recipient(language: Language) {
    return { language, publicUrl: this.config.http.publicUrl };
  }
}
