import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../../common/auth/token.service';
import { createUser } from '../../../test/factories';
import { adminCookieOf, adminUser, adminWithSession, codeAt } from '../../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { AdminAccessService, AdminCliError } from './admin-access.service';

// Issue 33: the desk's door, and how it is abused. Every admin route is a 404 to whoever is not an
// admin with an open session, word for word the 404 of a path no route claims; the second factor is a
// TOTP code that is good once; sessions are short and end with a logout, a revoke, a block or a
// password change; and what admins do is written to a log nobody can change.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

const bearerOf = (userId: number, sessionVersion = 0) => `Bearer ${t.app.get(TokenService).issue(userId, { sessionVersion })}`;

/** Every route of the desk, with a body where it takes one. */
const DESK_ROUTES: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
  ['GET', '/api/admin/users?q=someone'],
  ['GET', '/api/admin/users/1'],
  ['POST', '/api/admin/users/1/mails', { kind: 'verification' }],
  ['PUT', '/api/admin/users/1/blocked', { blocked: true }],
  ['PUT', '/api/admin/users/1/tenant-ad/hidden', { hidden: true }],
  ['POST', '/api/admin/subscriptions/6f1c1f9e-3f43-4f0e-9a3e-0d6f6c1f0a11/cancel', {}],
  ['POST', '/api/admin/subscriptions/6f1c1f9e-3f43-4f0e-9a3e-0d6f6c1f0a11/withdraw', {}],
  ['POST', '/api/admin/receipts/1/refund', {}],
  ['GET', '/api/admin/alerts'],
  ['POST', '/api/admin/alerts', { key: '6f1c1f9e-3f43-4f0e-9a3e-0d6f6c1f0a11', headline: 'x', text: 'y', views: 1 }],
  ['PUT', '/api/admin/alerts/1', { headline: 'x', text: 'y', views: 1 }],
  ['GET', '/api/admin/feed-imports'],
  ['GET', '/api/admin/boligagent-runs'],
  ['GET', '/api/admin/audit'],
  ['DELETE', '/api/admin/session'],
];

/** Each route answers exactly what a path no route claims answers. */
async function expectAllHidden(headers: Record<string, string>) {
  for (const [method, url, body] of DESK_ROUTES) {
    const res = await t.request(method, url, body, headers);
    expect(res.status, `${method} ${url}`).toBe(404);
    expect(res.body, `${method} ${url}`).toEqual({ statusCode: 404, error: 'Not Found', message: `Cannot ${method} ${url}` });
  }
}

