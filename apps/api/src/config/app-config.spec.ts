import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, tileSources } from './app-config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'husly-config-'));

describe('loadConfig', () => {
  it('gives every part its embedded default when nothing is set', () => {
    const config = loadConfig({ DATA_DIR: dataDir() }, '/srv/husly');
    expect(config.http).toEqual({ port: 3000, host: '0.0.0.0', publicUrl: 'http://localhost:3000', trustProxy: false });
    expect(config.database.url).toBeUndefined();
    expect(config.queue.redisUrl).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.mail.dir).toBe(join(config.dataDir, 'mail'));
    expect(config.mail.support).toBe('support@husly.dk');
    expect(config.seed.demoData).toBe('auto');
    expect(config.auth.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('keeps the generated development secret across restarts', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).auth.jwtSecret).toBe(loadConfig({ DATA_DIR: dir }).auth.jwtSecret);
  });

  it('treats empty strings as unset, as compose files pass them', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '' });
    expect([config.database.url, config.queue.redisUrl, config.mail.smtpUrl]).toEqual([undefined, undefined, undefined]);
    expect(loadConfig({ DATA_DIR: dataDir(), SUPPORT_EMAIL: '' }).mail.support).toBe('support@husly.dk');
    expect(loadConfig({ DATA_DIR: dataDir(), OPS_TOKEN: '' }).ops.token).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ...STRIPE_ENV, DATA_DIR: dataDir(), PUSH_ENABLED: '', VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '', VAPID_SUBJECT: '' }).push).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://localhost' }, 'REDIS_URL'],
    [{ SMTP_URL: 'localhost:25' }, 'SMTP_URL'],
    [{ APP_ROLE: 'both' }, 'APP_ROLE'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '127.0.0.1, proxy.local' }, 'TRUST_PROXY'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ OPS_TOKEN: 'short' }, 'OPS_TOKEN'],
    [{ FACEBOOK_APP_ID: '1234' }, 'FACEBOOK_APP_SECRET'],
    [{ FACEBOOK_APP_SECRET: 'secret' }, 'FACEBOOK_APP_ID'],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SEED_DEMO_DATA: 'true' }, 'SEED_DEMO_DATA'],
    // The test payment provider is refused in production: Stripe's keys are required there.
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }, 'STRIPE_SECRET_KEY'],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_SECRET_KEY: 'sk_test_x' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ COMPANY_CVR: '123' }, 'COMPANY_CVR'],
    [{ SUPPORT_EMAIL: 'support' }, 'SUPPORT_EMAIL'],
    [{ SUPPORT_EMAIL: 'a@b.dk\r\nBcc: x@y.dk' }, 'SUPPORT_EMAIL'],
    [{ CSP_EXTRA_SCRIPT_SRC: "'unsafe-inline'" }, 'CSP_EXTRA_SCRIPT_SRC'],
    [{ CSP_EXTRA_SCRIPT_SRC: 'http://js.stripe.com' }, 'CSP_EXTRA_SCRIPT_SRC'],
    [{ CSP_EXTRA_FRAME_SRC: 'https://js.stripe.com; script-src *' }, 'CSP_EXTRA_FRAME_SRC'],
    [{ CSP_EXTRA_CONNECT_SRC: 'https://api.stripe.com/v1' }, 'CSP_EXTRA_CONNECT_SRC'],
  ])('refuses %j with a message naming %s', (env, name) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), ...env });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(name);
  });

  it('without STRIPE_SECRET_KEY outside production payments go to the test provider', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).payments.stripe).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), ...STRIPE_ENV }).payments.stripe?.publishableKey).toBe('pk_live_x');
  });

  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['true', true],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['loopback, 10.0.0.0/8,fd00::/8', ['loopback', '10.0.0.0/8', 'fd00::/8']],
  ])('reads TRUST_PROXY=%j as Fastify trustProxy %j (off unless set)', (value, expected) => {
    const config = loadConfig({ DATA_DIR: dataDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) });
    expect(config.http.trustProxy).toEqual(expected);
  });

  it('never seeds demo data in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir(), ...STRIPE_ENV });
    expect(config.seed.demoData).toBe('never');
  });

  it('HSTS only for an https PUBLIC_URL; no extra CSP sources unless configured', () => {
    const plain = loadConfig({ DATA_DIR: dataDir() });
    expect(plain.security).toEqual({ hsts: false, secureCookies: false, csp: { scriptSrc: [], frameSrc: [], connectSrc: [], imgSrc: ['https://tile.openstreetmap.org'] } });
    const https = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://husly.dk', CSP_EXTRA_FRAME_SRC: ' https://js.stripe.com,https://hooks.stripe.com ' });
    expect(https.security.hsts).toBe(true);
    expect(https.security.secureCookies).toBe(true);
    expect(https.security.csp.frameSrc).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
  });
});

