import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../../common/auth/token.service';
import { createUser } from '../../../test/factories';
import { adminUser, adminWithSession } from '../../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

// Issue 33: Bull Board for every queue, for admins with a desk session only. Its pages carry no
// Authorization header: the login is the token cookie, the session the admin cookie.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ redis: true });
}, 120_000);
afterAll(() => t?.close());

/** A browser's cookies for the board: the login (token) and the desk session. */
async function boardCookies() {
  const admin = await adminWithSession(t);
  return { cookie: `${admin.headers.cookie}; token=${admin.bearer().replace('Bearer ', '')}` };
}

describe('the queue board', () => {
  it('is the 404 of an unclaimed path to a visitor, a user, and an admin without a session', async () => {
    const user = await createUser(t.prisma);
    const admin = await adminUser(t);
    const strangers: Array<Record<string, string>> = [{}, { cookie: `token=${t.app.get(TokenService).issue(user.id)}` }, { cookie: `token=${admin.bearer().replace('Bearer ', '')}` }];
    for (const headers of strangers) {
      for (const path of ['/api/admin/queues', '/api/admin/queues/api/queues', '/api/admin/queues/static/js/does-not-matter.js']) {
        const res = await t.request('GET', path, undefined, headers);
        expect(res.status, path).toBe(404);
        expect(res.body, path).toEqual({ statusCode: 404, error: 'Not Found', message: `Cannot GET ${path}` });
      }
    }
  });

  it('shows an admin its UI and every queue with its counts', async () => {
    const headers = await boardCookies();
    const page = await t.request('GET', '/api/admin/queues', undefined, headers);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // Its inline styles are allowed on the board only; scripts stay our origin's.
    expect(page.headers['content-security-policy']).toContain("style-src-elem 'self' 'unsafe-inline'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect((await t.request('GET', '/api/alerts')).headers['content-security-policy']).toContain("style-src-elem 'self';");
    const script = /src="([^"]*static\/js\/main[^"]+\.js)"/.exec(page.text)?.[1];
    expect(script).toBeDefined();
    const asset = await t.request('GET', new URL(script as string, 'http://x/api/admin/queues/').pathname, undefined, headers);
    expect(asset.status).toBe(200);
    const api = await t.request('GET', '/api/admin/queues/api/queues', undefined, headers);
    expect(api.status).toBe(200);
    expect(api.body.queues).toHaveLength(1);
    expect(api.body.queues[0]).toMatchObject({ name: expect.any(String), counts: expect.objectContaining({ failed: expect.any(Number), waiting: expect.any(Number) }) });
  });
});
