import { HttpException, Inject, Injectable, Logger } from '@nestjs/common';
import { apiError, PUSH_ERROR_CODES, type PushSubscribeBody, type PushUnsubscribeBody } from '@husly/contracts';
import { ERROR_MESSAGES, INSTANT_PUSH_THROTTLE, type Language } from '@husly/domain';
import type { AuthUser } from '../../common/auth/auth-user';
import type { RequestContext } from '../../common/request-context';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Clock } from '../../infra/clock/clock';
import { PrismaService } from '../../infra/prisma/prisma.service';
import { WebPushSender } from '../../infra/push/web-push-sender';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { JOBS } from '../../infra/queue/jobs';
import { boligagentNotFound } from '../boligagent-errors';
import { instantPushPayload } from './push-payload';
import { PushRepository } from './push.repository';

/** The browsers' own push services (Chrome/Edge/Samsung: FCM; Firefox; Windows; Safari): the only hosts we POST to. */
const BROWSER_PUSH_HOSTS = [/^fcm\.googleapis\.com$/, /^updates\.push\.services\.mozilla\.com$/, /^[a-z0-9-]+\.notify\.windows\.com$/, /^[a-z0-9.-]+\.push\.apple\.com$/];
/** A push about a dwelling is worth a day: a browser offline for longer is not told about it. */
const PUSH_TTL_SECONDS = 24 * 3600;
/** A send job holds its push this long; a job whose worker died frees it when it passes. */
const LEASE_MS = 2 * 60_000;

export type PushOutcome = 'sent' | 'skipped' | 'stopped' | 'failed';

/** A temporary failure (a push service's 429/5xx, a timeout): the queue retries the job with backoff. */
export class PushSendRetry extends Error {}

/**
 * Instant push (docs/decisions/0063-instant-push.md): browsers subscribe for an instant agent; each
 * dwelling its instant mail claims is pushed once per agent, within an hourly limit, by a queued job.
 */
@Injectable()
export class PushService {
  private readonly logger = new Logger(PushService.name);