describe('push configuration (ADR 0063)', () => {
  // A function: STRIPE_ENV is declared at the end of the file.
  const prod = () => ({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ...STRIPE_ENV });
  const KEYS = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'p'.repeat(43) };

  it('refuses to start in production with push on and no VAPID keys', () => {
    expect(() => loadConfig({ ...prod(), DATA_DIR: dataDir(), PUSH_ENABLED: 'true' })).toThrow(/VAPID_PUBLIC_KEY: is required when NODE_ENV=production and push is on/);
    expect(() => loadConfig({ ...prod(), DATA_DIR: dataDir(), PUSH_ENABLED: 'true', VAPID_PUBLIC_KEY: KEYS.VAPID_PUBLIC_KEY })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ ...prod(), DATA_DIR: dataDir(), ...KEYS, PUSH_EXTRA_ENDPOINT_ORIGINS: 'http://127.0.0.1:9000' })).toThrow(/PUSH_EXTRA_ENDPOINT_ORIGINS/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: 'not-a-key', VAPID_PRIVATE_KEY: KEYS.VAPID_PRIVATE_KEY })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_SUBJECT: 'support@husly.dk' })).toThrow(/VAPID_SUBJECT/);
  });

  it('is off in production without keys, on with them; the subject defaults to the support address', () => {
    expect(loadConfig({ ...prod(), DATA_DIR: dataDir() }).push).toBeUndefined();
    expect(loadConfig({ ...prod(), DATA_DIR: dataDir(), ...KEYS }).push).toEqual({ publicKey: KEYS.VAPID_PUBLIC_KEY, privateKey: KEYS.VAPID_PRIVATE_KEY, subject: 'mailto:support@husly.dk', endpointOrigins: [] });
    expect(loadConfig({ ...prod(), DATA_DIR: dataDir(), ...KEYS, PUSH_ENABLED: 'false' }).push).toBeUndefined();
  });

  it('outside production makes a key pair once in DATA_DIR and keeps it across restarts', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).push;
    expect(Buffer.from(first?.publicKey ?? '', 'base64url')).toHaveLength(65);
    expect(Buffer.from(first?.privateKey ?? '', 'base64url')).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dir }).push).toEqual(first);
    expect(loadConfig({ DATA_DIR: dataDir(), PUSH_EXTRA_ENDPOINT_ORIGINS: 'http://127.0.0.1:9000, https://Push.Example.org' }).push?.endpointOrigins).toEqual(['http://127.0.0.1:9000', 'https://push.example.org']);
  });
});

describe('tileSources', () => {
  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', ['https://tile.openstreetmap.org']],
    ['https://{s}.tile.example.org/{z}/{x}/{y}.png', ['https://*.tile.example.org']],
    ['http://127.0.0.1:8081/tiles/{z}/{x}/{y}.png', ['http://127.0.0.1:8081']],
    ['/tiles/{z}/{x}/{y}.png', []],
    ["https://x.org';script-src */{z}.png", []],
  ])('%s → %j', (url, expected) => {
    expect(tileSources(url)).toEqual(expected);
  });
});

const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
