import { LANGUAGE_HANDOFF, LOGIN_THROTTLE, VERIFICATION_MAIL_THROTTLE } from '@husly/domain';
import type { RateLimit } from './rate-limit.service';

// The accounts' throttle buckets (ADR 0005). Addresses in keys are normalised, so spellings of one
// inbox share a count, and unknown addresses count like known ones.

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

/** Verification mails: per normalised address a day (whoever asks) and per IP an hour. */
export const VERIFICATION_MAIL_BUCKETS = {
  address: (email: string): RateLimit => ({ bucket: `verify-mail:address:${email}`, max: VERIFICATION_MAIL_THROTTLE.perAddress, windowMs: VERIFICATION_MAIL_THROTTLE.addressWindowMs }),
  ip: (ip: string): RateLimit => ({ bucket: `verify-mail:ip:${ip}`, max: VERIFICATION_MAIL_THROTTLE.perIp, windowMs: VERIFICATION_MAIL_THROTTLE.ipWindowMs }),
};

/** Language-switch codes: per user an hour, so a stolen session cannot mint codes without end. */
export const LANGUAGE_HANDOFF_BUCKETS = {
  user: (userId: number): RateLimit => ({ bucket: `language-handoff:user:${userId}`, max: LANGUAGE_HANDOFF.perUser, windowMs: LANGUAGE_HANDOFF.windowMs }),
};
