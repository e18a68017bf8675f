import { HttpException, Inject, Injectable } from '@nestjs/common';
import {
  apiError,
  type ManualUnsubscribeInput,
  type ManualUnsubscribeResponse,
  type UnsubscribeConfirmResponse,
  type UnsubscribeReasonBody,
  type UnsubscribeReasonResponse,
  type UnsubscriptionView,
} from '@husly/contracts';
import {
  ERROR_MESSAGES,
  MANUAL_SURVEY_WINDOW_MS,
  UNSUBSCRIBE_CONFIRMATION_MS,
  isFoundDwellingReason,
  isLanguage,
  manualDetailsMatch,
  normalizeEmail,
  type Language,
} from '@husly/domain';
import { AccountTokensService } from '../../accounts/account-tokens.service';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import type { AuthUser } from '../../common/auth/auth-user';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Clock } from '../../infra/clock/clock';
import { composeMail, SUPPORT_LANGUAGE } from '../../infra/mail/templates/mail-template';
import { unsubscribeConfirmationMail, unsubscribeSupportMail } from '../../infra/mail/templates/unsubscribe-mails';
import { PrismaService } from '../../infra/prisma/prisma.service';
import type { Prisma, Unsubscription } from '../../infra/prisma/generated/client';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { JOBS } from '../../infra/queue/jobs';
import { notFound } from '../subscription-errors';
import { SubscriptionsService } from '../subscriptions.service';
import { UNSUBSCRIBE_BUCKETS } from './unsubscribe-throttles';

export interface Caller {
  user?: AuthUser;
  ip: string;
  language: Language;
}

/**
 * The unsubscribe flows of spec section 4, behind REST and the legacy GraphQL mutations alike:
 * the survey's reason (which also cancels the caller's own subscription), the manual form, and the
 * confirmation link that is the only way the manual form cancels anything.
 */