describe('the desk is not there for anyone but an admin with a second factor', () => {
  it("a path no route claims answers the same 404 the desk's routes give a stranger", async () => {
    const unknown = await t.request('GET', '/api/admin/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Cannot GET /api/admin/nothing-here' });
  });

  it('a visitor gets 404 everywhere, /me and the session door too', async () => {
    await expectAllHidden({});
    expect((await t.request('GET', '/api/admin/me')).status).toBe(404);
    expect((await t.request('POST', '/api/admin/session', { code: '123456' })).status).toBe(404);
  });

  it('a logged-in user who is no admin gets 404 everywhere, whatever cookie they bring', async () => {
    const user = await createUser(t.prisma);
    const headers = { authorization: bearerOf(user.id), cookie: 'husly_admin=made-up-value' };
    await expectAllHidden(headers);
    expect((await t.request('GET', '/api/admin/me', undefined, headers)).status).toBe(404);
    expect((await t.request('POST', '/api/admin/session', { code: '123456' }, headers)).status).toBe(404);
  });

  it('the gate answers before the body is read: a bad, huge or undecodable body to a desk route is still the plain 404', async () => {
    const fastify = t.app.getHttpAdapter().getInstance();
    for (const [method, url] of DESK_ROUTES.filter(([m]) => m !== 'GET')) {
      for (const headers of [{ 'content-type': 'application/json', 'content-encoding': 'gzip' }, { 'content-type': 'application/x-evil' }]) {
        const res = await fastify.inject({ method, url, headers, payload: 'not what it says it is' });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(404);
        expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: `Cannot ${method} ${url}` });
      }
    }
  });

  it('an admin without the second factor: /me asks for the code, every other route is 404', async () => {
    const admin = await adminUser(t);
    const me = await t.request('GET', '/api/admin/me', undefined, { authorization: admin.bearer() });
    expect(me.status).toBe(401);
    expect(me.body.code).toBe('second-factor-required');
    await expectAllHidden({ authorization: admin.bearer() });
  });

  it('a wrong or malformed code opens nothing; the right one opens a 30-minute HttpOnly, SameSite=Strict session for /api/admin', async () => {
    const admin = await adminUser(t);
    const right = codeAt(t, admin.secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const refused = await t.request('POST', '/api/admin/session', { code: wrong }, { authorization: admin.bearer() });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('second-factor-refused');
    expect(adminCookieOf(refused.headers)).toBeNull();
    for (const code of ['12345', '1234567', 'abcdef', 123456, null]) {
      expect((await t.request('POST', '/api/admin/session', { code }, { authorization: admin.bearer() })).status, String(code)).toBe(400);
    }
    const opened = await t.request('POST', '/api/admin/session', { code: right }, { authorization: admin.bearer() });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ userId: admin.user.id, email: admin.user.email, name: admin.user.name });
    expect(new Date(opened.body.sessionExpiresAt).getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(30 * 60_000);
    const setCookie = String(opened.headers['set-cookie']);
    expect(setCookie).toMatch(/husly_admin=[\w-]{40,};/);
    expect(setCookie).toContain('Path=/api/admin');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Max-Age=1800');
    // The database holds the token's hash only: a copy of the table opens no session.
    const cookie = adminCookieOf(opened.headers) as string;
    expect(await t.prisma.adminSession.count({ where: { id: cookie } })).toBe(0);
    expect(await t.prisma.adminSession.count({ where: { userId: admin.user.id } })).toBe(1);
  });

  it('a code is good once: sent twice at once it opens one session, and replayed later it opens none', async () => {
    const admin = await adminUser(t);
    const code = codeAt(t, admin.secret);
    const both = await Promise.all([1, 2].map(() => t.request('POST', '/api/admin/session', { code }, { authorization: admin.bearer() })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);
    const replay = await t.request('POST', '/api/admin/session', { code }, { authorization: admin.bearer() });
    expect(replay.status).toBe(401);
    expect(await t.prisma.adminSession.count({ where: { userId: admin.user.id } })).toBe(1);
    // An older code (the step before) is no good either once a newer one was used.
    expect((await t.request('POST', '/api/admin/session', { code: codeAt(t, admin.secret, -1) }, { authorization: admin.bearer() })).status).toBe(401);
  });

  it('five wrong codes in a quarter hour, and the sixth attempt is refused even with the right code', async () => {
    const admin = await adminUser(t);
    const right = codeAt(t, admin.secret);
    const wrong = String((Number(right) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) expect((await t.request('POST', '/api/admin/session', { code: wrong }, { authorization: admin.bearer() })).status).toBe(401);
    const sixth = await t.request('POST', '/api/admin/session', { code: right }, { authorization: admin.bearer() });
    expect(sixth.status).toBe(429);
    expect(sixth.headers['retry-after']).toBeDefined();
  });

  it('a desk request needs both the login and the session cookie, of the same user', async () => {
    const admin = await adminWithSession(t);
    expect((await t.request('GET', '/api/admin/users?q=someone', undefined, admin.headers)).status).toBe(200);
    // The cookie alone (a stolen cookie without the login) or the login alone: nothing.
    expect((await t.request('GET', '/api/admin/users?q=someone', undefined, { cookie: admin.headers.cookie })).status).toBe(404);
    expect((await t.request('GET', '/api/admin/users?q=someone', undefined, { authorization: admin.bearer() })).status).toBe(404);
    // Another admin's login with this admin's cookie: nothing.
    const other = await adminUser(t);
    expect((await t.request('GET', '/api/admin/users?q=someone', undefined, { authorization: other.bearer(), cookie: admin.headers.cookie })).status).toBe(404);
    // The login in the token cookie (what Bull Board's own requests carry) counts like the bearer.
    const tokenCookie = admin.bearer().replace('Bearer ', '');
    expect((await t.request('GET', '/api/admin/users?q=someone', undefined, { cookie: `${admin.headers.cookie}; token=${tokenCookie}` })).status).toBe(200);
  });

  it('a replayed session cookie after logging out of the desk opens nothing', async () => {
    const admin = await adminWithSession(t);
    expect((await t.request('DELETE', '/api/admin/session', undefined, admin.headers)).status).toBe(204);
    expect((await t.request('GET', '/api/admin/users?q=someone', undefined, admin.headers)).status).toBe(404);
    const me = await t.request('GET', '/api/admin/me', undefined, admin.headers);
    expect(me.status).toBe(401);
    expect(me.body.code).toBe('second-factor-required');
    // Logging out twice (a double click) ends it once: one audit entry.
    expect((await t.request('DELETE', '/api/admin/session', undefined, admin.headers)).status).toBe(404);
    expect(await t.prisma.adminAuditEntry.count({ where: { adminUserId: admin.user.id, action: 'admin.session.close' } })).toBe(1);
  });

  it('sessions are short: after 30 minutes the cookie opens nothing and /me asks for a new code', async () => {
    const admin = await adminWithSession(t);
    t.clock.advance(30 * 60_000 + 1000);
    try {
      expect((await t.request('GET', '/api/admin/users?q=someone', undefined, admin.headers)).status).toBe(404);
      expect((await t.request('GET', '/api/admin/me', undefined, admin.headers)).body.code).toBe('second-factor-required');
      const again = await t.request('POST', '/api/admin/session', { code: codeAt(t, admin.secret) }, { authorization: admin.bearer() });
      expect(again.status).toBe(200);
    } finally {
      t.clock.advance(-(30 * 60_000 + 1000));
    }
  });

  it('a password change, a revoke or a block ends the open session', async () => {
    const changed = await adminWithSession(t);
    await t.prisma.user.update({ where: { id: changed.user.id }, data: { sessionVersion: { increment: 1 } } });
    const fresh = { authorization: bearerOf(changed.user.id, 1), cookie: changed.headers.cookie };
    expect((await t.request('GET', '/api/admin/users?q=someone', undefined, fresh)).status).toBe(404);

    const revoked = await adminWithSession(t);
    expect(await t.app.get(AdminAccessService).revoke(revoked.user.email as string)).toBe(true);
    expect((await t.request('GET', '/api/admin/users?q=someone', undefined, revoked.headers)).status).toBe(404);
    expect((await t.request('GET', '/api/admin/me', undefined, revoked.headers)).status).toBe(404);

    const blocker = await adminWithSession(t);
    const blocked = await adminWithSession(t);
    expect((await t.request('PUT', `/api/admin/users/${blocked.user.id}/blocked`, { blocked: true }, blocker.headers)).status).toBe(204);
    expect((await t.request('GET', '/api/admin/users?q=someone', undefined, blocked.headers)).status).toBe(404);
  });
});

