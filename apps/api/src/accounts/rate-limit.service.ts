import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { apiError } from '@husly/contracts';
import { THROTTLE_MESSAGES, type Language } from '@husly/domain';
import { ACCOUNT_ERROR_CODES } from '@husly/contracts';
import { Clock } from '../infra/clock/clock';
import { PrismaService } from '../infra/prisma/prisma.service';

export interface RateLimit {
  /** e.g. "login:ip:203.0.113.7" */
  bucket: string;
  max: number;
  windowMs: number;
}

/** Rows older than this are pruned: longer than any window we count. */
const KEEP_MS = 24 * 3600_000;

/**
 * Counts attempts in the rate_limit_hits table, so every replica (and the embedded database) shares
 * the same counts, and the injected Clock decides what "the last 15 minutes" is.
 */
@Injectable()
export class RateLimitService {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Hits of the bucket inside its window. */
  async count(limit: RateLimit): Promise<number> {
    const since = new Date(this.clock.now().getTime() - limit.windowMs);
    return this.prisma.rateLimitHit.count({ where: { bucket: limit.bucket, createdAt: { gt: since } } });
  }

  async isExceeded(limit: RateLimit): Promise<boolean> {
    return (await this.count(limit)) >= limit.max;
  }

  /** 429 (with the web's text in `language`) when any of the limits is used up. */
  async assertAllowed(limits: readonly RateLimit[], language: Language): Promise<void> {
    for (const limit of limits) {
      if (await this.isExceeded(limit)) throw throttled(language, limit.windowMs);
    }
  }

  async hit(...buckets: string[]): Promise<void> {
    const now = this.clock.now();
    await this.prisma.rateLimitHit.createMany({ data: buckets.map((bucket) => ({ bucket, createdAt: now })) });
    // Pruning on write keeps the table small without a scheduled job; one in 50 writes is plenty.
    if (Math.random() < 0.02) {
      await this.prisma.rateLimitHit.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - KEEP_MS) } } });
    }
  }

  /** Counts one attempt per bucket, after checking the limits (signups, mail requests). */
  async consume(limits: readonly RateLimit[], language: Language): Promise<void> {
    await this.assertAllowed(limits, language);
    await this.hit(...limits.map((l) => l.bucket));
  }

  /** A successful login forgets the account's failures (not the IP's). */
  async reset(bucket: string): Promise<void> {
    await this.prisma.rateLimitHit.deleteMany({ where: { bucket } });
  }
}

export function throttled(language: Language, windowMs: number): HttpException {
  const body = { ...apiError(429, THROTTLE_MESSAGES[language], { code: ACCOUNT_ERROR_CODES.throttled }), retryAfterSeconds: Math.ceil(windowMs / 1000) };
  return new HttpException(body, HttpStatus.TOO_MANY_REQUESTS);
}
