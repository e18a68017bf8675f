import { Inject, Injectable } from '@nestjs/common';
import { formatDkk, formatOre, formatOrderNo } from '@husly/domain';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { Clock } from '../infra/clock/clock';
import { MailService } from '../infra/mail/mail.service';
import { PrismaService } from '../infra/prisma/prisma.service';

const DATE = new Intl.DateTimeFormat('da-DK', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Copenhagen' });

/**
 * The receipt after each charge and the reminder before an intro converts. Each mail is claimed by
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
}
