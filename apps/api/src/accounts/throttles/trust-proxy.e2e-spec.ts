import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOGIN_THROTTLE } from '@husly/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { unique } from '../../../test/factories';
import { Clock } from '../../infra/clock/clock';
import { workspaceRoot } from '../../infra/database/migrate';

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

// Issue 29: compose trusted loopback and every private range while port 3000 was published on every
// interface, so anything on the Docker network or the host's LAN could pick its client address. Its
// default now names the stack network's gateway, where the host's proxy connects from; read from
// docker-compose.yml, so the test follows the file.
describe('client address with docker-compose.yml\'s TRUST_PROXY', () => {
  const compose = readFileSync(join(workspaceRoot(), 'docker-compose.yml'), 'utf8');
  const trusted = /^\s*TRUST_PROXY: \$\{TRUST_PROXY:-([^}]*)\}/m.exec(compose)?.[1] ?? '';
  const gateway = /^\s*gateway: \$\{HUSLY_GATEWAY:-([^}]*)\}/m.exec(compose)?.[1] ?? '';
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ clock: new Clock(), env: { TRUST_PROXY: trusted } })));
  afterAll(() => t.close());

  const attempt = (from: string, forwardedFor: string) =>
    t.request('POST', '/api/auth/login', { email: `proxy-${unique()}@husly.test`, password: 'x' }, { 'x-forwarded-for': forwardedFor }, from);

  it('trusts the gateway of the stack network, where the host\'s reverse proxy connects from', async () => {
    expect(trusted).toBe(gateway);
    // Each client the proxy names has a budget of its own: one more than the limit is no 429.
    const base = 10 + (process.pid % 200);
    for (let i = 0; i <= LOGIN_THROTTLE.perIp; i++) expect((await attempt(gateway, `198.18.${base}.${i + 1}`)).status).toBe(401);
  });

  it('ignores X-Forwarded-For from any other address of the network or the LAN', async () => {
    const subnet = gateway.split('.').slice(0, 3).join('.');
    for (const [n, other] of [`${subnet}.${5 + (process.pid % 200)}`, `192.168.${process.pid % 250}.7`, `10.${process.pid % 250}.0.9`].entries()) {
      for (let i = 0; i < LOGIN_THROTTLE.perIp; i++) expect((await attempt(other, `198.19.${n}.${i + 1}`)).status, other).toBe(401);
      expect((await attempt(other, `198.19.${n}.250`)).status, other).toBe(429);
    }
  });
});