@Injectable()
export class UnsubscribeService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly subscriptions: SubscriptionsService,
    private readonly tokens: AccountTokensService,
    private readonly rateLimits: RateLimitService,
    private readonly jobs: JobQueue,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * POST /api/subscriptions/cancel/{uuid} {reason} and unsubscribeReason {reason, uuid}. The uuid is
   * the caller's own subscription (cancelled if still renewing, the reason recorded once per
   * subscription), or the uuid of a record: the caller's own, or a manual request answered within its
   * survey window (the uuid was only ever given to whoever sent the form). Anything else is a 404
   * and changes nothing, so another person's uuid is indistinguishable from an unknown one.
   */
  async answer(caller: Caller, uuid: string, reason: UnsubscribeReasonBody): Promise<UnsubscribeReasonResponse> {
    await this.rateLimits.consume([UNSUBSCRIBE_BUCKETS.survey({ userId: caller.user?.id, ip: caller.ip })], caller.language);
    const now = this.clock.now();
    let record = await this.prisma.unsubscription.findUnique({ where: { uuid } });
    if (record) {
      const mine = caller.user !== undefined && record.userId === caller.user.id && record.source === 'SUBSCRIBER';
      const openManual = record.source === 'MANUAL' && now.getTime() - record.timestamp.getTime() < MANUAL_SURVEY_WINDOW_MS;
      if (!mine && !openManual) throw notFound('Unsubscription');
      record = await this.prisma.unsubscription.update({ where: { id: record.id }, data: { reason: reason as Prisma.InputJsonValue } });
    } else {
      if (!caller.user) throw notFound();
      const user = caller.user;
      const subscription = await this.prisma.subscription.findFirst({ where: { id: uuid, userId: user.id }, include: { nextSubscription: true } });
      if (!subscription) throw notFound();
      const renewing = (subscription.renew && subscription.status !== 'CANCELED' && subscription.status !== 'EXPIRED') || subscription.nextSubscription?.renew === true;
      if (renewing) await this.subscriptions.cancel(user, subscription.id);
      const account = await this.prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: { name: true, email: true, cellphone: true } });
      const existing = await this.prisma.unsubscription.findFirst({ where: { userId: user.id, subscriptionId: subscription.id, source: 'SUBSCRIBER' }, orderBy: { id: 'desc' } });
      record = existing
        ? await this.prisma.unsubscription.update({ where: { id: existing.id }, data: { reason: reason as Prisma.InputJsonValue, timestamp: now } })
        : await this.prisma.unsubscription.create({
            data: { source: 'SUBSCRIBER', userId: user.id, subscriptionId: subscription.id, reason: reason as Prisma.InputJsonValue, name: account.name, email: account.email, phone: account.cellphone, timestamp: now },
          });
    }
    const keepInView = isFoundDwellingReason(reason);
    return {
      unsubscription: toView(record),
      keepInView,
      offerFoundHome: keepInView && caller.user !== undefined,
      subscriptions: caller.user ? await this.subscriptions.list(caller.user.id) : null,
    };
  }

  /**
   * The manual form (section 4 "Manual unsubscription"). Stores the request and answers the same
   * receipt whatever it matched, after the same work whatever was typed: the throttle, one insert,
   * one queued job. Nothing about the address is looked up here (the answer's timing must not tell
   * whether it has an account, issue 29); the job does that (`processManual`).
   *
   * The same details twice on one (UTC) day are one request, decided by a unique index over them:
   * a second form, in parallel or in a row, gets the first's record and queues nothing.
   */
  async manual(caller: Caller, input: ManualUnsubscribeInput): Promise<ManualUnsubscribeResponse> {
    await this.rateLimits.consume(UNSUBSCRIBE_BUCKETS.manual(caller.ip, input.email), caller.language);
    const now = this.clock.now();
    const details = { name: input.name, email: input.email, phone: input.phone, orderno: input.orderno || null, message: input.message || null };
    const [created] = await this.prisma.unsubscription.createManyAndReturn({
      // The account concerned is the logged-in sender's until the job finds the matching one.
      data: [{ source: 'MANUAL', ...details, userId: caller.user?.id ?? null, subscriptionId: null, timestamp: now }],
      skipDuplicates: true,
    });
    if (!created) return { unsubscription: toView(await this.sameManualRequest(details, now)), receipt: { confirmationByMail: true } };
    await this.jobs.enqueue(JOBS.unsubscribeManual, { unsubscriptionId: created.id }, { jobId: `unsubscribe-manual-${created.id}` });
    return { unsubscription: toView(created), receipt: { confirmationByMail: true } };
  }

  /** The request of the same details stored today: the expression of the index `unsubscriptions_manual_request_key`. */
  private async sameManualRequest(d: { name: string; email: string; phone: string; orderno: string | null; message: string | null }, now: Date): Promise<Unsubscription> {
    const [row] = await this.prisma.$queryRaw<Array<{ id: number }>>`
      SELECT id FROM unsubscriptions
      WHERE source = 'MANUAL' AND ("timestamp")::date = ${now.toISOString().slice(0, 10)}::date
        AND md5(lower(COALESCE(email, '')) || E'\\x1f' || COALESCE(name, '') || E'\\x1f' || COALESCE(phone, '') || E'\\x1f' || COALESCE(orderno, '') || E'\\x1f' || COALESCE(message, ''))
          = md5(lower(${d.email}) || E'\\x1f' || ${d.name} || E'\\x1f' || ${d.phone} || E'\\x1f' || ${d.orderno ?? ''} || E'\\x1f' || ${d.message ?? ''})
      ORDER BY id LIMIT 1`;
    if (!row) throw new Error('a manual request conflicted with none of today');
    return this.prisma.unsubscription.findUniqueOrThrow({ where: { id: row.id } });
  }

  /**
   * The job of a manual request: when the details name an account with a renewing subscription (its
   * email, and its name or phone), the record is tied to it and a single-use link goes to that
   * account's own address, and only following it cancels; otherwise customer support gets the
   * request to look into. Each mail is queued under the record's id, so a retried job sends one.
   */
  async processManual(unsubscriptionId: number): Promise<void> {
    const record = await this.prisma.unsubscription.findUnique({ where: { id: unsubscriptionId } });
    if (!record || record.source !== 'MANUAL' || record.confirmedAt) return;
    const form = { email: record.email ?? '', name: record.name ?? '', phone: record.phone ?? '' };
    const account = await this.prisma.user.findFirst({
      where: { email: normalizeEmail(form.email), deletedAt: null },
      select: { id: true, name: true, email: true, cellphone: true, language: true },
    });
    const running = account ? await this.renewing(account.id) : null;
    const phones = [account?.cellphone, ...(running ? [billingPhone(running.meta)] : [])].filter((p): p is string => typeof p === 'string' && p.length > 0);
    const matched = account && account.email && running && manualDetailsMatch(form, { email: account.email, name: account.name, phones }) ? { ...account, email: account.email } : null;

    if (matched && running) {
      await this.prisma.unsubscription.update({ where: { id: record.id }, data: { userId: matched.id, subscriptionId: running.id } });
      const language: Language = isLanguage(matched.language) ? matched.language : 'da';
      const token = await this.tokens.issue(matched.id, 'UNSUBSCRIBE_CONFIRMATION', matched.email, UNSUBSCRIBE_CONFIRMATION_MS, record.id);
      const days = Math.round(UNSUBSCRIBE_CONFIRMATION_MS / 86_400_000);
      const mail = composeMail(unsubscribeConfirmationMail, { language, publicUrl: this.config.http.publicUrl }, { name: matched.name, path: `/afmelding/bekraeft?token=${token}`, days });
      await this.jobs.enqueue(JOBS.mailDeliver, { to: matched.email, ...mail }, { jobId: `unsubscribe-confirmation-${record.id}` });
    } else {
      await this.jobs.enqueue(
        JOBS.mailDeliver,
        {
          to: this.config.mail.support,
          ...composeMail(
            unsubscribeSupportMail,
            { language: SUPPORT_LANGUAGE, publicUrl: this.config.http.publicUrl },
            { uuid: record.uuid, name: oneLine(form.name), email: oneLine(form.email), phone: oneLine(form.phone), orderno: record.orderno, message: record.message },
          ),
        },
        { jobId: `unsubscribe-support-${record.id}` },
      );
    }
  }

  /**
   * POST /api/unsubscribe/confirm {token}: the link of the confirmation mail. Single use and
   * expiring; it cancels the subscription of the account it was sent to, and nothing else.
   */
  async confirm(caller: Caller, token: string): Promise<UnsubscribeConfirmResponse> {
    await this.rateLimits.consume([UNSUBSCRIBE_BUCKETS.confirm(caller.ip)], caller.language);
    const consumed = await this.tokens.consume(token, 'UNSUBSCRIBE_CONFIRMATION');
    if (!consumed || consumed.unsubscriptionId === null) {
      throw new HttpException(apiError(404, ERROR_MESSAGES.tokenNotRecognised, { code: 'token-not-recognised', field: 'token' }), 404);
    }
    const owner: AuthUser = { id: consumed.userId, email: consumed.email };
    const record = await this.prisma.unsubscription.findUniqueOrThrow({ where: { id: consumed.unsubscriptionId } });
    const named = record.subscriptionId
      ? await this.prisma.subscription.findFirst({ where: { id: record.subscriptionId, userId: owner.id }, select: { id: true, previousSubscription: { select: { id: true, status: true, endingAt: true } } } })
      : null;
    const predecessor = named?.previousSubscription;
    const followed = predecessor && predecessor.status === 'ACTIVE' && predecessor.endingAt && predecessor.endingAt > this.clock.now() ? predecessor : null;
    // A pending change of plan is cancelled through the plan it follows, as the in-app cancel does: that
    // drops it (a record stored before this named the pending plan itself, and cancelling that left it scheduled).
    const target = followed ?? named ?? (await this.renewing(owner.id));
    let endingAt: string | null = null;
    if (target) {
      const view = await this.subscriptions.cancel(owner, target.id);
      endingAt = view.endingAt ?? null;
    }
    await this.prisma.unsubscription.update({ where: { id: record.id }, data: { confirmedAt: this.clock.now(), subscriptionId: target?.id ?? record.subscriptionId } });
    return { cancelled: true, endingAt };
  }

  /**
   * The user's running subscription that will renew (or whose pending change of plan will start), if
   * any. Started: a pending plan is reached through the one it follows, never on its own.
   */
  private async renewing(userId: number) {
    const now = this.clock.now();
    return this.prisma.subscription.findFirst({
      where: {
        userId,
        status: 'ACTIVE',
        startingAt: { lte: now },
        OR: [{ endingAt: null }, { endingAt: { gt: now } }],
        AND: [{ OR: [{ renew: true }, { nextSubscription: { renew: true, status: { notIn: ['CANCELED', 'EXPIRED'] } } }] }],
      },
      orderBy: { startingAt: 'desc' },
      select: { id: true, meta: true },
    });
  }
}

function billingPhone(meta: Prisma.JsonValue): string | undefined {
  const phone = (meta as { billing?: { phone?: unknown } } | null)?.billing?.phone;
  return typeof phone === 'string' ? phone : undefined;
}

/** What goes into a mail's text lines: one line each, whatever was typed. */
const oneLine = (value: string) => value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ');

export function toView(r: Unsubscription): UnsubscriptionView {
  return {
    uuid: r.uuid,
    reason: (r.reason ?? null) as UnsubscriptionView['reason'],
    name: r.name,
    email: r.email,
    phone: r.phone,
    orderno: r.orderno,
    message: r.message,
    timestamp: r.timestamp.toISOString(),
  };
}