describe('the admin role from the command line', () => {
  it('is granted once (a second grant keeps the secret), to an existing user only, and revoked once', async () => {
    const user = await createUser(t.prisma);
    const access = t.app.get(AdminAccessService);
    const granted = await access.grant(user.email as string);
    expect(granted.uri).toMatch(/^otpauth:\/\/totp\/Husly:.+\?.*secret=/);
    // The secret is stored sealed, never as given.
    const row = await t.prisma.admin.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row.totpSecret).not.toContain(granted.secret);
    await expect(access.grant(user.email as string)).rejects.toBeInstanceOf(AdminCliError);
    await expect(access.grant('nobody-at-all@husly.test')).rejects.toBeInstanceOf(AdminCliError);
    const both = await Promise.all([access.revoke(user.email as string), access.revoke(user.email as string)]);
    expect(both.sort()).toEqual([false, true]);
    const log = await t.prisma.adminAuditEntry.findMany({ where: { targetUserId: user.id }, orderBy: { id: 'asc' } });
    expect(log.map((e) => [e.actor, e.action])).toEqual([
      ['cli', 'admin.grant'],
      ['cli', 'admin.revoke'],
    ]);
  });
});

describe('the audit log', () => {
  it('takes inserts only: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    const admin = await adminWithSession(t);
    const entry = await t.prisma.adminAuditEntry.findFirstOrThrow({ where: { adminUserId: admin.user.id } });
    await expect(t.prisma.$executeRaw`UPDATE admin_audit_log SET action = 'nothing' WHERE id = ${entry.id}`).rejects.toThrow(/append-only/);
    await expect(t.prisma.$executeRaw`DELETE FROM admin_audit_log WHERE id = ${entry.id}`).rejects.toThrow(/append-only/);
    await expect(t.prisma.$executeRawUnsafe('TRUNCATE admin_audit_log')).rejects.toThrow(/append-only/);
    expect((await t.prisma.adminAuditEntry.findUniqueOrThrow({ where: { id: entry.id } })).action).toBe(entry.action);
  });

  it('names who, when, what and the request id the response carried', async () => {
    const admin = await adminWithSession(t);
    const target = await createUser(t.prisma);
    const res = await t.request('PUT', `/api/admin/users/${target.id}/blocked`, { blocked: true, reason: 'Svindel' }, admin.headers);
    expect(res.status).toBe(204);
    const [entry] = await t.prisma.adminAuditEntry.findMany({ where: { targetUserId: target.id } });
    expect(entry).toMatchObject({ adminUserId: admin.user.id, actor: admin.user.email, action: 'user.block', before: { blocked: false }, after: { blocked: true, reason: 'Svindel' } });
    expect(entry.requestId).toBe(res.headers['x-request-id']);
    expect(Math.abs(entry.at.getTime() - Date.now())).toBeLessThan(60 * 60_000);
    const listed = await t.request('GET', `/api/admin/audit?userId=${target.id}`, undefined, admin.headers);
    expect(listed.body.data).toEqual([expect.objectContaining({ action: 'user.block', actor: admin.user.email, targetUserId: target.id, requestId: entry.requestId })]);
  });
});

