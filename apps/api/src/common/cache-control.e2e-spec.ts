import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCity, createDwelling, createUser, unique } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TokenService } from './auth/token.service';

// Issue 29: tokens and personal data must not be kept by any cache; public answers keep their caching.
describe('Cache-Control of /api answers', () => {
  let t: TestApp;
  let city: { id: number; slug: string };
  let user: { id: number; email: string | null };
  let bearer: Record<string, string>;
  const password = 'hemmelig-kode-1';
  /** A client address per login or signup, so their per-address limits stay out of it. */
  let client = 0;
  const from = () => `198.51.100.${++client}`;

  beforeAll(async () => {
    t = await createTestApp();
    city = await createCity(t.prisma);
    await createDwelling(t.prisma, { cityId: city.id });
    user = await createUser(t.prisma, { password, plan: 'tenantad-249kr-30days' });
    bearer = { authorization: `Bearer ${t.app.get(TokenService).issue(user.id)}` };
  });
  afterAll(() => t.close());

  it('login and signup answers, which carry a token, are no-store', async () => {
    const login = await t.request('POST', '/api/auth/login', { email: user.email, password }, {}, from());
    expect(login.status).toBe(200);
    expect(login.body.token).toEqual(expect.any(String));
    expect(login.headers['cache-control']).toBe('no-store');

    const email = `cache-${unique()}@husly.test`;
    const signup = await t.request('POST', '/api/users', { email, name: 'Ny Bruger', password, repeatPassword: password, terms: true }, {}, from());
    expect(signup.status).toBe(201);
    expect(signup.body.token).toEqual(expect.any(String));
    expect(signup.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['/api/users/me'],
    ['/api/subscriptions'],
    ['/api/subscriptions/offers'],
    ['/api/subscriptions/transactions'],
    ['/api/users/me/tenant'],
  ])('GET %s for a logged-in user is no-store', async (url) => {
    const res = await t.request('GET', url, undefined, bearer);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a GraphQL answer to a logged-in user and an error body are no-store', async () => {
    const graph = await t.request('POST', '/api/graph', { query: '{ __typename }' }, bearer);
    expect(graph.status).toBe(200);
    expect(graph.headers['cache-control']).toBe('no-store');
    const refused = await t.request('GET', '/api/users/me');
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('public answers keep their own caching headers', async () => {
    const list = await t.request('GET', `/api/dwellings/area/${city.slug}`);
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-cache');
    const areas = await t.request('GET', '/api/dwellings/areas');
    expect(areas.headers['cache-control']).toBe('public, max-age=300');
    const alerts = await t.request('GET', '/api/alerts');
    expect(alerts.headers['cache-control']).toBe('public, max-age=30');
    const sitemap = await t.request('GET', '/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers['cache-control']).toBe('public, max-age=3600');
  });
});
