import { VERIFICATION_MAIL_THROTTLE } from '@husly/domain';
import type { RateLimit } from './rate-limit.service';

/**
 * Mails asking an inbox to prove itself (the account's address, the tenant ad's address) share one
 * budget: per normalised address a day (whoever asks) and per IP an hour, so switching features
 * does not double the mails a stranger can send to one inbox.
 */
export const VERIFICATION_MAIL_BUCKETS = {
  address: (email: string): RateLimit => ({ bucket: `verify-mail:address:${email}`, max: VERIFICATION_MAIL_THROTTLE.perAddress, windowMs: VERIFICATION_MAIL_THROTTLE.addressWindowMs }),
  ip: (ip: string): RateLimit => ({ bucket: `verify-mail:ip:${ip}`, max: VERIFICATION_MAIL_THROTTLE.perIp, windowMs: VERIFICATION_MAIL_THROTTLE.ipWindowMs }),
};
