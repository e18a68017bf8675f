import { Inject, Injectable, Logger } from '@nestjs/common';
import type { RecordedEvent } from '@husly/contracts';
import type { RateLimit } from '../accounts/rate-limit.service';
import { RateLimitService } from '../accounts/rate-limit.service';
import { Clock } from '../infra/clock/clock';
import { PrismaService } from '../infra/prisma/prisma.service';

/** Per client address: a page sends a handful; a script sending more is not a person. */
export const EVENT_LIMITS = {
  ip: (ip: string): RateLimit => ({ bucket: `event:ip:${ip}`, max: 60, windowMs: 10 * 60_000 }),
  user: (userId: number): RateLimit => ({ bucket: `event:user:${userId}`, max: 120, windowMs: 10 * 60_000 }),
};

/** Error beacons logged per client address an hour: one broken page reports, a loop does not flood the log. */
export const ERROR_BEACON_LIMIT = (ip: string): RateLimit => ({ bucket: `error-beacon:ip:${ip}`, max: 20, windowMs: 3600_000 });

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
  async record(event: RecordedEvent, who: { userId?: number; ip: string; language: 'da' | 'en' }): Promise<void> {
    await this.rateLimits.consume([EVENT_LIMITS.ip(who.ip), ...(who.userId ? [EVENT_LIMITS.user(who.userId)] : [])], who.language);
    await this.prisma.event.create({
      data: { type: event.type, payload: event.payload, userId: who.userId ?? null, createdAt: this.clock.now() },
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
