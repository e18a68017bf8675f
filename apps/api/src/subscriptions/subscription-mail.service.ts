import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_LANGUAGE, formatDkk, formatOre, formatOrderNo, isLanguage, publicUrlForLanguage } from '@husly/domain';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { Clock } from '../infra/clock/clock';
import { MailService } from '../infra/mail/mail.service';
import { PrismaService } from '../infra/prisma/prisma.service';
import { noticeMail, type NoticeData, type NoticeKind } from './subscription-notices';

const DATE = new Intl.DateTimeFormat('da-DK', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Copenhagen' });

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

  async sendReceipt(transactionId: number): Promise<boolean> {
    const claimed = await this.prisma.transaction.updateMany({ where: { id: transactionId, receiptMailedAt: null }, data: { receiptMailedAt: this.clock.now() } });
    if (claimed.count === 0) return false;
    const t = await this.prisma.transaction.findUniqueOrThrow({ where: { id: transactionId }, include: { lines: true, user: { select: { email: true } } } });
    if (!t.user.email) return false;
    const company = t.company as { name: string; address: string; zip: string; city: string; tax: string };
    const url = `${this.config.http.publicUrl}/profile/invoice/${t.id}`;
    const text = [
      `Kvittering, ordrenr. ${formatOrderNo(t.orderno)}, ${DATE.format(t.timestamp)}`,
      '',
      `${t.customerName}${t.customerAddress ? `, ${t.customerAddress}` : ''}${t.customerZipcode ? `, ${t.customerZipcode} ${t.customerCity ?? ''}` : ''}`,
      '',
      ...t.lines.map((l) => `${l.label}: ${formatOre(l.subtotal)} (heraf moms ${(l.vat / 100).toFixed(2).replace('.', ',')} kr.)`),
      `I alt: ${formatOre(t.amount)} inkl. 25 % moms`,
      '',
      `Kvitteringen kan udskrives her: ${url}`,
      '',
      `${company.name}, ${company.address}, ${company.zip} ${company.city}, CVR ${company.tax}`,
    ].join('\n');
    try {
      await this.mail.send({ to: t.user.email, subject: `Kvittering for dit køb hos ${company.name} (ordrenr. ${formatOrderNo(t.orderno)})`, text });
      return true;
    } catch (error) {
      await this.prisma.transaction.update({ where: { id: transactionId }, data: { receiptMailedAt: null } });
      throw error;
    }
  }

  /** A few days before the intro converts: the price it converts to, the date and the cancel link. */
  async sendIntroReminder(subscriptionId: string): Promise<boolean> {
    const claimed = await this.prisma.subscription.updateMany({
      where: { id: subscriptionId, introReminderSentAt: null, status: 'ACTIVE', renew: true, offer: { intro: true } },
      data: { introReminderSentAt: this.clock.now() },
    });
    if (claimed.count === 0) return false;
    const s = await this.prisma.subscription.findUniqueOrThrow({ where: { id: subscriptionId }, include: { offer: true, user: { select: { email: true } } } });
    if (!s.user.email || !s.endingAt) return false;
    const cancelUrl = `${this.config.http.publicUrl}/profile/subscription`;
    const text = [
      `Din introperiode på ${s.offer.label} slutter ${DATE.format(s.endingAt)}.`,
      '',
      `Derefter fornyes abonnementet automatisk til ${formatDkk(s.offer.price)} inkl. moms hver ${s.offer.intervalDays}. dag, indtil du opsiger det.`,
      '',
      `Vil du ikke fortsætte, kan du opsige med to klik her: ${cancelUrl}`,
    ].join('\n');
    try {
      await this.mail.send({ to: s.user.email, subject: `Din introperiode slutter ${DATE.format(s.endingAt)}`, text });
      return true;
    } catch (error) {
      await this.prisma.subscription.update({ where: { id: subscriptionId }, data: { introReminderSentAt: null } });
      throw error;
    }
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
    const language = isLanguage(s.user.language) ? s.user.language : DEFAULT_LANGUAGE;
    // The charge concerned: the refunded ones, else the one that paid the period the change is about.
    const charges = data.transactionIds ? s.transactions.filter((t) => data.transactionIds?.includes(t.id)) : s.transactions.slice(-1);
    const next = kind === 'plan-change' ? await this.prisma.subscription.findUnique({ where: { id: n.key }, include: { offer: true } }) : null;
    const { subject, text } = noticeMail(language, {
      kind,
      name: s.user.name ?? '',
      plan: s.offer,
      endingAt: s.endingAt,
      next: next ? { ...next.offer, startingAt: next.startingAt } : undefined,
      droppedPlan: data.droppedPlan ? { ...data.droppedPlan, startingAt: new Date(data.droppedPlan.startingAt) } : undefined,
      refundedOre: data.refundedOre,
      reason: data.reason,
      ordernos: charges.map((t) => formatOrderNo(t.orderno)),
      profileUrl: `${publicUrlForLanguage(this.config.http.publicUrl, language)}/profile/subscription`,
    });
    await this.mail.send({ to: s.user.email, subject, text });
    return true;
  }
}