  constructor(
    private readonly repository: PushRepository,
    private readonly prisma: PrismaService,
    private readonly sender: WebPushSender,
    private readonly jobs: JobQueue,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  publicKey(): string {
    if (!this.config.push) throw pushOff();
    return this.config.push.publicKey;
  }

  /**
   * POST /api/push/subscriptions: a visitor's verified agent by its management token, or the
   * logged-in user's agent; either must be instant. The endpoint must be a push service we send to.
   */
  async subscribe(user: AuthUser | undefined, body: PushSubscribeBody, ctx: RequestContext): Promise<void> {
    if (!this.config.push) throw pushOff();
    this.checkEndpoint(body.subscription.endpoint);
    const owner = await this.owner(user, body.token);
    if (!owner.instant) {
      throw new HttpException(apiError(409, ERROR_MESSAGES.pushNeedsInstantAgent, { code: PUSH_ERROR_CODES.notInstant }), 409);
    }
    await this.repository.upsertSubscription({
      endpoint: body.subscription.endpoint,
      p256dh: body.subscription.keys.p256dh,
      auth: body.subscription.keys.auth,
      userId: owner.userId,
      boligagentId: owner.boligagentId,
      language: body.language ?? ctx.language,
      now: this.clock.now(),
    });
  }

  /** DELETE /api/push/subscriptions: the owner's row of that endpoint goes; a second call finds none (still 204). */
  async unsubscribe(user: AuthUser | undefined, body: PushUnsubscribeBody): Promise<void> {
    const owner = await this.owner(user, body.token);
    await this.repository.deleteSubscription({ endpoint: body.endpoint, userId: owner.userId, boligagentId: owner.boligagentId });
  }

  /**
   * The token's agent (a visitor's), else the user's; exactly one of userId and boligagentId is set.
   * `instant`: an instant agent that is verified (a visitor's) or the user's own (it mails, and so
   * pushes, once the account's address is verified: the instant claim decides that).
   */
  private async owner(user: AuthUser | undefined, token: string | undefined): Promise<{ userId: number | null; boligagentId: number | null; instant: boolean }> {
    if (token !== undefined) {
      const agent = await this.prisma.boligagent.findUnique({ where: { token }, select: { id: true, frequency: true, verifiedAt: true } });
      if (!agent) throw boligagentNotFound();
      return { userId: null, boligagentId: agent.id, instant: agent.frequency === 'INSTANT' && agent.verifiedAt !== null };
    }
    if (!user) throw new HttpException(apiError(401, 'Login required'), 401);
    const agent = await this.prisma.boligagent.findUnique({ where: { userId: user.id }, select: { frequency: true } });
    return { userId: user.id, boligagentId: null, instant: agent?.frequency === 'INSTANT' };
  }

  /** Only the browsers' push services (and, for tests and local setups, the configured extra origins). */
  private checkEndpoint(endpoint: string): void {
    const url = new URL(endpoint);
    const allowed =
      (url.protocol === 'https:' && url.port === '' && BROWSER_PUSH_HOSTS.some((host) => host.test(url.hostname))) ||
      (this.config.push?.endpointOrigins ?? []).includes(url.origin.toLowerCase());
    if (!allowed) {
      throw new HttpException(apiError(400, ERROR_MESSAGES.pushEndpointNotAllowed, { code: PUSH_ERROR_CODES.endpointNotAllowed, field: 'subscription.endpoint' }), 400);
    }
  }

  /**
   * After the instant mails of these dwellings were claimed (BoligagentDeliveryService.runInstant):
   * claims their pushes and queues one send job each. Idempotent: a retried instant job claims only
   * what is missing and hands over what is still pending under the same job ids.
   */
  async dwellingsClaimed(dwellingIds: number[]): Promise<number> {
    if (!this.config.push || dwellingIds.length === 0) return 0;
    const ids = await this.repository.claim({ dwellingIds, now: this.clock.now(), perHour: INSTANT_PUSH_THROTTLE.perHour, windowMs: INSTANT_PUSH_THROTTLE.windowMs });
    for (const deliveryId of ids) await this.jobs.enqueue(JOBS.pushSend, { deliveryId }, { jobId: `push-send-${deliveryId}` });
    return ids.length;
  }

  /**
   * The send job: leases the push, hands it to each of the agent's browsers not yet done, and marks
   * it SENT. 404/410 from a push service deletes that subscription; 429/5xx/timeouts make the job retry
   * (only the browsers not yet done). A crash after a push service accepted and before the mark sends
   * it again: with the same Topic and notification tag, so it replaces rather than adds (ADR 0063).
   */
  async send(deliveryId: number, final: boolean): Promise<PushOutcome> {
    const push = this.config.push;
    if (!push) return 'skipped';
    const now = this.clock.now();
    const leased = await this.repository.lease({ id: deliveryId, now, leaseUntil: new Date(now.getTime() + LEASE_MS) });
    if (!leased) {
      if (!final && (await this.repository.heldElsewhere(deliveryId, now))) throw new PushSendRetry(`push ${deliveryId} is held by another worker`);
      return 'skipped';
    }
    if (!leased.active || leased.dwelling === null) {
      await this.repository.finish(deliveryId, 'FAILED', { at: now, error: leased.active ? 'dwelling deleted' : 'agent stopped' });
      return 'stopped';
    }
    const errors: string[] = [];
    for (const subscription of leased.subscriptions) {
      const language: Language = subscription.language === 'en' ? 'en' : 'da';
      const payload = instantPushPayload({ dwelling: leased.dwelling, agentId: leased.agentId, language, publicUrl: this.config.http.publicUrl, secret: this.config.auth.jwtSecret });
      try {
        const answer = await this.sender.send(subscription, JSON.stringify(payload), { ttlSeconds: PUSH_TTL_SECONDS, topic: `d${leased.dwellingId}` });
        if (answer.status >= 200 && answer.status < 300) {
          await this.repository.markDone(deliveryId, subscription.id);
        } else if (answer.status === 404 || answer.status === 410) {
          // The browser unsubscribed or the subscription expired (RFC 8030 §7.3, 8292): never again.
          await this.repository.forgetSubscription(subscription.id);
        } else if (answer.status === 429 || answer.status >= 500) {
          errors.push(`${answer.status} ${answer.body}`);
        } else {
          // 400/403/413 do not get better by retrying: given up for this browser, logged.
          this.logger.warn(`push ${deliveryId} to subscription ${subscription.id} refused: ${answer.status} ${answer.body}`);
          await this.repository.markDone(deliveryId, subscription.id);
        }
      } catch (error) {
        errors.push(String((error as Error).message ?? error));
      }
    }
    if (errors.length > 0) {
      const reason = errors.join('; ').slice(0, 500);
      if (final) {
        await this.repository.finish(deliveryId, 'FAILED', { at: this.clock.now(), error: reason });
        return 'failed';
      }
      await this.repository.release(deliveryId, reason);
      throw new PushSendRetry(`push ${deliveryId}: ${errors.length} browser(s) to try again: ${reason}`);
    }
    await this.repository.finish(deliveryId, 'SENT', { at: this.clock.now() });
    return 'sent';
  }
}

function pushOff(): HttpException {
  return new HttpException(apiError(404, ERROR_MESSAGES.pushOff, { code: PUSH_ERROR_CODES.off }), 404);
}
