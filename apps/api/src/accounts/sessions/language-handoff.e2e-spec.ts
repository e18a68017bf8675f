import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LANGUAGE_HANDOFF } from '@husly/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createUser } from '../../../test/factories';
import { Clock } from '../../infra/clock/clock';
import { TokenService } from '../../common/auth/token.service';

// Issue 15: the language switch logged a user out, as each language is its own host with its own cookie.
describe('language switch keeps the session (POST /api/auth/handoff, /handoff/redeem)', () => {
  let t: TestApp;
  let fastify: FastifyInstance;
  // Moved by the expiry test: a code lives a minute.
  const clock = new Clock();
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await createTestApp({ clock });
    fastify = t.app.getHttpAdapter().getInstance();
  });
  afterAll(() => t.close());

  async function userAndToken() {
    const user = await createUser(t.prisma);
    return { user, token: t.app.get(TokenService).issue(user.id) };
  }

  async function codeFor(token: string, language = 'en'): Promise<string> {
    const res = await t.request('POST', '/api/auth/handoff', { language }, { ...bearer(token), host: 'localhost:3000' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return res.body.code as string;
  }

  /** What the browser sends when the Danish page posts the hidden form to the English host. */
  function redeem(fields: Record<string, string>, headers: Record<string, string> = { origin: 'http://localhost:3000' }) {
    return fastify.inject({
      method: 'POST',
      url: '/api/auth/handoff/redeem',
      headers: { host: 'en.localhost:3000', 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  const sessionCookie = (setCookie: unknown) => [setCookie].flat().find((c) => typeof c === 'string' && c.startsWith('token=')) as string | undefined;

  it('a code posted from our other-language page sets a session on this host and sends the browser on, once', async () => {
    const { user, token } = await userAndToken();
    const code = await codeFor(token);
    const res = await redeem({ code, next: '/profile/boligagent?x=1#top' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/profile/boligagent?x=1#top');
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = sessionCookie(res.headers['set-cookie']);
    // The same attributes as ever, in @fastify/cookie's order (a browser reads them in any order).
    expect(cookie).toMatch(/^token=[^;]+; Max-Age=3600; Path=\/; SameSite=Lax$/);
    const carried = cookie!.slice('token='.length).split(';')[0];
    const me = await t.request('GET', '/api/users/me', undefined, { ...bearer(carried), host: 'en.localhost:3000' });
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(user.id);
    // The code is gone: a replay (from history, a log, a second tab) lands logged out.
    const replay = await redeem({ code, next: '/profile' });
    expect(replay.statusCode).toBe(303);
    expect(sessionCookie(replay.headers['set-cookie'])).toBeUndefined();
    // Only a hash is stored.
    expect(await t.prisma.userToken.count({ where: { tokenHash: code } })).toBe(0);
  });

  it('refuses a post from any page that is not ours (login CSRF), and keeps the code for the real one', async () => {
    const { token } = await userAndToken();
    const code = await codeFor(token);
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example', 'http://en.localhost:3000.evil.example']) {
      const res = await redeem({ code }, { origin });
      expect(res.statusCode, origin).toBe(403);
      expect(sessionCookie(res.headers['set-cookie'])).toBeUndefined();
    }
    expect((await redeem({ code }, {})).statusCode).toBe(403);
    expect(sessionCookie((await redeem({ code })).headers['set-cookie'])).toBeDefined();
  });

  it('never redirects off the site, whatever `next` says', async () => {
    const { token } = await userAndToken();
    for (const next of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/\t/evil.example']) {
      const res = await redeem({ code: await codeFor(token), next });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location, next).toBe('/');
    }
  });

  // Issue 29: a non-Latin-1 `next` made the Location header throw (500) after the code was used up.
  it('a `next` with characters beyond ASCII is sent on percent-encoded, never a 500', async () => {
    const { user, token } = await userAndToken();
    for (const [next, location] of [
      ['/bolig/k\u00f8benhavn?q=\u0160\u20ac', '/bolig/k%C3%B8benhavn?q=%C5%A0%E2%82%AC'],
      ['/s\u00f8g/\u{1F3E0} hus#\u00e6', '/s%C3%B8g/%F0%9F%8F%A0%20hus#%C3%A6'],
      ['/allerede%20kodet?x=%C3%B8', '/allerede%20kodet?x=%C3%B8'],
    ]) {
      const res = await redeem({ code: await codeFor(token), next });
      expect(res.statusCode, res.body).toBe(303);
      expect(res.headers.location).toBe(location);
      const carried = sessionCookie(res.headers['set-cookie'])!.slice('token='.length).split(';')[0];
      expect((await t.request('GET', '/api/users/me', undefined, bearer(carried))).body.user.id).toBe(user.id);
    }
  });

  it('a refused `next` leaves the code usable', async () => {
    const { token } = await userAndToken();
    const code = await codeFor(token);
    const refused = await redeem({ code, next: `/${'x'.repeat(2000)}` });
    expect(refused.statusCode).toBe(400);
    expect(sessionCookie((await redeem({ code, next: '/profile' })).headers['set-cookie'])).toBeDefined();
  });

  it('an expired code, an unknown one and junk land on the page logged out; bad bodies are 400, never 500', async () => {
    const { token } = await userAndToken();
    const code = await codeFor(token);
    clock.advance(LANGUAGE_HANDOFF.lifetimeMs + 1000);
    const late = await redeem({ code, next: '/byer' });
    expect([late.statusCode, late.headers.location]).toEqual([303, '/byer']);
    expect(sessionCookie(late.headers['set-cookie'])).toBeUndefined();
    for (const fields of [{ code: 'x'.repeat(43) }, { code: '' }, {}]) {
      const res = await redeem(fields as Record<string, string>);
      expect(res.statusCode).toBe(303);
      expect(sessionCookie(res.headers['set-cookie'])).toBeUndefined();
    }
    expect((await redeem({ code: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await redeem({ code: 'a\u0000b' })).statusCode).toBe(400);
  });

  it('a code needs a session, a known language, and comes at most 60 times an hour per user', async () => {
    expect((await t.request('POST', '/api/auth/handoff', { language: 'en' })).status).toBe(401);
    const { token } = await userAndToken();
    expect((await t.request('POST', '/api/auth/handoff', { language: 'de' }, bearer(token))).status).toBe(400);
    for (let i = 0; i < LANGUAGE_HANDOFF.perUser; i++) await codeFor(token);
    const flooded = await t.request('POST', '/api/auth/handoff', { language: 'en' }, bearer(token));
    expect(flooded.status).toBe(429);
  });

  it('the pages may post the form to the other language host, and nowhere else (CSP form-action)', async () => {
    const res = await fastify.inject({ method: 'GET', url: '/api/health', headers: { host: 'localhost:3000' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/form-action 'self' http:\/\/localhost:3000 http:\/\/en\.localhost:3000;/);
    const spoofed = await fastify.inject({ method: 'GET', url: '/api/health', headers: { host: 'evil.example' } });
    expect(String(spoofed.headers['content-security-policy'])).not.toContain('evil.example');
  });
});
