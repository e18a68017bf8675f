import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ACCOUNT_ERROR_CODES, apiError } from '@husly/contracts';
import { THROTTLE_MESSAGES, type Language, type ThrottleDelay } from '@husly/domain';
import { Clock } from '../../infra/clock/clock';
import { PrismaService } from '../../infra/prisma/prisma.service';

export interface RateLimit {
  /** e.g. "login:ip:203.0.113.7" */
  bucket: string;
  max: number;
  windowMs: number;
  /** Progressive delay: after `free` attempts in the window, each next one waits baseMs · 2^(n − free), at most maxMs. */
  delay?: ThrottleDelay;
}

/** An attempt counted in a bucket; handed back by {@link RateLimitService.refund} when it turned out not to count. */
export interface Reservation {
  bucket: string;
  at: number;
}

/** Rows idle for longer than this are pruned: longer than any window we count. */
const KEEP_MS = 2 * 24 * 3600_000;

/** Why a request was refused: the bucket, and when it may try again. */
export class ThrottledError extends Error {
  constructor(
    readonly limit: RateLimit,
    readonly retryAfterMs: number,
  ) {
    super(`throttled: ${limit.bucket}`);
  }
}

/**
 * Counts attempts in the rate_limits table, so every replica (and the embedded database) shares the
 * same counts, and the injected Clock decides what "the last 15 minutes" is. An attempt is taken
 * (checked and counted) by one statement before the work it guards, so parallel requests cannot
 * all pass a check that only one of them should.
 */
@Injectable()
export class RateLimitService {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * Takes one attempt from each limit, in order, or none: a refusal hands back what was taken so
   * far and throws {@link ThrottledError}. The reservations are for {@link refund}.
   */
  async take(limits: readonly RateLimit[]): Promise<Reservation[]> {
    const at = this.clock.now().getTime();
    const taken: Reservation[] = [];
    for (const limit of limits) {
      const refusal = await this.takeOne(limit, at);
      if (refusal !== null) {
        await this.refund(taken);
        throw new ThrottledError(limit, refusal);
      }
      taken.push({ bucket: limit.bucket, at });
    }
    if (Math.random() < 0.02) await this.prune(at);
    return taken;
  }

  /** {@link take}, answering a refusal with 429 in the site's language (signups, mail requests). */
  async consume(limits: readonly RateLimit[], language: Language): Promise<Reservation[]> {
    try {
      return await this.take(limits);
    } catch (error) {
      throw error instanceof ThrottledError ? throttled(language, error.retryAfterMs) : error;
    }
  }

  /** {@link take} that answers whether it was let through instead of throwing (work that is skipped, not refused). */
  async tryTake(limits: readonly RateLimit[]): Promise<boolean> {
    try {
      await this.take(limits);
      return true;
    } catch (error) {
      if (error instanceof ThrottledError) return false;
      throw error;
    }
  }

  /** Attempts in the bucket's window (what a test or a notice asks). */
  async count(limit: Pick<RateLimit, 'bucket' | 'windowMs'>): Promise<number> {
    const since = this.clock.now().getTime() - limit.windowMs;
    const row = await this.prisma.rateLimit.findUnique({ where: { bucket: limit.bucket }, select: { hits: true } });
    return (row?.hits ?? []).filter((h) => Number(h) > since).length;
  }

  /** Gives taken attempts back (a login that succeeded was no guess). */
  async refund(reservations: readonly Reservation[]): Promise<void> {
    for (const { bucket, at } of reservations) {
      await this.prisma.$executeRaw`
        UPDATE rate_limits
        SET hits = hits[1:array_position(hits, ${at}::bigint) - 1] || hits[array_position(hits, ${at}::bigint) + 1:]
        WHERE bucket = ${bucket} AND ${at}::bigint = ANY(hits)`;
    }
  }

  /** Forgets a bucket (a successful login clears the failures of its source and device). */
  async reset(...buckets: string[]): Promise<void> {
    await this.prisma.rateLimit.deleteMany({ where: { bucket: { in: buckets } } });
  }

  /**
   * One statement: the row lock of ON CONFLICT DO UPDATE orders parallel takers of a bucket, and
   * each sees the attempts of those before it. Answers null when taken, else the wait in ms.
   */
  private async takeOne(limit: RateLimit, at: number): Promise<number | null> {
    const since = at - limit.windowMs;
    const free = limit.delay?.free ?? limit.max;
    const baseMs = limit.delay?.baseMs ?? 0;
    const maxMs = limit.delay?.maxMs ?? 0;
    const rows = await this.prisma.$queryRaw<Array<{ hits: bigint[]; last_allowed: boolean }>>`
      INSERT INTO rate_limits AS r (bucket, hits, last_allowed, touched_at)
      VALUES (${limit.bucket}, ARRAY[${at}::bigint], true, ${at}::bigint)
      ON CONFLICT (bucket) DO UPDATE SET (hits, last_allowed, touched_at) = (
        SELECT CASE WHEN w.allowed THEN w.recent || ${at}::bigint ELSE w.recent END, w.allowed, ${at}::bigint
        FROM (
          SELECT recent,
                 cardinality(recent) < ${limit.max}::int AND (
                   cardinality(recent) < ${free}::int
                   OR ${at}::bigint >= recent[cardinality(recent)] + least(${maxMs}::float8, ${baseMs}::float8 * 2 ^ (cardinality(recent) - ${free}::int))
                 ) IS TRUE AS allowed
          FROM (SELECT ARRAY(SELECT h FROM unnest(r.hits) h WHERE h > ${since}::bigint ORDER BY h) AS recent) x
        ) w
      )
      RETURNING hits, last_allowed`;
    const row = rows[0];
    if (row.last_allowed) return null;
    return retryAfterMs(limit, row.hits.map(Number), at);
  }

  private async prune(at: number): Promise<void> {
    await this.prisma.rateLimit.deleteMany({ where: { touchedAt: { lt: BigInt(at - KEEP_MS) } } });
  }
}

/** When a refused bucket lets the next attempt through: the oldest hit leaving the window, or the delay's end. */
export function retryAfterMs(limit: RateLimit, recent: readonly number[], at: number): number {
  const n = recent.length;
  if (n >= limit.max) return recent[n - limit.max] + limit.windowMs - at;
  const delay = limit.delay;
  if (!delay || n < delay.free) return 0;
  return recent[n - 1] + Math.min(delay.maxMs, delay.baseMs * 2 ** (n - delay.free)) - at;
}

/** 429 with the site's text, `retryAfterSeconds` in the body and, through the exception filter, Retry-After. */
export function throttled(language: Language, retryAfterMs: number): HttpException {
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const body = { ...apiError(429, THROTTLE_MESSAGES[language], { code: ACCOUNT_ERROR_CODES.throttled }), retryAfterSeconds };
  return new HttpException(body, HttpStatus.TOO_MANY_REQUESTS);
}
