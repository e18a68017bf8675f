import { LANGUAGE_HANDOFF, LOGIN_THROTTLE } from '@husly/domain';
import type { RateLimit } from '../../common/rate-limit/rate-limit.service';

// The accounts' throttle buckets (ADR 0005). Addresses in keys are normalised, so spellings of one
// inbox share a count, and unknown addresses count like known ones. The verification mails' buckets,
// shared with the tenant ad, are in common/rate-limit/verification-mail-buckets.ts.

/** The login buckets (ADR 0005). Keys use the normalised address, so unknown addresses count too. */
export const LOGIN_BUCKETS = {
  /** Guesses at one account from clients without its device cookie: the brute-force bound. */
  account: (email: string): RateLimit => ({ bucket: `login:account:${email}`, max: LOGIN_THROTTLE.maxFailures, windowMs: LOGIN_THROTTLE.windowMs }),
  /** One source's guesses at one account, with growing delays. */
  source: (email: string, ip: string): RateLimit => ({
    bucket: `login:source:${ip}:${email}`,
    max: LOGIN_THROTTLE.perSource,
    windowMs: LOGIN_THROTTLE.windowMs,
    delay: LOGIN_THROTTLE.delay,
  }),
  /** One source across accounts (credential stuffing). */
  ip: (ip: string): RateLimit => ({ bucket: `login:ip:${ip}`, max: LOGIN_THROTTLE.perIp, windowMs: LOGIN_THROTTLE.windowMs }),
  /** A browser holding the account's device cookie: its own budget, with growing delays. */
  device: (device: string): RateLimit => ({ bucket: `login:device:${device}`, max: LOGIN_THROTTLE.perDevice, windowMs: LOGIN_THROTTLE.windowMs, delay: LOGIN_THROTTLE.delay }),
  /** The owner's notice that the account limit tripped. */
  notice: (email: string): RateLimit => ({ bucket: `login:notice:${email}`, max: 1, windowMs: LOGIN_THROTTLE.noticeEveryMs }),
};

/** Language-switch codes: per user an hour, so a stolen session cannot mint codes without end. */
export const LANGUAGE_HANDOFF_BUCKETS = {
  user: (userId: number): RateLimit => ({ bucket: `language-handoff:user:${userId}`, max: LANGUAGE_HANDOFF.perUser, windowMs: LANGUAGE_HANDOFF.windowMs }),
};
