import { Inject, Injectable, Logger } from '@nestjs/common';
import type { RecordedEvent } from '@husly/contracts';
import { ERROR_BEACON_THROTTLE, EVENT_THROTTLE } from '@husly/domain';
import type { RateLimit } from '../common/rate-limit/rate-limit.service';
import { RateLimitService } from '../common/rate-limit/rate-limit.service';
import { Clock } from '../infra/clock/clock';
import { PrismaService } from '../infra/prisma/prisma.service';

export const EVENT_LIMITS = {
  ip: (ip: string): RateLimit => ({ bucket: `event:ip:${ip}`, max: EVENT_THROTTLE.perIp, windowMs: EVENT_THROTTLE.windowMs }),
  user: (userId: number): RateLimit => ({ bucket: `event:user:${userId}`, max: EVENT_THROTTLE.perUser, windowMs: EVENT_THROTTLE.windowMs }),
};

export const ERROR_BEACON_LIMIT = (ip: string): RateLimit => ({
  bucket: `error-beacon:ip:${ip}`,
  max: ERROR_BEACON_THROTTLE.perIp,
  windowMs: ERROR_BEACON_THROTTLE.windowMs,
});

/** Control characters (and line separators) would let a beacon forge lines in the log. */
const LOG_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** POST /api/event and the error beacon GET /i.gif (spec section 7). */
@Injectable()
export class EventsService {
  private readonly logger = new Logger('ClientError');

  constructor(
    private readonly prisma: PrismaService,
    private readonly rateLimits: RateLimitService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Stores a named event; throttled per address and per user (429). */
  async record(event: RecordedEvent, who: { userId?: number; visitorId?: string; ip: string; language: 'da' | 'en' }): Promise<void> {
    await this.rateLimits.consume([EVENT_LIMITS.ip(who.ip), ...(who.userId ? [EVENT_LIMITS.user(who.userId)] : [])], who.language);
    await this.prisma.event.create({
      data: { type: event.type, payload: event.payload, userId: who.userId ?? null, visitorId: who.visitorId ?? null, createdAt: this.clock.now() },
    });
  }

  /** Logs a script error the browser reported; false when this address has reported enough for now. */
  async reportError(report: { error: string; path?: string }, ip: string): Promise<boolean> {
    if (!(await this.rateLimits.tryTake([ERROR_BEACON_LIMIT(ip)]))) return false;
    const path = report.path?.startsWith('/') ? report.path.split(/[?#]/)[0].slice(0, 200) : undefined;
    this.logger.warn(`${safe(report.error)}${path ? ` (at ${safe(path)})` : ''}`);
    return true;
  }
}

const safe = (text: string): string => text.replace(LOG_UNSAFE, ' ');
