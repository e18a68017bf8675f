import { createHash } from 'node:crypto';
import { TEST_PAYMENT_CONFIRM_THROTTLE } from '@husly/domain';
import type { RateLimit } from '../common/rate-limit/rate-limit.service';

// The subscriptions' throttle buckets (RateLimitService, as the accounts' in accounts/throttles/account-throttles.ts).

/** A client secret is a bearer token: the bucket keeps only a digest of it. */
const digest = (secret: string) => createHash('sha256').update(secret).digest('hex').slice(0, 32);

/** Test payment confirms: per user (guessing secrets) and per client secret (guessing cards on one payment). */
export const TEST_PAYMENT_CONFIRM_BUCKETS = {
  user: (userId: number): RateLimit => ({ bucket: `test-payment:user:${userId}`, max: TEST_PAYMENT_CONFIRM_THROTTLE.perUser, windowMs: TEST_PAYMENT_CONFIRM_THROTTLE.windowMs }),
  secret: (clientSecret: string): RateLimit => ({
    bucket: `test-payment:secret:${digest(clientSecret)}`,
    max: TEST_PAYMENT_CONFIRM_THROTTLE.perSecret,
    windowMs: TEST_PAYMENT_CONFIRM_THROTTLE.windowMs,
  }),
  /** The user's first: a refused user opens no bucket for each secret it guesses. */
  all: (userId: number, clientSecret: string): RateLimit[] => [TEST_PAYMENT_CONFIRM_BUCKETS.user(userId), TEST_PAYMENT_CONFIRM_BUCKETS.secret(clientSecret)],
};
