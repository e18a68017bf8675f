import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { serializeSessionPrefsCookie, type SessionResponse, type SignupRequest } from '@husly/contracts';
import { COOKIES, ERROR_MESSAGES, LOGIN_MESSAGES, SIGNUP_MESSAGES, THROTTLE_MESSAGES, VALIDATION_MESSAGES } from '@husly/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { createCity, createUser, subscribe, unique } from '../../test/factories';
import { Clock } from '../infra/clock/clock';
import { JobQueue } from '../infra/queue/job-queue.service';
import { hashLinkToken } from './account-tokens.service';
import { SessionPrefsService } from './session-prefs.service';
import { SocialLoginService } from './auth/social-login.service';

const PASSWORD = 'hemmelig-2026';
const MINUTE = 60_000;

describe('accounts API', () => {
  let t: TestApp;
  let ipCounter = 0;
  // Each test its own client address, so the per-IP throttles of one test never touch another.
  const ip = () => `198.51.${100 + (process.pid % 100)}.${++ipCounter}`;
  const from = (address: string, extra: Record<string, string> = {}) => ({ 'x-forwarded-for': address, ...extra });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const email = () => `konto-${unique()}@husly.test`;

  beforeAll(async () => (t = await createTestApp({ clock: new Clock() })));
  afterAll(() => t.close());

  /** Mails in the file outbox addressed to `to`, waiting until `count` have arrived (the queue sends them). */
  async function mailsTo(to: string, count = 1): Promise<ParsedMail[]> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const dir = t.config.mail.dir;
      const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
      const parsed = await Promise.all(files.map((f) => simpleParser(readFileSync(join(dir, f)))));
      const mine = parsed.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(to)));
      if (mine.length >= count) return mine;
      if (Date.now() > deadline) throw new Error(`${mine.length} of ${count} mails to ${to}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const linkToken = (mail: ParsedMail, path: string) => {
    const match = new RegExp(`${path.replace('/', '\\/')}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text ?? '');
    if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
    return match[1];
  };

  const signupBody = (overrides: Partial<SignupRequest> = {}): SignupRequest => ({
    email: email(),
    name: 'Mette Hansen',
    password: PASSWORD,
    repeatPassword: PASSWORD,
    terms: true,
    consent_communication: true,
    ...overrides,
  });

  async function signup(overrides: Partial<SignupRequest> = {}, headers: Record<string, string> = {}) {
    const body = signupBody(overrides);
    const res = await t.request('POST', '/api/users', body, from(ip(), headers));
    expect(res.status, res.text).toBe(201);
    return { ...(res.body as SessionResponse), email: body.email as string };
  }

  describe('signup', () => {
    it('answers 201 {token, user}, stores an argon2id hash, consent with its time, utm, and mails a Danish verification link', async () => {
      const body = signupBody({ email: `  Store-${unique()}@Husly.test `, utm: { source: 'google', campaign: 'vinter' } });
      const res = await t.request('POST', '/api/users', body, from(ip()));
      expect(res.status).toBe(201);
      const { token, user } = res.body as SessionResponse;
      const address = (body.email as string).trim().toLowerCase();
      expect(token.split('.')).toHaveLength(3);
      expect(user).toMatchObject({ email: address, name: 'Mette Hansen', status: false, subscriber: false, subscriptions: [], meta: [], facebookId: null, cellphone: null, consentCommunication: true, language: 'da' });

      const row = await t.prisma.user.findUniqueOrThrow({ where: { email: address } });
      expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
      expect(JSON.stringify(row)).not.toContain(PASSWORD);
      expect(row.consentCommunicationAt).toBeInstanceOf(Date);
      expect(row.termsAcceptedAt).toBeInstanceOf(Date);
      expect([row.utmSource, row.utmCampaign]).toEqual(['google', 'vinter']);

      const [mail] = await mailsTo(address);
      expect(mail.subject).toBe('Bekræft din email-adresse hos Husly');
      expect(mail.text).toContain(`${t.config.http.publicUrl}/profile/verify?token=`);
      const link = linkToken(mail, '/profile/verify');
      // 32 random bytes: 256 bits, far above the 128 asked for; only the hash is stored.
      expect(Buffer.from(link, 'base64url')).toHaveLength(32);
      const stored = await t.prisma.userToken.findFirstOrThrow({ where: { userId: row.id, kind: 'EMAIL_VERIFICATION' } });
      expect(stored.tokenHash).toBe(hashLinkToken(link));
      expect(stored.tokenHash).not.toContain(link);
      expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(7 * 24 * 3600_000);

      const me = await t.request('GET', '/api/users/me', undefined, bearer(token));
      expect(me.status).toBe(200);
      expect(me.body.user.email).toBe(address);
    });

    it('on the en. host mails in English with a link to the English site', async () => {
      const { email: address } = await signup({}, { host: 'en.localhost:3000' });
      const [mail] = await mailsTo(address);
      expect(mail.subject).toBe('Confirm your email address at Husly');
      expect(mail.text).toContain(`${t.config.http.publicUrl.replace('://', '://en.')}/profile/verify?token=`);
    });

    it('verifies through the mailed link once: status true; a second click says only that the address is verified', async () => {
      const { email: address, user } = await signup();
      const token = linkToken((await mailsTo(address))[0], '/profile/verify');
      const first = await t.request('GET', `/api/users/verify?token=${token}`);
      expect(first.status).toBe(200);
      expect(first.body.user).toMatchObject({ id: user.id, status: true });
      expect(typeof first.body.token).toBe('string');
      const again = await t.request('GET', `/api/users/verify?token=${token}`);
      expect(again.status).toBe(409);
      // Anyone may hold the link: no session, no user, nothing but the fact.
      expect(again.body).toEqual({ statusCode: 409, error: 'Conflict', message: 'This email address is already verified.', code: 'email-already-verified' });
      const unknown = await t.request('GET', '/api/users/verify?token=nonsense');
      expect(unknown.status).toBe(400);
      expect(unknown.body.code).toBe('token-not-recognised');
    });

    it('two clicks at once on one verification link: one logs in, the other says the address is verified', async () => {
      const { email: address, user } = await signup();
      const token = linkToken((await mailsTo(address))[0], '/profile/verify');
      const answers = await Promise.all([1, 2].map(() => t.request('GET', `/api/users/verify?token=${token}`)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 200)?.body.user).toMatchObject({ id: user.id, status: true });
      expect(answers.find((a) => a.status === 409)?.body.token).toBeUndefined();
      expect(await t.prisma.userToken.count({ where: { userId: user.id, kind: 'EMAIL_VERIFICATION', usedAt: null } })).toBe(0);
    });

    it('a used link is "not recognised" once its address is no longer the verified one', async () => {
      const { email: address, token: session } = await signup();
      const token = linkToken((await mailsTo(address))[0], '/profile/verify');
      expect((await t.request('GET', `/api/users/verify?token=${token}`)).status).toBe(200);
      expect((await t.request('POST', '/api/users/me/email', { email: email() }, bearer(session))).status).toBe(200);
      const res = await t.request('GET', `/api/users/verify?token=${token}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(ERROR_MESSAGES.tokenNotRecognised);
    });

    it.each([
      ['a blank email', { email: '  ' }, 'email', SIGNUP_MESSAGES.serverBlank],
      ['an invalid email', { email: 'mette@husly' }, 'email', SIGNUP_MESSAGES.serverBlank],
      ['a blank name', { name: ' ' }, 'name', VALIDATION_MESSAGES['name-required'].da],
      ['a name over 50 characters', { name: 'A'.repeat(51) }, 'name', VALIDATION_MESSAGES['name-too-long'].da],
      ['a name with http', { name: 'Se httpmig' }, 'name', VALIDATION_MESSAGES['name-contains-url'].da],
      ...['_', '/', '(', ')', '!', '?', ';', ':', '–', '*', '"', ',', '.'].map(
        (c) => [`a name with ${c}`, { name: `Mette${c}Hansen` }, 'name', VALIDATION_MESSAGES['name-invalid-characters'].da] as const,
      ),
      ...['-Mette Hansen', 'Mette Hansen-', 'Anne--Mette', 'Anne - Mette'].map(
        (name) => [`a hyphen not between letters (${name})`, { name }, 'name', VALIDATION_MESSAGES['name-invalid-characters'].da] as const,
      ),
      ['a blank password', { password: ' ', repeatPassword: ' ' }, 'password', VALIDATION_MESSAGES['password-required'].da],
      ['passwords that differ', { repeatPassword: 'noget-andet' }, 'repeatPassword', 'Adgangskoderne er ikke ens.'],
      ['terms not accepted', { terms: false }, 'terms', VALIDATION_MESSAGES['terms-required'].da],
    ] as const)('refuses %s with 422 on that path', async (_name, overrides, path, message) => {
      const body = signupBody(overrides as Partial<SignupRequest>);
      const res = await t.request('POST', '/api/users', body, from(ip()));
      expect(res.status).toBe(422);
      expect(res.body.errors).toContainEqual({ path, message });
      expect(await t.prisma.user.count({ where: { email: String(body.email).trim().toLowerCase() } })).toBe(0);
    });

    it('signs up "Anne-Mette Hansen": a hyphen between letters is part of a name (ADR 0046)', async () => {
      const res = await t.request('POST', '/api/users', signupBody({ name: 'Anne-Mette Hansen' }), from(ip()));
      expect(res.status).toBe(201);
      expect(res.body.user.name).toBe('Anne-Mette Hansen');
      expect((await t.prisma.user.findUniqueOrThrow({ where: { email: res.body.user.email } })).name).toBe('Anne-Mette Hansen');
    });

    it('accepts passwords that are equal after trimming, and a name of exactly 50 characters', async () => {
      const res = await t.request('POST', '/api/users', signupBody({ password: ` ${PASSWORD}`, repeatPassword: `${PASSWORD}  `, name: 'Å'.repeat(50) }), from(ip()));
      expect(res.status).toBe(201);
    });

    it('answers 422 "Email-adressen er allerede i brug." on the email path for a taken address, whatever its case', async () => {
      const { email: address } = await signup();
      const res = await t.request('POST', '/api/users', signupBody({ email: address.toUpperCase() }), from(ip()));
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('Email-adressen er allerede i brug.');
      expect(res.body.errors).toEqual([{ path: 'email', message: 'Email-adressen er allerede i brug.' }]);
    });

    it('rate-limits signups per IP (10 an hour) with 429', async () => {
      const address = ip();
      for (let i = 0; i < 10; i++) expect((await t.request('POST', '/api/users', signupBody(), from(address))).status).toBe(201);
      const res = await t.request('POST', '/api/users', signupBody(), from(address));
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ statusCode: 429, message: THROTTLE_MESSAGES.da, code: 'too-many-attempts' });
      expect((await t.request('POST', '/api/users', signupBody(), from(ip()))).status).toBe(201);
    });
  });

  describe('login and session', () => {
    it('answers {token, user} for the right password; 401 with the spec messages otherwise', async () => {
      const user = await createUser(t.prisma, { password: PASSWORD });
      const ok = await t.request('POST', '/api/auth/login', { email: ` ${user.email!.toUpperCase()} `, password: PASSWORD }, from(ip()));
      expect(ok.status).toBe(200);
      expect(ok.body.user).toMatchObject({ id: user.id, status: true });

      const unknown = await t.request('POST', '/api/auth/login', { email: email(), password: PASSWORD }, from(ip()));
      expect(unknown.status).toBe(401);
      expect(unknown.body.message).toBe(LOGIN_MESSAGES.emailNotRegistered);
      expect(unknown.body.message).toBe('This email is not registered.');

      const wrong = await t.request('POST', '/api/auth/login', { email: user.email, password: 'forkert' }, from(ip()));
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe('This password is not correct.');

      const blank = await t.request('POST', '/api/auth/login', { email: '', password: '' }, from(ip()));
      expect(blank.status).toBe(422);
      expect(blank.body.errors.map((e: { path: string }) => e.path)).toEqual(['email', 'password']);
    });

    it('tells a subscriber apart and lists the subscriptions for the redirects', async () => {
      const user = await createUser(t.prisma, { password: PASSWORD, plan: 'tenantad-79kr-14days', now: t.clock.now() });
      const res = await t.request('POST', '/api/auth/login', { email: user.email, password: PASSWORD }, from(ip()));
      expect(res.body.user.subscriber).toBe(true);
      expect(res.body.user.subscriptions).toEqual([expect.objectContaining({ plan: 'tenantad-79kr-14days', status: 'ACTIVE', active: true, renew: true })]);
    });

    it('GET /api/users/me answers 401 without a token, with a tampered one, and with an expired one', async () => {
      expect((await t.request('GET', '/api/users/me')).status).toBe(401);
      expect((await t.request('GET', '/api/users/me', undefined, bearer('x.y.z'))).status).toBe(401);
      const { token } = await signup();
      const [h, p] = token.split('.');
      expect((await t.request('GET', '/api/users/me', undefined, bearer(`${h}.${p}.AAAA`))).status).toBe(401);
      const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
      expect((await t.request('GET', '/api/users/me', undefined, bearer(unsigned))).status).toBe(401);
      expect((await t.request('GET', '/api/users/me', undefined, bearer(token))).status).toBe(200);
    });

    it('throttles 10 failures per account in 15 minutes with 429, before checking the password, and lets go after the window', async () => {
      const user = await createUser(t.prisma, { password: PASSWORD });
      for (let i = 0; i < 10; i++) {
        expect((await t.request('POST', '/api/auth/login', { email: user.email, password: `forkert-${i}` }, from(ip()))).status).toBe(401);
      }
      const blocked = await t.request('POST', '/api/auth/login', { email: user.email, password: PASSWORD }, from(ip()));
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe(THROTTLE_MESSAGES.da);
      const english = await t.request('POST', '/api/auth/login', { email: user.email, password: PASSWORD }, from(ip(), { host: 'en.localhost' }));
      expect(english.body.message).toBe(THROTTLE_MESSAGES.en);

      t.clock.advance(15 * MINUTE + 1000);
      expect((await t.request('POST', '/api/auth/login', { email: user.email, password: PASSWORD }, from(ip()))).status).toBe(200);
    });

    it('throttles 10 failures per IP across accounts, and only that IP', async () => {
      const address = ip();
      for (let i = 0; i < 10; i++) {
        expect((await t.request('POST', '/api/auth/login', { email: email(), password: 'x' }, from(address))).status).toBe(401);
      }
      const user = await createUser(t.prisma, { password: PASSWORD });
      expect((await t.request('POST', '/api/auth/login', { email: user.email, password: PASSWORD }, from(address))).status).toBe(429);
      expect((await t.request('POST', '/api/auth/login', { email: user.email, password: PASSWORD }, from(ip()))).status).toBe(200);
    });

    it('stores session prefs from the login body and the bn.prf cookie as a verified boligagent, skipping defaults and unknown areas', async () => {
      const [a, b] = [await createCity(t.prisma), await createCity(t.prisma)];
      const user = await createUser(t.prisma, { password: PASSWORD });
      const cookie = `bn.prf=${serializeSessionPrefsCookie([{ area: b.slug, rent: 14000, rooms: 1, size: 10 }])}; other=1`;
      const res = await t.request(
        'POST',
        '/api/auth/login',
        { email: user.email, password: PASSWORD, prefs: [{ area: a.slug, rent: 6500, rooms: 3, size: 60 }, { area: null, rent: 14000 }, { area: 'findes-ikke', rent: 5000 }] },
        from(ip(), { cookie }),
      );
      expect(res.status).toBe(200);
      const agent = await t.prisma.boligagent.findUniqueOrThrow({ where: { userId: user.id }, include: { prefs: { include: { city: true } } } });
      expect(agent.email).toBe(user.email);
      expect(agent.verifiedAt).not.toBeNull();
      const prefs = agent.prefs.map((p) => [p.city.slug, p.rent, p.rooms, p.size, p.status]).sort();
      expect(prefs).toEqual([[a.slug, 8000, 3, 60, 'ACTIVE'], [b.slug, null, null, null, 'ACTIVE']].sort());
    });

    it('saved prefs adopted by two logins at once (two tabs) give one boligagent holding them', async () => {
      const city = await createCity(t.prisma);
      const user = await createUser(t.prisma, { password: PASSWORD });
      const prefs = [{ area: city.slug, rent: 6500, rooms: 2, size: 50 }];
      // The service itself, as each login calls it after the password check: the logins' hashing spaces
      // them out too much to meet here on their own.
      const adopted = await Promise.all(Array.from({ length: 6 }, () => t.app.get(SessionPrefsService).adopt(user.id, prefs)));
      const agents = await t.prisma.boligagent.findMany({ where: { userId: user.id }, include: { prefs: true } });
      expect(agents).toHaveLength(1);
      expect(new Set(adopted.map((a) => a.boligagentId))).toEqual(new Set([agents[0].id]));
      expect(agents[0].prefs.map((p) => [p.cityId, p.rent])).toEqual([[city.id, 8000]]);
    });

    it('signup stores sessionPrefs on an agent of its own that mails only once the address is verified', async () => {
      const city = await createCity(t.prisma);
      const { email: address, user } = await signup({ sessionPrefs: [{ area: city.slug, rent: 6500 }] });
      const agent = await t.prisma.boligagent.findUniqueOrThrow({ where: { userId: user.id }, include: { prefs: true } });
      expect(agent).toMatchObject({ email: address, verifiedAt: null });
      expect(agent.prefs.map((p) => [p.cityId, p.rent, p.status])).toEqual([[city.id, 8000, 'ACTIVE']]);
      const link = linkToken((await mailsTo(address))[0], '/profile/verify');
      expect((await t.request('GET', `/api/users/verify?token=${link}`)).status).toBe(200);
      expect((await t.prisma.boligagent.findUniqueOrThrow({ where: { id: agent.id } })).verifiedAt).not.toBeNull();
    });

    it('a visitor agent of the address is claimed when the account verifies it, not at signup (issue 12 §4)', async () => {
      const city = await createCity(t.prisma);
      const other = await createCity(t.prisma);
      const third = await createCity(t.prisma);
      const address = email();
      const visitorAgent = await t.prisma.boligagent.create({
        data: { email: address, token: unique() + unique(), prefs: { create: [{ cityId: city.id, rent: 4000 }, { cityId: third.id, status: 'INACTIVE' }] } },
        include: { prefs: true },
      });
      const { user, token } = await signup({ email: address.toUpperCase(), sessionPrefs: [{ area: city.slug, rent: 6500 }, { area: other.slug, rooms: 2 }] });
      // Signup proved nothing: the visitor agent is untouched, the user's own agent waits for verification.
      expect(await t.prisma.boligagent.findUniqueOrThrow({ where: { id: visitorAgent.id }, include: { prefs: true } })).toEqual(visitorAgent);
      const own = await t.prisma.boligagent.findUniqueOrThrow({ where: { userId: user.id } });
      expect(own.verifiedAt).toBeNull();
      expect(own.id).not.toBe(visitorAgent.id);

      const link = linkToken((await mailsTo(address))[0], '/profile/verify');
      expect((await t.request('POST', '/api/users/me/verify-email', { token: link }, bearer(token))).status).toBe(200);
      // Merged into the user's agent: the user's areas win, the visitor's others move over as they were.
      expect(await t.prisma.boligagent.findUnique({ where: { id: visitorAgent.id } })).toBeNull();
      const merged = await t.prisma.boligagent.findUniqueOrThrow({ where: { id: own.id }, include: { prefs: true } });
      expect(merged.verifiedAt).not.toBeNull();
      expect(merged.prefs.map((p) => [p.cityId, p.rent, p.rooms, p.status]).sort()).toEqual(
        [[city.id, 8000, null, 'ACTIVE'], [other.id, null, 2, 'ACTIVE'], [third.id, null, null, 'INACTIVE']].sort(),
      );
    });

    it('without an agent of its own, the verified account takes the visitor agent over as it is', async () => {
      const city = await createCity(t.prisma);
      const address = email();
      const visitorAgent = await t.prisma.boligagent.create({ data: { email: address, token: unique() + unique(), prefs: { create: { cityId: city.id } } } });
      const { user } = await signup({ email: address });
      expect((await t.prisma.boligagent.findUniqueOrThrow({ where: { id: visitorAgent.id } })).userId).toBeNull();
      const link = linkToken((await mailsTo(address))[0], '/profile/verify');
      expect((await t.request('GET', `/api/users/verify?token=${link}`)).status).toBe(200);
      const claimed = await t.prisma.boligagent.findUniqueOrThrow({ where: { id: visitorAgent.id } });
      expect(claimed.userId).toBe(user.id);
      expect(claimed.verifiedAt).not.toBeNull();
    });

    it('an email change moves the agent to the new address only once that address is verified', async () => {
      const city = await createCity(t.prisma);
      const { token, email: oldAddress } = await signup({ sessionPrefs: [{ area: city.slug }] });
      await t.request('GET', `/api/users/verify?token=${linkToken((await mailsTo(oldAddress))[0], '/profile/verify')}`);
      const newAddress = email();
      expect((await t.request('POST', '/api/users/me/email', { email: newAddress }, { ...bearer(token), ...from(ip()) })).status).toBe(200);
      const before = (await t.request('GET', '/api/boligagents', undefined, bearer(token))).body.agent;
      expect(before).toMatchObject({ email: oldAddress, verified: true });
      await t.request('GET', `/api/users/verify?token=${linkToken((await mailsTo(newAddress))[0], '/profile/verify')}`);
      expect((await t.request('GET', '/api/boligagents', undefined, bearer(token))).body.agent).toMatchObject({ id: before.id, email: newAddress, verified: true });
    });

    it('refuses display-name forms of an address at signup and email change (they are not new addresses)', async () => {
      const victim = email();
      const res = await t.request('POST', '/api/users', signupBody({ email: `x<${victim}>` }), from(ip()));
      expect(res.status).toBe(422);
      expect(res.body.errors).toContainEqual({ path: 'email', message: SIGNUP_MESSAGES.serverBlank });
      const { token } = await signup();
      const change = await t.request('POST', '/api/users/me/email', { email: `"Ida" <${victim}>` }, { ...bearer(token), ...from(ip()) });
      expect(change.status).toBe(422);
      expect(change.body.errors[0].path).toBe('email');
      expect(await t.prisma.user.count({ where: { email: { in: [victim, `x<${victim}>`, `"ida" <${victim}>`] } } })).toBe(0);
    });
  });

  describe('password reset', () => {
    it('answers the same for known and unknown addresses, and mails only the known one', async () => {
      const user = await createUser(t.prisma, { password: PASSWORD });
      const stranger = email();
      const known = await t.request('PUT', '/api/users/reset-password', { email: user.email }, from(ip()));
      const unknown = await t.request('PUT', '/api/users/reset-password', { email: stranger }, from(ip()));
      expect([known.status, unknown.status]).toEqual([200, 200]);
      expect(known.text).toBe(unknown.text);
      expect(known.body).toEqual({ ok: true });
      const [mail] = await mailsTo(user.email!);
      expect(mail.subject).toBe('Nulstil din adgangskode hos Husly');
      await t.app.get(JobQueue).drain();
      expect(await mailsTo(stranger, 0)).toEqual([]);
    });

    it('the mailed link logs in once and lets the user set a new password; the old one stops working', async () => {
      const user = await createUser(t.prisma, { password: PASSWORD });
      await t.request('PUT', '/api/users/reset-password', { email: user.email }, from(ip()));
      const token = linkToken((await mailsTo(user.email!))[0], '/reset-password');
      const stored = await t.prisma.userToken.findFirstOrThrow({ where: { userId: user.id, kind: 'PASSWORD_RESET' } });
      expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeLessThanOrEqual(30 * MINUTE);

      const verified = await t.request('POST', '/api/users/verify-password', { data: { token } });
      expect(verified.status).toBe(200);
      expect(verified.body.user.id).toBe(user.id);
      const again = await t.request('POST', '/api/users/verify-password', { data: { token } });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe(ERROR_MESSAGES.tokenNotRecognised);

      const mismatch = await t.request('PUT', '/api/users/me/set-password', { password: 'ny-kode-2026', repeat: 'ny-kode-2027' }, bearer(verified.body.token));
      expect(mismatch.status).toBe(422);
      expect(mismatch.body.errors).toEqual([{ path: 'repeat', message: 'Øv! Adgangskoderne matcher ikke. Prøv venligst igen.' }]);
      const short = await t.request('PUT', '/api/users/me/set-password', { password: 'ab' }, bearer(verified.body.token));
      expect(short.body.errors[0].message).toBe(VALIDATION_MESSAGES['password-too-short'].da);

      const set = await t.request('PUT', '/api/users/me/set-password', { password: 'ny-kode-2026', repeat: 'ny-kode-2026' }, bearer(verified.body.token));
      expect(set.status).toBe(200);
      expect((await t.request('POST', '/api/auth/login', { email: user.email, password: PASSWORD }, from(ip()))).status).toBe(401);
      expect((await t.request('POST', '/api/auth/login', { email: user.email, password: 'ny-kode-2026' }, from(ip()))).status).toBe(200);
    });

    it('a reset link expires after 30 minutes', async () => {
      const user = await createUser(t.prisma, { password: PASSWORD });
      await t.request('PUT', '/api/users/reset-password', { email: user.email }, from(ip()));
      const token = linkToken((await mailsTo(user.email!))[0], '/reset-password');
      t.clock.advance(30 * MINUTE + 1000);
      expect((await t.request('POST', '/api/users/verify-password', { data: { token } })).status).toBe(400);
    });

    it('a verification link expires after 7 days', async () => {
      const { email: address } = await signup();
      const token = linkToken((await mailsTo(address))[0], '/profile/verify');
      t.clock.advance(7 * 24 * 3600_000 + 1000);
      const res = await t.request('GET', `/api/users/verify?token=${token}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(ERROR_MESSAGES.tokenNotRecognised);
    });

    it('set-password without a reset link needs a user without a password: 403 otherwise', async () => {
      const { token } = await signup();
      const res = await t.request('PUT', '/api/users/me/set-password', { password: 'ny-kode' }, bearer(token));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(ERROR_MESSAGES.actionFailed);
    });

    it('limits reset requests per address (5 an hour), for unknown addresses alike', async () => {
      for (const address of [email(), (await createUser(t.prisma)).email!]) {
        for (let i = 0; i < 5; i++) expect((await t.request('PUT', '/api/users/reset-password', { email: address }, from(ip()))).status).toBe(200);
        expect((await t.request('PUT', '/api/users/reset-password', { email: address }, from(ip()))).status).toBe(429);
      }
    });

    it('refuses a blank or malformed address with 422', async () => {
      const res = await t.request('PUT', '/api/users/reset-password', { email: 'ikke-en-adresse' }, from(ip()));
      expect(res.status).toBe(422);
      expect(res.body.errors[0].path).toBe('email');
    });
  });

  describe('one password rule (issue 15: signup took "ab", a change took "x")', () => {
    it('signup and change refuse a short or common password, in the language asked for, and save nothing', async () => {
      const address = email();
      const short = await t.request('POST', '/api/users', signupBody({ email: address, password: 'ab', repeatPassword: 'ab' }), from(ip()));
      expect(short.status).toBe(422);
      expect(short.body.errors).toContainEqual({ path: 'password', message: VALIDATION_MESSAGES['password-too-short'].da });
      const common = await t.request('POST', '/api/users', signupBody({ email: address, password: 'Password1', repeatPassword: 'Password1' }), from(ip(), { host: 'en.localhost' }));
      expect(common.status).toBe(422);
      expect(common.body.errors).toContainEqual({ path: 'password', message: VALIDATION_MESSAGES['password-too-common'].en });
      expect(await t.prisma.user.count({ where: { email: address } })).toBe(0);
      const tooLong = await t.request('POST', '/api/users', signupBody({ email: address, password: 'ab'.repeat(65), repeatPassword: 'ab'.repeat(65) }), from(ip()));
      expect(tooLong.body.errors).toContainEqual({ path: 'password', message: VALIDATION_MESSAGES['password-too-long'].da });
      // A long pass phrase is welcome.
      const phrase = 'min kat hedder Mis og bor i Aarhus';
      await signup({ email: address, password: phrase, repeatPassword: phrase });

      const { token, email: changer } = await signup();
      const x = await t.request('POST', '/api/users/me/pass', { newPassword: 'x', repeat: 'x', oldPassword: PASSWORD }, bearer(token));
      expect(x.status).toBe(422);
      expect(x.body.errors).toContainEqual({ path: 'newPassword', message: VALIDATION_MESSAGES['password-too-short'].da });
      const qwerty = await t.request('POST', '/api/users/me/pass', { newPassword: 'qwertyuiop', repeat: 'qwertyuiop', oldPassword: PASSWORD }, bearer(token));
      expect(qwerty.body.errors).toContainEqual({ path: 'newPassword', message: VALIDATION_MESSAGES['password-too-common'].da });
      // Refused changes left the old password in place.
      expect((await t.request('POST', '/api/auth/login', { email: changer, password: PASSWORD }, from(ip()))).status).toBe(200);
    });
  });

  describe('profile', () => {
    it('changes the password with the current one; wrong current → 422, missing or unequal → the spec messages', async () => {
      const { token, email: address } = await signup();
      const missing = await t.request('POST', '/api/users/me/pass', { newPassword: '', oldPassword: PASSWORD }, bearer(token));
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toContainEqual({ path: 'newPassword', message: 'Adgangskoden mangler.' });
      const unequal = await t.request('POST', '/api/users/me/pass', { newPassword: 'abc-def-gh', repeat: 'abc-xyz-gh', oldPassword: PASSWORD }, bearer(token));
      expect(unequal.body.errors).toContainEqual({ path: 'repeat', message: 'Hovsa! Adgangskoderne er ikke ens. Prøv venligst igen.' });
      const noOld = await t.request('POST', '/api/users/me/pass', { newPassword: 'abc-def-gh' }, bearer(token));
      expect(noOld.body.errors).toContainEqual({ path: 'oldPassword', message: VALIDATION_MESSAGES['old-password-required'].da });
      const wrong = await t.request('POST', '/api/users/me/pass', { newPassword: 'abc-def-gh', oldPassword: 'forkert' }, bearer(token));
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toEqual([{ path: 'oldPassword', message: 'This password is not correct.' }]);
      const ok = await t.request('POST', '/api/users/me/pass', { newPassword: 'abc-def-gh', repeat: ' abc-def-gh ', oldPassword: PASSWORD }, bearer(token));
      expect(ok.status).toBe(200);
      expect((await t.request('POST', '/api/auth/login', { email: address, password: 'abc-def-gh' }, from(ip()))).status).toBe(200);
      expect((await t.request('POST', '/api/users/me/pass', { newPassword: 'x' })).status).toBe(401);
    });

    it('changes the name under the name rules', async () => {
      const { token } = await signup();
      const bad = await t.request('POST', '/api/users/me/change-name', { name: 'Mette (Hansen)' }, bearer(token));
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual([{ path: 'name', message: VALIDATION_MESSAGES['name-invalid-characters'].da }]);
      const long = await t.request('POST', '/api/users/me/change-name', { name: 'B'.repeat(51) }, bearer(token));
      expect(long.body.errors[0].message).toBe(VALIDATION_MESSAGES['name-too-long'].da);
      const ok = await t.request('POST', '/api/users/me/change-name', { name: '  Mette Søgaard ' }, bearer(token));
      expect(ok.status).toBe(200);
      expect(ok.body.user.name).toBe('Mette Søgaard');
      const hyphen = await t.request('POST', '/api/users/me/change-name', { name: 'Anne-Mette Søgaard' }, bearer(token));
      expect(hyphen.status).toBe(200);
      expect(hyphen.body.user.name).toBe('Anne-Mette Søgaard');
      const trailing = await t.request('POST', '/api/users/me/change-name', { name: 'Anne-Mette-' }, bearer(token));
      expect(trailing.status).toBe(422);
    });

    it('changes the email: format rule, "already in use", then unverified until the new address is confirmed', async () => {
      const { token, email: oldAddress } = await signup();
      const verifyOld = linkToken((await mailsTo(oldAddress))[0], '/profile/verify');
      await t.request('GET', `/api/users/verify?token=${verifyOld}`);
      const taken = (await createUser(t.prisma)).email!;

      const invalid = await t.request('POST', '/api/users/me/email', { email: 'mette@husly.d' }, bearer(token));
      expect(invalid.status).toBe(422);
      expect(invalid.body.errors[0].path).toBe('email');
      const inUse = await t.request('POST', '/api/users/me/email', { email: taken.toUpperCase() }, bearer(token));
      expect(inUse.status).toBe(422);
      expect(inUse.body.message).toBe('The specified email address is already in use.');
      expect(inUse.body.errors).toEqual([{ path: 'email', message: 'The specified email address is already in use.' }]);

      const newAddress = email();
      const changed = await t.request('POST', '/api/users/me/email', { email: newAddress }, bearer(token));
      expect(changed.status).toBe(200);
      expect(changed.body.user).toMatchObject({ email: newAddress, status: false });
      const notice = (await mailsTo(oldAddress, 2)).find((m) => m.subject === 'Din email-adresse hos Husly er ændret');
      expect(notice?.text).toContain(newAddress);
      // The link sent to the old address earlier cannot verify the new one.
      const link = linkToken((await mailsTo(newAddress))[0], '/profile/verify');
      const wrongUser = await signup();
      expect((await t.request('POST', '/api/users/me/verify-email', { token: link }, bearer(wrongUser.token))).status).toBe(400);
      const link2 = await (async () => {
        await t.request('POST', '/api/users/me/resend-verification', { email: newAddress }, bearer(token));
        const mails = await mailsTo(newAddress, 2);
        return linkToken(mails[mails.length - 1], '/profile/verify');
      })();
      const verified = await t.request('POST', '/api/users/me/verify-email', { token: link2 }, bearer(token));
      expect(verified.status).toBe(200);
      expect(verified.body.user.status).toBe(true);
    });

    it('resend refuses another address than the user\'s own', async () => {
      const { token } = await signup();
      const res = await t.request('POST', '/api/users/me/resend-verification', { email: email() }, bearer(token));
      expect(res.status).toBe(422);
    });

    it('records a change of consent with its time', async () => {
      const { token, user } = await signup({ consent_communication: false });
      expect(user.consentCommunicationAt).toBeNull();
      const before = t.clock.now().getTime();
      const res = await t.request('POST', '/api/users/me/consent', { consent: true }, bearer(token));
      expect(res.body.user.consentCommunication).toBe(true);
      const at = Date.parse(res.body.user.consentCommunicationAt);
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at).toBeLessThanOrEqual(t.clock.now().getTime());
    });
  });

  describe("the user's own data", () => {
    async function userWithEverything() {
      const { token, user, email: address } = await signup({ sessionPrefs: [] });
      const city = await createCity(t.prisma);
      await t.app.get(SessionPrefsService).adopt(user.id, [{ area: city.slug, rent: 7000 }]);
      const subscription = await subscribe(t.prisma, user.id, 'tenantad-79kr-14days', t.clock.now());
      const transaction = await t.prisma.transaction.create({
        data: { userId: user.id, subscriptionId: subscription.id, amount: 7900, vat: 1580, customerName: 'Mette Hansen', customerCity: 'Aarhus', company: { name: 'Husly ApS' }, lines: { create: { label: 'Boligsøgerannonce', price: 6320, vat: 1580, subtotal: 7900 } } },
      });
      await t.prisma.userMeta.create({ data: { userId: user.id, identifier: 'favouriteColour', value: 'grøn' } });
      await t.prisma.tenantProfile.create({ data: { userId: user.id, name: 'Mette Hansen', email: address, cityId: city.id } });
      await t.prisma.event.create({ data: { userId: user.id, type: 'subscription/cancel-abort' } });
      await t.prisma.notificationLog.create({ data: { userId: user.id, source: 'boligagent', type: 'click' } });
      await t.prisma.unsubscription.create({ data: { userId: user.id, name: 'Mette Hansen', email: address, phone: '12345678', reason: 'FOUND_DWELLING' } });
      // The verification mail is sent by the queue: its sent_mails row arrives once it has left.
      await sentMailsTo(address);
      return { token, user, address, transaction, city };
    }

    /** The sent_mails rows of an address, waiting until `count` are there. */
    async function sentMailsTo(address: string, count = 1) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const rows = await t.prisma.sentMail.findMany({ where: { recipient: address.toLowerCase() } });
        if (rows.length >= count) return rows;
        if (Date.now() > deadline) throw new Error(`${rows.length} of ${count} sent_mails rows for ${address}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }

    it('exports everything stored about the user as JSON, without secrets', async () => {
      const { token, user, address, city, transaction } = await userWithEverything();
      const [verification] = await sentMailsTo(address);
      // Mails to an address not yet proven the user's are not handed out: it may be someone else's.
      expect((await t.request('GET', '/api/users/me/export', undefined, bearer(token))).body.sentMails).toEqual([]);
      await t.prisma.user.update({ where: { id: user.id }, data: { emailVerified: true, emailVerifiedAt: t.clock.now() } });
      const res = await t.request('GET', '/api/users/me/export', undefined, bearer(token));
      expect(res.status).toBe(200);
      expect(String(res.headers['content-disposition'])).toContain('attachment');
      const data = res.body;
      expect(data.profile).toMatchObject({ email: address, name: 'Mette Hansen', hasPassword: true, consentCommunication: true });
      expect(data.profile.meta).toEqual([expect.objectContaining({ identifier: 'favouriteColour', value: 'grøn' })]);
      expect(data.boligagent.prefs).toEqual([expect.objectContaining({ rent: 8000, city: { slug: city.slug, label: city.label } })]);
      expect(data.profile.subscriptions).toHaveLength(1);
      expect(data.profile.transactions).toEqual([expect.objectContaining({ orderno: transaction.orderno, customerName: 'Mette Hansen' })]);
      expect(data.profile.tenantProfile).toMatchObject({ email: address });
      expect(data.profile.events).toHaveLength(1);
      expect(data.profile.notificationLogs).toHaveLength(1);
      expect(data.profile.unsubscriptions).toHaveLength(1);
      expect(data.profile.contactFetches).toEqual([]);
      expect(res.text).not.toContain('argon2');
      expect(res.text).not.toContain('passwordHash');
      expect(data.boligagent.token).toBeUndefined();
      expect(data.boligagent.unsubscribeToken).toBeUndefined();
      expect(data.sentMails).toEqual([{ subject: verification.subject, messageId: verification.messageId, sentAt: verification.sentAt.toISOString() }]);
    });

    it('deletion anonymises the user, removes personal data, keeps the invoices, and the token stops working', async () => {
      const { token, user, address, transaction } = await userWithEverything();
      await t.prisma.pushSubscription.create({ data: { endpoint: `https://fcm.googleapis.com/fcm/send/deleted-${user.id}`, p256dh: 'B'.repeat(87), auth: 'a'.repeat(22), userId: user.id } });
      expect((await t.request('DELETE', '/api/users/me')).status).toBe(401);
      const res = await t.request('DELETE', '/api/users/me', undefined, bearer(token));
      expect(res.status).toBe(204);

      expect((await t.request('GET', '/api/users/me', undefined, bearer(token))).status).toBe(401);
      const row = await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
      expect(row).toMatchObject({ email: null, passwordHash: null, name: 'Slettet bruger', consentCommunication: false });
      expect(row.deletedAt).not.toBeNull();
      const kept = await t.prisma.transaction.findUniqueOrThrow({ where: { id: transaction.id }, include: { lines: true } });
      expect(kept).toMatchObject({ userId: user.id, customerName: 'Mette Hansen', customerCity: 'Aarhus', amount: 7900 });
      expect(kept.lines).toHaveLength(1);
      const where = { userId: user.id };
      expect(await Promise.all([t.prisma.userToken.count({ where }), t.prisma.userMeta.count({ where }), t.prisma.boligagent.count({ where }), t.prisma.tenantProfile.count({ where }), t.prisma.event.count({ where }), t.prisma.notificationLog.count({ where }), t.prisma.unsubscription.count({ where })])).toEqual([0, 0, 0, 0, 0, 0, 0]);
      expect(await t.prisma.subscription.count({ where: { userId: user.id, renew: true } })).toBe(0);
      expect(await t.prisma.pushSubscription.count({ where })).toBe(0);
      expect(await t.prisma.sentMail.count({ where: { recipient: address } })).toBe(0);

      const login = await t.request('POST', '/api/auth/login', { email: address, password: PASSWORD }, from(ip()));
      expect(login.body.message).toBe(LOGIN_MESSAGES.emailNotRegistered);
      // The address is free for a new profile.
      expect((await t.request('POST', '/api/users', signupBody({ email: address }), from(ip()))).status).toBe(201);
    });

    it('two deletions at once delete the account once, with the mails sent to it and no one else\'s', async () => {
      const { token, user, address } = await userWithEverything();
      const other = await signup();
      await sentMailsTo(other.email);
      const statuses = await Promise.all([1, 2].map(() => t.request('DELETE', '/api/users/me', undefined, bearer(token)).then((r) => r.status)));
      // The second is 204 when both passed the login check before either committed, else 401.
      expect(statuses).toContain(204);
      expect(statuses.every((s) => s === 204 || s === 401)).toBe(true);
      expect(await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ email: null, name: 'Slettet bruger' });
      expect(await t.prisma.sentMail.count({ where: { recipient: address } })).toBe(0);
      expect(await t.prisma.sentMail.count({ where: { recipient: other.email } })).toBe(1);
    });
  });

  describe('Facebook login', () => {
    it('is off without keys: providers says so and the route is 404', async () => {
      expect((await t.request('GET', '/api/auth/providers')).body).toEqual({ facebook: false });
      expect((await t.request('GET', '/api/auth/facebook')).status).toBe(404);
      expect((await t.request('GET', '/api/auth/facebook/callback?code=x')).status).toBe(404);
    });

    it('finds or creates the user of a Facebook identity; a new one has no password (missingPw) and may set one', async () => {
      const social = t.app.get(SocialLoginService);
      const facebookId = `fb-${unique()}`;
      const id = await social.facebookUser({ facebookId, email: null, name: 'Jens-Ole (Facebook) Jensen -' }, 'da');
      expect(await social.facebookUser({ facebookId, email: null, name: 'x' }, 'da')).toBe(id);
      const row = await t.prisma.user.findUniqueOrThrow({ where: { id }, include: { meta: true } });
      expect(row).toMatchObject({ email: null, name: 'Jens-Ole Facebook Jensen', passwordHash: null, facebookId });
      expect(row.meta).toEqual([expect.objectContaining({ identifier: 'missingPw' })]);

      const existing = await createUser(t.prisma, { password: PASSWORD });
      expect(await social.facebookUser({ facebookId: `fb-${unique()}`, email: existing.email, name: 'x' }, 'da')).toBe(existing.id);
    });
  });

  describe('with an SMTP relay that fails once', () => {
    let sink: SmtpSink;
    let smtp: TestApp;
    beforeAll(async () => {
      sink = await startSmtpSink();
      smtp = await createTestApp({ env: { SMTP_URL: sink.url } });
    });
    afterAll(async () => {
      await smtp.close();
      await sink.close();
    });

    it('signup still answers at once, and the verification mail arrives on the queue\'s retry', async () => {
      sink.failNext(1);
      const address = email();
      const res = await smtp.request('POST', '/api/users', signupBody({ email: address }), from(ip()));
      expect(res.status).toBe(201);
      const [mail] = await sink.waitFor(1, 30_000);
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(address);
      expect(mail.subject).toBe('Bekræft din email-adresse hos Husly');
      expect(mail.html).toContain('/profile/verify?token=');
    });
  });

  describe('Facebook login configured', () => {
    let fb: TestApp;
    beforeAll(async () => (fb = await createTestApp({ env: { FACEBOOK_APP_ID: '1234567890', FACEBOOK_APP_SECRET: 'secret-secret' } })));
    afterAll(() => fb.close());

    it('reports the provider and sends the browser to the Facebook dialog with a state cookie', async () => {
      expect((await fb.request('GET', '/api/auth/providers')).body).toEqual({ facebook: true });
      const res = await fb.request('GET', '/api/auth/facebook?next=/profile/boligagent');
      expect(res.status).toBe(302);
      const location = new URL(String(res.headers.location));
      expect(location.host).toBe('www.facebook.com');
      expect(location.searchParams.get('client_id')).toBe('1234567890');
      expect(location.searchParams.get('redirect_uri')).toBe(`${fb.config.http.publicUrl}/api/auth/facebook/callback`);
      expect(String(res.headers['set-cookie'])).toContain(`bn.fbstate=${location.searchParams.get('state')}`);
      expect(res.headers['set-cookie']).toBe(`bn.fbstate=${location.searchParams.get('state')}|da|/profile/boligagent; Max-Age=600; Path=/api/auth/facebook; HttpOnly; SameSite=Lax`);
    });

    it('a callback without the matching state goes back to /login?social=failed', async () => {
      const res = await fb.request('GET', '/api/auth/facebook/callback?code=abc&state=forged');
      expect(res.status).toBe(302);
      expect(String(res.headers.location)).toBe(`${fb.config.http.publicUrl}/login?social=failed`);
      expect(res.headers['set-cookie']).toBe('bn.fbstate=; Max-Age=0; Path=/api/auth/facebook; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax');
    });

    it('a state cookie that does not decode goes back to /login?social=failed too, never a 500', async () => {
      const res = await fb.request('GET', '/api/auth/facebook/callback?code=abc&state=forged', undefined, { cookie: 'bn.fbstate=abc|%E0%A4%A|/%ZZ' });
      expect(res.status).toBe(302);
      expect(String(res.headers.location)).toBe(`${fb.config.http.publicUrl}/login?social=failed`);
    });
  });

  // Behind TLS (PUBLIC_URL https) every cookie we write is Secure, so it never travels over plain http.
  describe('on an https address', () => {
    let tls: TestApp;
    beforeAll(async () => (tls = await createTestApp({ env: { PUBLIC_URL: 'https://husly.example', FACEBOOK_APP_ID: '1234567890', FACEBOOK_APP_SECRET: 'secret-secret' } })));
    afterAll(() => tls.close());

    it('the login\'s device cookie and the Facebook state cookie, set and cleared, are Secure', async () => {
      const user = await createUser(tls.prisma, { password: PASSWORD });
      const login = await tls.request('POST', '/api/auth/login', { email: user.email, password: PASSWORD }, from(ip()));
      expect(login.status).toBe(200);
      const device = [login.headers['set-cookie']].flat().find((c) => typeof c === 'string' && c.startsWith(`${COOKIES.device.name}=`));
      expect(device).toMatch(new RegExp(`^${COOKIES.device.name}=[^;]+; Max-Age=${COOKIES.device.maxAgeSeconds}; Path=/api/auth/login; HttpOnly; Secure; SameSite=Strict$`));

      const start = await tls.request('GET', '/api/auth/facebook?next=/profile');
      const state = new URL(String(start.headers.location)).searchParams.get('state');
      expect(start.headers['set-cookie']).toBe(`bn.fbstate=${state}|da|/profile; Max-Age=600; Path=/api/auth/facebook; HttpOnly; Secure; SameSite=Lax`);
      const back = await tls.request('GET', '/api/auth/facebook/callback?code=abc&state=forged');
      expect(back.headers['set-cookie']).toBe('bn.fbstate=; Max-Age=0; Path=/api/auth/facebook; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax');
    });
  });
});
