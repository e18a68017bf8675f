import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '@husly/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { unique } from '../../test/factories';
import { Clock } from '../infra/clock/clock';

// An app of its own (passport keeps one strategy per name per process): TRUST_PROXY unset, the default.
describe('client address without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ clock: new Clock(), env: { TRUST_PROXY: '' } })));
  afterAll(() => t.close());

  it('ignores X-Forwarded-For entirely: a changing header does not step around the per-IP limit', async () => {
    const proxy = `192.0.2.${1 + (process.pid % 250)}`;
    const attempt = (n: number) =>
      t.request('POST', '/api/auth/login', { email: `proxy-${unique()}@husly.test`, password: 'x' }, { 'x-forwarded-for': `198.18.0.${n}` }, proxy);
    for (let i = 0; i < LOGIN_THROTTLE.perIp; i++) expect((await attempt(i + 1)).status).toBe(401);
    expect((await attempt(200)).status).toBe(429);
  });
});
