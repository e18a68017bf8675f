import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { SessionResponse } from '@husly/contracts';
import { COOKIES, LOGIN_MESSAGES, LOGIN_THROTTLE, THROTTLE_MESSAGES, VERIFICATION_MAIL_THROTTLE } from '@husly/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createUser, unique } from '../../../test/factories';
import { TokenService } from '../../common/auth/token.service';
import { Clock } from '../../infra/clock/clock';
import { JobQueue } from '../../infra/queue/job-queue.service';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { LOGIN_BUCKETS } from './account-throttles';

const PASSWORD = 'hemmelig-2026';
const MINUTE = 60_000;

// Issue 12 §5: who may set the client address, atomic login limits, no lockout of the owner by
// strangers (device cookie), and bounded verification mails. Every window moves on the app's Clock.
describe('account throttles', () => {
  let t: TestApp;
  let counter = 0;
  // A run's own addresses, so the per-IP buckets of one test never touch another's.
  const ip = () => {
    counter++;
    return `203.0.${Math.floor(counter / 250)}.${(counter % 250) + 1}`;
  };
  const from = (address: string, extra: Record<string, string> = {}) => ({ 'x-forwarded-for': address, ...extra });
  const email = () => `throttle-${unique()}@husly.test`;
  const login = (address: string, password: string, headers: Record<string, string> = {}) => t.request('POST', '/api/auth/login', { email: address, password }, headers);

  beforeAll(async () => {
    // Frozen: only advance() moves time, so waits and windows do not depend on how fast hashing runs.
    const clock = new Clock();
    clock.set(new Date());
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  /** The mails in the outbox to `to` with `subject`, once the queue has run everything queued. */
  async function mails(to: string, subject: string): Promise<ParsedMail[]> {
    await t.app.get(JobQueue).drain();
    const dir = t.config.mail.dir;
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    const parsed = await Promise.all(files.map((f) => simpleParser(readFileSync(join(dir, f)))));
    return parsed.filter((m) => m.subject === subject && (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(to)));
  }

  /** The device cookie a login answer sets (name=value only, as a browser sends it back). */
  const deviceCookie = (res: { headers: Record<string, unknown> }): string => {
    const header = [res.headers['set-cookie']].flat().find((c) => typeof c === 'string' && c.startsWith(`${COOKIES.device.name}=`)) as string | undefined;
    if (!header) throw new Error('no device cookie set');
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/Path=\/api\/auth\/login/);
    expect(header).toMatch(/^bn\.dev=[^;]+; Max-Age=31536000; Path=\/api\/auth\/login; HttpOnly; SameSite=Strict$/);
    return header.split(';')[0];
  };

  describe('client address (TRUST_PROXY)', () => {
    it('honours X-Forwarded-For only from a trusted proxy: the per-IP limit holds against a changing header', async () => {
      // TRUST_PROXY=loopback here: a client connecting from elsewhere cannot pick its address.
      const remote = ip();
      for (let i = 0; i < LOGIN_THROTTLE.perIp; i++) {
        expect((await t.request('POST', '/api/auth/login', { email: email(), password: 'x' }, from(ip()), remote)).status).toBe(401);
      }
      const refused = await t.request('POST', '/api/auth/login', { email: email(), password: 'x' }, from(ip()), remote);
      expect(refused.status).toBe(429);

      // Through the trusted proxy (loopback) the header names the client: another client is not refused.
      const proxied = ip();
      for (let i = 0; i < LOGIN_THROTTLE.perIp; i++) expect((await login(email(), 'x', from(proxied))).status).toBe(401);
      expect((await login(email(), 'x', from(proxied))).status).toBe(429);
      expect((await login(email(), 'x', from(ip()))).status).toBe(401);
    });
  });

  describe('login', () => {
    it('lets at most 10 of 40 parallel wrong passwords reach the password check; the rest get 429 with Retry-After', async () => {
      const user = await createUser(t.prisma, { password: PASSWORD });
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login(user.email!, `forkert-${i}`, from(ip()))));
      const checked = answers.filter((r) => r.status === 401);
      const refused = answers.filter((r) => r.status === 429);
      // A 401 "not correct" is a password that was hashed and compared; the bucket holds one attempt per check.
      expect(checked.every((r) => r.body.message === LOGIN_MESSAGES.passwordIncorrect)).toBe(true);
      expect(checked.length).toBe(LOGIN_THROTTLE.maxFailures);
      expect(refused.length).toBe(40 - LOGIN_THROTTLE.maxFailures);
      expect(await t.app.get(RateLimitService).count(LOGIN_BUCKETS.account(user.email!))).toBe(LOGIN_THROTTLE.maxFailures);
      for (const r of refused) {
        expect(r.body).toMatchObject({ statusCode: 429, code: 'too-many-attempts', message: THROTTLE_MESSAGES.da });
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_THROTTLE.windowMs / 1000);
      }
    });

    it('slows one source down progressively and stops it after 5 guesses, while other sources may still try', async () => {
      const user = await createUser(t.prisma, { password: PASSWORD });
      const source = ip();
      for (let i = 0; i < LOGIN_THROTTLE.delay.free; i++) expect((await login(user.email!, 'forkert', from(source))).status).toBe(401);
      const early = await login(user.email!, 'forkert', from(source));
      expect(early.status).toBe(429);
      expect(early.headers['retry-after']).toBe('2');
      t.clock.advance(2_000);
      expect((await login(user.email!, 'forkert', from(source))).status).toBe(401);
      const again = await login(user.email!, 'forkert', from(source));
      expect(again.headers['retry-after']).toBe('4');
      t.clock.advance(4_000);
      expect((await login(user.email!, 'forkert', from(source))).status).toBe(401);
      t.clock.advance(60_000);
      const spent = await login(user.email!, PASSWORD, from(source));
      expect(spent.status).toBe(429);
      expect(Number(spent.headers['retry-after'])).toBeGreaterThan(10 * 60);
      expect((await login(user.email!, PASSWORD, from(ip()))).status).toBe(200);
    });

    it('strangers from many addresses cannot lock out the owner, who logs in with the device cookie and gets one mail', async () => {
      const user = await createUser(t.prisma, { password: PASSWORD, name: 'Ejer Olsen' });
      const first = await login(user.email!, PASSWORD, from(ip()));
      expect(first.status).toBe(200);
      const cookie = deviceCookie(first);

      const attack = [];
      for (let i = 0; i < 30; i++) attack.push((await login(user.email!, `gæt-${i}`, from(ip()))).status);
      expect(attack.filter((s) => s === 401)).toHaveLength(LOGIN_THROTTLE.maxFailures);
      expect(attack.slice(LOGIN_THROTTLE.maxFailures).every((s) => s === 429)).toBe(true);

      // A new browser is locked out with the strangers; the owner's own browser is not, from any address.
      expect((await login(user.email!, PASSWORD, from(ip()))).status).toBe(429);
      const typo = await login(user.email!, 'tastefejl', from(ip(), { cookie }));
      expect(typo.status).toBe(401);
      const owner = await login(user.email!, PASSWORD, from(ip(), { cookie }));
      expect(owner.status, owner.text).toBe(200);
      expect((owner.body as SessionResponse).user.id).toBe(user.id);

      // A forged, altered or other account's device cookie is a stranger's.
      const [name, value] = cookie.split('=');
      const [id, nonce] = value.split('.');
      const other = await createUser(t.prisma, { password: PASSWORD });
      const otherCookie = deviceCookie(await login(other.email!, PASSWORD, from(ip())));
      for (const fake of [`${name}=${id}.${nonce}.${'A'.repeat(43)}`, `${name}=${other.id}.${nonce}.${value.split('.')[2]}`, otherCookie]) {
        expect((await login(user.email!, PASSWORD, from(ip(), { cookie: fake }))).status).toBe(429);
      }

      const notices = await mails(user.email!, 'Mange forkerte logins på din Husly-profil');
      expect(notices).toHaveLength(1);
      expect(notices[0].text).toContain('/reset-password');
    });

    it('keeps brute force at 10 guesses per account in any 15 minutes', async () => {
      const user = await createUser(t.prisma, { password: PASSWORD });
      const checkedAt: number[] = [];
      // Half an hour of guessing from fresh addresses, one attempt every 30 seconds.
      for (let i = 0; i < 60; i++) {
        const res = await login(user.email!, `gæt-${i}`, from(ip()));
        if (res.status === 401) checkedAt.push(t.clock.now().getTime());
        else expect(res.status).toBe(429);
        t.clock.advance(30_000);
      }
      // No 15 minutes hold more than 10 checked guesses, and the budget comes back as the window slides.
      for (let i = 0; i + LOGIN_THROTTLE.maxFailures < checkedAt.length; i++) {
        expect(checkedAt[i + LOGIN_THROTTLE.maxFailures] - checkedAt[i]).toBeGreaterThanOrEqual(LOGIN_THROTTLE.windowMs);
      }
      expect(checkedAt.length).toBe(2 * LOGIN_THROTTLE.maxFailures);
      expect(await t.app.get(RateLimitService).count(LOGIN_BUCKETS.account(user.email!))).toBeLessThanOrEqual(LOGIN_THROTTLE.maxFailures);
    });

    it('counts wrong current passwords of a password change before hashing: 10 of 15 parallel ones are checked', async () => {
      const user = await createUser(t.prisma, { password: PASSWORD });
      const auth = { authorization: `Bearer ${t.app.get(TokenService).issue(user.id)}` };
      const answers = await Promise.all(
        Array.from({ length: 15 }, () => t.request('POST', '/api/users/me/pass', { oldPassword: 'forkert', newPassword: 'ny-kode-1', repeat: 'ny-kode-1' }, auth)),
      );
      expect(answers.filter((r) => r.status === 422)).toHaveLength(LOGIN_THROTTLE.maxFailures);
      expect(answers.filter((r) => r.status === 429)).toHaveLength(15 - LOGIN_THROTTLE.maxFailures);
    });
  });

  describe('verification mails', () => {
    const SUBJECT = 'Bekræft din email-adresse hos Husly';

    it('sends at most 3 to one address a day, counting the signup mail, whatever the address looks like', async () => {
      const address = email();
      const signup = await t.request('POST', '/api/users', { email: address, name: 'Ny Bruger', password: PASSWORD, terms: true }, from(ip()));
      expect(signup.status).toBe(201);
      const auth = { authorization: `Bearer ${signup.body.token}` };
      const spellings = [address, `  ${address.toUpperCase()}  `];
      for (const spelling of spellings) expect((await t.request('POST', '/api/users/me/resend-verification', { email: spelling }, { ...auth, ...from(ip()) })).status).toBe(200);
      const refused = await t.request('POST', '/api/users/me/resend-verification', { email: address }, { ...auth, ...from(ip()) });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      expect(await mails(address, SUBJECT)).toHaveLength(VERIFICATION_MAIL_THROTTLE.perAddress);

      t.clock.advance(24 * 3600_000 + 1000);
      const fresh = { authorization: `Bearer ${t.app.get(TokenService).issue(signup.body.user.id)}` };
      expect((await t.request('POST', '/api/users/me/resend-verification', { email: address }, { ...fresh, ...from(ip()) })).status).toBe(200);
      expect(await mails(address, SUBJECT)).toHaveLength(VERIFICATION_MAIL_THROTTLE.perAddress + 1);
    });

    it('counts an email change toward the new address, so bouncing between two addresses stops at 3 mails each', async () => {
      const user = await createUser(t.prisma, { password: PASSWORD });
      const auth = { authorization: `Bearer ${t.app.get(TokenService).issue(user.id)}` };
      const [a, b] = [email(), email()];
      const statuses = [];
      for (let i = 0; i < 7; i++) statuses.push((await t.request('POST', '/api/users/me/email', { email: i % 2 === 0 ? a : b }, { ...auth, ...from(ip()) })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
      expect((await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(b);
      expect(await mails(a, SUBJECT)).toHaveLength(3);
      expect(await mails(b, SUBJECT)).toHaveLength(3);
    });

    it('sends at most 10 an hour from one IP, across accounts', async () => {
      const source = ip();
      const tokens = t.app.get(TokenService);
      const users = await Promise.all(Array.from({ length: VERIFICATION_MAIL_THROTTLE.perIp + 1 }, () => createUser(t.prisma)));
      await t.prisma.user.updateMany({ where: { id: { in: users.map((u) => u.id) } }, data: { emailVerified: false } });
      const resend = (user: (typeof users)[number], address: string) =>
        t.request('POST', '/api/users/me/resend-verification', { email: user.email }, { authorization: `Bearer ${tokens.issue(user.id)}`, ...from(address) });
      for (const user of users.slice(0, -1)) expect((await resend(user, source)).status).toBe(200);
      const last = users[users.length - 1];
      expect((await resend(last, source)).status).toBe(429);
      expect(await mails(last.email!, SUBJECT)).toHaveLength(0);
      t.clock.advance(60 * MINUTE + 1000);
      expect((await resend(last, source)).status).toBe(200);
      expect(await mails(last.email!, SUBJECT)).toHaveLength(1);
    });
  });
});
