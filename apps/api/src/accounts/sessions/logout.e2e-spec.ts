import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { SessionResponse } from '@husly/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createUser } from '../../../test/factories';
import { JwtService } from '@nestjs/jwt';
import { Clock } from '../../infra/clock/clock';

const PASSWORD = 'hemmelig-2026';

// Issue 29: a logout only forgot the token in the browser; the token itself worked until it expired.
describe('logout ends the session on the server (POST /api/auth/logout, /api/auth/logout-all)', () => {
  let t: TestApp;
  let fastify: FastifyInstance;
  let counter = 0;
  const from = () => ({ 'x-forwarded-for': `203.2.${Math.floor(++counter / 250)}.${(counter % 250) + 1}` });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const me = async (token: string, host = 'localhost:3000') => (await t.request('GET', '/api/users/me', undefined, { ...bearer(token), host })).status;
  /** The status GraphQL reports for a query that needs a user (in the error's extensions). */
  const graph = async (token: string) => {
    const res = await t.request('POST', '/api/graph', { query: 'query { provider(providerType: CREDIT_CARD) { id } }' }, bearer(token));
    return res.body.errors?.[0]?.extensions?.statusCode ?? (res.body.data?.provider ? 200 : res.status);
  };
  const logout = (token: string, host = 'localhost:3000') => t.request('POST', '/api/auth/logout', undefined, { ...bearer(token), host });
  const logoutAll = (token: string) => t.request('POST', '/api/auth/logout-all', undefined, bearer(token));

  beforeAll(async () => {
    t = await createTestApp({ clock: new Clock() });
    fastify = t.app.getHttpAdapter().getInstance();
  });
  afterAll(() => t.close());

  async function login(email: string): Promise<string> {
    const res = await t.request('POST', '/api/auth/login', { email, password: PASSWORD }, from());
    expect(res.status, res.text).toBe(200);
    return (res.body as SessionResponse).token;
  }

  /** Carries `token` to the English host as the language switch does; returns that host's token. */
  async function handOff(token: string): Promise<string> {
    const code = await t.request('POST', '/api/auth/handoff', { language: 'en' }, { ...bearer(token), host: 'localhost:3000' });
    expect(code.status, code.text).toBe(200);
    const res = await fastify.inject({
      method: 'POST',
      url: '/api/auth/handoff/redeem',
      headers: { host: 'en.localhost:3000', origin: 'http://localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ code: code.body.code as string, next: '/' }).toString(),
    });
    const cookie = [res.headers['set-cookie']].flat().find((c) => typeof c === 'string' && c.startsWith('token='));
    expect(cookie).toBeDefined();
    return cookie!.slice('token='.length).split(';')[0]!;
  }

  it('after a logout the token gets 401 on REST and GraphQL; the same user’s other session goes on', async () => {
    const user = await createUser(t.prisma, { password: PASSWORD });
    const [laptop, phone] = [await login(user.email!), await login(user.email!)];
    expect([await me(laptop), await graph(laptop)]).toEqual([200, 200]);

    const res = await logout(laptop);
    expect(res.status, res.text).toBe(204);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await me(laptop)).toBe(401);
    expect(await graph(laptop)).toBe(401);
    expect((await t.request('POST', '/api/auth/handoff', { language: 'en' }, bearer(laptop))).status).toBe(401);
    expect([await me(phone), await graph(phone)]).toEqual([200, 200]);
  });

  it('logging out twice in a row or in parallel answers 204 each time and ends the session once', async () => {
    const user = await createUser(t.prisma, { password: PASSWORD });
    const token = await login(user.email!);
    const parallel = await Promise.all([logout(token), logout(token), logout(token)]);
    expect(parallel.map((r) => r.status)).toEqual([204, 204, 204]);
    expect((await logout(token)).status).toBe(204);
    expect(await t.prisma.endedSession.count({ where: { userId: user.id } })).toBe(1);
    expect(await me(token)).toBe(401);
    // A new login is a new session.
    expect(await me(await login(user.email!))).toBe(200);
  });

  it('a logout without a token, or with one we did not sign, is 401 and ends nothing', async () => {
    const user = await createUser(t.prisma, { password: PASSWORD });
    const token = await login(user.email!);
    expect((await t.request('POST', '/api/auth/logout')).status).toBe(401);
    const [head, body] = token.split('.');
    expect((await logout(`${head}.${body}.forged`)).status).toBe(401);
    expect((await logout('junk')).status).toBe(401);
    expect((await t.request('POST', '/api/auth/logout-all', undefined, bearer(`${head}.${body}.forged`))).status).toBe(401);
    expect(await me(token)).toBe(200);
  });

  it('a logout on either language host ends the session on both', async () => {
    const user = await createUser(t.prisma, { password: PASSWORD });
    const danish = await login(user.email!);
    const english = await handOff(danish);
    expect([await me(danish), await me(english, 'en.localhost:3000')]).toEqual([200, 200]);
    expect((await logout(english, 'en.localhost:3000')).status).toBe(204);
    expect([await me(danish), await me(english, 'en.localhost:3000'), await graph(danish)]).toEqual([401, 401, 401]);

    const again = await login(user.email!);
    const carried = await handOff(again);
    // And back again: a chain of handoffs is still one session.
    const back = await handOff(carried);
    expect((await logout(again)).status).toBe(204);
    expect([await me(again), await me(carried, 'en.localhost:3000'), await me(back)]).toEqual([401, 401, 401]);
  });

  it('a handoff code asked for before the logout gives no session after it', async () => {
    const user = await createUser(t.prisma, { password: PASSWORD });
    const token = await login(user.email!);
    const code = (await t.request('POST', '/api/auth/handoff', { language: 'en' }, bearer(token))).body.code as string;
    expect((await logout(token)).status).toBe(204);
    const res = await fastify.inject({
      method: 'POST',
      url: '/api/auth/handoff/redeem',
      headers: { host: 'en.localhost:3000', origin: 'http://localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ code, next: '/' }).toString(),
    });
    expect(res.statusCode).toBe(303);
    const cookie = [res.headers['set-cookie']].flat().find((c) => typeof c === 'string' && c.startsWith('token='));
    if (cookie) expect(await me(cookie.slice('token='.length).split(';')[0]!, 'en.localhost:3000')).toBe(401);
  });

  it('log out everywhere ends every session of the user, handed-off ones included, and no one else’s', async () => {
    const user = await createUser(t.prisma, { password: PASSWORD });
    const other = await createUser(t.prisma, { password: PASSWORD });
    const [laptop, phone, stranger] = [await login(user.email!), await login(user.email!), await login(other.email!)];
    const english = await handOff(phone);
    const res = await logoutAll(laptop);
    expect(res.status, res.text).toBe(204);
    expect([await me(laptop), await me(phone), await me(english, 'en.localhost:3000'), await graph(phone)]).toEqual([401, 401, 401, 401]);
    expect(await me(stranger)).toBe(200);
    // A fresh login works, and an ended token cannot end it.
    const fresh = await login(user.email!);
    expect((await logoutAll(laptop)).status).toBe(204);
    expect((await logout(laptop)).status).toBe(204);
    expect(await me(fresh)).toBe(200);
  });

  it('two parallel "log out everywhere" answer 204 both and move the session version once', async () => {
    const user = await createUser(t.prisma, { password: PASSWORD });
    const [laptop, phone] = [await login(user.email!), await login(user.email!)];
    const before = (await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion;
    const answers = await Promise.all([logoutAll(laptop), logoutAll(laptop), logoutAll(phone)]);
    expect(answers.map((r) => r.status)).toEqual([204, 204, 204]);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion).toBe(before + 1);
    expect([await me(laptop), await me(phone)]).toEqual([401, 401]);
  });

  it('an ended session is forgotten once none of its tokens can be alive, at a later logout', async () => {
    const [early, late] = [await createUser(t.prisma, { password: PASSWORD }), await createUser(t.prisma, { password: PASSWORD })];
    const token = await login(early.email!);
    expect((await logout(token)).status).toBe(204);
    expect(await t.prisma.endedSession.count({ where: { userId: early.id } })).toBe(1);
    // A token's lifetime and a handoff code's minute later, the row is of no use: its tokens expired.
    t.clock.advance((3600 + 60 + 1) * 1000);
    try {
      expect(await me(token)).toBe(401);
      expect((await logout(await login(late.email!))).status).toBe(204);
      expect(await t.prisma.endedSession.count({ where: { userId: early.id } })).toBe(0);
      expect(await t.prisma.endedSession.count({ where: { userId: late.id } })).toBe(1);
    } finally {
      t.clock.advance(-(3600 + 60 + 1) * 1000);
    }
  });

  it('a token from before sessions had ids is ended by its logout (all of that user’s sessions go)', async () => {
    const user = await createUser(t.prisma, { password: PASSWORD });
    const iat = Math.floor(Date.now() / 1000);
    const legacy = t.app.get(JwtService).sign({ sub: String(user.id), iat, exp: iat + 3600, sv: 0 });
    const other = await login(user.email!);
    expect(await me(legacy)).toBe(200);
    expect((await logout(legacy)).status).toBe(204);
    expect([await me(legacy), await me(other)]).toEqual([401, 401]);
  });
});
