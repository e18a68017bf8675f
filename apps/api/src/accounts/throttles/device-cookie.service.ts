import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { COOKIES } from '@husly/domain';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';

/**
 * The device cookie (OWASP's "slow brute force" defence, ADR 0005): a successful login leaves a
 * signed `userId.nonce.signature` in the browser. A later login to that account presenting it
 * counts against a budget of its own, not against the one strangers share, so their guesses cannot
 * lock the owner out. It proves an earlier login only; it is never a session.
 */
@Injectable()
export class DeviceCookieService {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    // Its own key, derived from the token secret, so a device cookie can never pass for anything else.
    this.key = createHmac('sha256', config.auth.jwtSecret).update('husly device cookie v1').digest();
  }

  /** A new cookie value for the account. */
  issue(userId: number): string {
    const payload = `${userId}.${randomBytes(16).toString('base64url')}`;
    return `${payload}.${this.sign(payload)}`;
  }

  /** The device id (its nonce) when the request carries a valid cookie for this account, else null. */
  deviceFor(cookies: Record<string, string | undefined>, userId: number): string | null {
    const parts = (cookies[COOKIES.device.name] ?? '').split('.');
    if (parts.length !== 3 || parts[0] !== String(userId) || !/^[A-Za-z0-9_-]{22}$/.test(parts[1])) return null;
    const expected = Buffer.from(this.sign(`${parts[0]}.${parts[1]}`));
    const given = Buffer.from(parts[2]);
    return given.length === expected.length && timingSafeEqual(given, expected) ? parts[1] : null;
  }

  /** Sets the cookie on the login answer: only the login route ever sees it. */
  set(reply: FastifyReply, value: string): void {
    void reply.setCookie(COOKIES.device.name, value, {
      path: '/api/auth/login',
      maxAge: COOKIES.device.maxAgeSeconds,
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.security.secureCookies,
    });
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