describe('bad input at the desk (an admin with a session)', () => {
  it('wrong types, NUL, huge numbers and repeated parameters are a 400 on every route that reads input, and change nothing', async () => {
    const admin = await adminWithSession(t);
    const target = await createUser(t.prisma);
    const [alert] = await t.prisma.alert.createManyAndReturn({ data: [{ headline: 'Før', text: 'Uændret', views: 5, active: false }] });
    const before = async () => ({
      audit: await t.prisma.adminAuditEntry.count(),
      user: await t.prisma.user.findUniqueOrThrow({ where: { id: target.id }, select: { blockedAt: true, sessionVersion: true } }),
      alert: await t.prisma.alert.findUniqueOrThrow({ where: { id: alert.id } }),
      alerts: await t.prisma.alert.count(),
    });
    const was = await before();
    const key = '6f1c1f9e-3f43-4f0e-9a3e-0d6f6c1f0a11';
    const alertBody = { headline: 'x', text: 'y', views: 1 };
    const BAD: Array<['GET' | 'POST' | 'PUT', string, unknown?]> = [
      ['GET', '/api/admin/users?q=ab%00cd'],
      ['GET', '/api/admin/users?q=ab&q=cd'],
      ['GET', `/api/admin/users?q=${'x'.repeat(201)}`],
      ['GET', '/api/admin/users/99999999999999999999'],
      ['GET', '/api/admin/users/1e3'],
      ['GET', '/api/admin/audit?userId=abc'],
      ['GET', '/api/admin/audit?userId=1&userId=2'],
      ['GET', '/api/admin/audit?before=99999999999999999999999'],
      ['POST', '/api/admin/session', { code: '12\u00003456' }],
      ['POST', `/api/admin/users/${target.id}/mails`, { kind: ['verification'] }],
      ['POST', `/api/admin/users/${target.id}/mails`, { kind: 'verification\u0000' }],
      ['PUT', `/api/admin/users/${target.id}/blocked`, { blocked: 'true' }],
      ['PUT', `/api/admin/users/${target.id}/blocked`, { blocked: true, reason: 'a\u0000b' }],
      ['PUT', `/api/admin/users/${target.id}/blocked`, { blocked: true, reason: 'x'.repeat(501) }],
      ['PUT', `/api/admin/users/${target.id}/tenant-ad/hidden`, { hidden: 1 }],
      ['POST', '/api/admin/receipts/99999999999999999999/refund', {}],
      ['POST', '/api/admin/receipts/1/refund', { reason: 42 }],
      ['POST', '/api/admin/subscriptions/6f1c1f9e-3f43-4f0e-9a3e-0d6f6c1f0a11/cancel', { reason: ['x'] }],
      ['POST', '/api/admin/alerts', { ...alertBody, key: 'not-a-uuid' }],
      ['POST', '/api/admin/alerts', { ...alertBody, key, views: 1e12 }],
      ['POST', '/api/admin/alerts', { ...alertBody, key, headline: 'a\u0000b' }],
      ['POST', '/api/admin/alerts', { ...alertBody, key, style: 'blink' }],
      ['PUT', `/api/admin/alerts/${alert.id}`, { ...alertBody, views: -1 }],
      ['PUT', `/api/admin/alerts/${alert.id}`, { ...alertBody, text: 42 }],
      ['PUT', '/api/admin/alerts/99999999999999999999', alertBody],
    ];
    for (const [method, url, body] of BAD) {
      const res = await t.request(method, url, body, admin.headers);
      expect(res.status, `${method} ${url} ${JSON.stringify(body)}: ${res.text}`).toBe(400);
    }
    expect(await before()).toEqual(was);
  });

  it('saving one alert twice at once and twice in a row writes it once, with one audit entry', async () => {
    const admin = await adminWithSession(t);
    const [alert] = await t.prisma.alert.createManyAndReturn({ data: [{ headline: 'Gammel', text: 'Tekst', views: 5, active: false }] });
    const body = { headline: 'Ny overskrift', text: 'Tekst', views: 5, active: false };
    const both = await Promise.all([1, 2].map(() => t.request('PUT', `/api/admin/alerts/${alert.id}`, body, admin.headers)));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await t.request('PUT', `/api/admin/alerts/${alert.id}`, body, admin.headers)).status).toBe(200);
    expect((await t.prisma.alert.findUniqueOrThrow({ where: { id: alert.id } })).headline).toBe('Ny overskrift');
    expect(await t.prisma.adminAuditEntry.count({ where: { target: `alert ${alert.id}` } })).toBe(1);
  });

  it('logging out of the desk twice at once ends the session once', async () => {
    const admin = await adminWithSession(t);
    const both = await Promise.all([1, 2].map(() => t.request('DELETE', '/api/admin/session', undefined, admin.headers)));
    expect(both.every((r) => r.status === 204 || r.status === 404)).toBe(true);
    expect(await t.prisma.adminAuditEntry.count({ where: { adminUserId: admin.user.id, action: 'admin.session.close' } })).toBe(1);
    expect((await t.request('GET', '/api/admin/users?q=someone', undefined, admin.headers)).status).toBe(404);
  });
});
