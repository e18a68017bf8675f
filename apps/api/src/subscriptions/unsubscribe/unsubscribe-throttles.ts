import { createHash } from 'node:crypto';
import { MANUAL_UNSUBSCRIBE_THROTTLE, UNSUBSCRIBE_SURVEY_THROTTLE, normalizeEmail } from '@husly/domain';
import type { RateLimit } from '../../common/rate-limit/rate-limit.service';

// The unsubscribe flows' throttle buckets (RateLimitService), with the numbers from libs/domain.

const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

export const UNSUBSCRIBE_BUCKETS = {
  /** The manual form: per client address, then per email address typed (whoever types it). */
  manual: (ip: string, email: string): RateLimit[] => [
    { bucket: `unsubscribe-manual:ip:${ip}`, max: MANUAL_UNSUBSCRIBE_THROTTLE.perIp, windowMs: MANUAL_UNSUBSCRIBE_THROTTLE.ipWindowMs },
    { bucket: `unsubscribe-manual:email:${digest(normalizeEmail(email))}`, max: MANUAL_UNSUBSCRIBE_THROTTLE.perEmail, windowMs: MANUAL_UNSUBSCRIBE_THROTTLE.emailWindowMs },
  ],
  /** Confirmation links tried from one address (the tokens are unguessable; this keeps the log quiet). */
  confirm: (ip: string): RateLimit => ({ bucket: `unsubscribe-confirm:ip:${ip}`, max: UNSUBSCRIBE_SURVEY_THROTTLE.max, windowMs: UNSUBSCRIBE_SURVEY_THROTTLE.windowMs }),
  /** Survey answers and "found a home": per user, or per address for a visitor. */
  survey: (who: { userId?: number; ip: string }): RateLimit => ({
    bucket: who.userId ? `unsubscribe-survey:user:${who.userId}` : `unsubscribe-survey:ip:${who.ip}`,
    max: UNSUBSCRIBE_SURVEY_THROTTLE.max,
    windowMs: UNSUBSCRIBE_SURVEY_THROTTLE.windowMs,
  }),
};
