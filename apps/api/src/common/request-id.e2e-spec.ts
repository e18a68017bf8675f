import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { AppLogger } from './app-logger';

// Issue 33: support finds a visitor's request by the reference the visitor sees; every log line a
// request causes carries its id, and no secret or card number reaches a log.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** What the app writes to stdout and stderr while `work` runs, line by line. */
async function output(work: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const capture = (chunk: unknown) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    await work();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return lines;
}

describe('request ids', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ env: { LOG_FORMAT: 'json', LOG_LEVEL: 'info' } })));
  afterAll(() => t?.close());

  it('gives every response its own id in X-Request-Id, never the one a client sent', async () => {
    const a = await t.request('GET', '/api/health');
    const b = await t.request('GET', '/api/health', undefined, { 'x-request-id': 'support-please-look-at-this' });
    const c = await t.request('GET', `/api/${Math.random().toString(36).slice(2)}-nowhere`);
    for (const response of [a, b, c]) expect(response.headers['x-request-id']).toMatch(UUID);
    expect(new Set([a, b, c].map((r) => r.headers['x-request-id'])).size).toBe(3);
    expect(b.headers['x-request-id']).not.toBe('support-please-look-at-this');
  });

  it("puts the request's id on each JSON log line the request causes, also from deep in a service", async () => {
    let response!: Awaited<ReturnType<TestApp['request']>>;
    const lines = await output(async () => {
      response = await t.request('GET', `/i.gif?error=${encodeURIComponent('TypeError: traced')}&path=%2Fvis%2F12`);
    });
    expect(response.status).toBe(200);
    const logged = lines.filter((line) => line.includes('TypeError: traced')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 'warn', requestId: response.headers['x-request-id'], message: 'TypeError: traced (at /vis/12)' });
  });

  it('writes no request id on lines no request caused (a job, the boot)', async () => {
    const lines = await output(async () => {
      new AppLogger('info', 'json').warn('outside any request', 'Probe');
    });
    const line = JSON.parse(lines.find((l) => l.includes('outside any request'))!) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 'warn', context: 'Probe' });
    expect(line).not.toHaveProperty('requestId');
  });
});

describe('what a log line may carry', () => {
  it('masks credentials and card details in logged objects and errors, in JSON and in text', async () => {
    const secrets = { cardNumber: '4242424242424242', cvc: '123', password: 'hunter2-long', token: 'eyJ.secret.token', authorization: 'Bearer abc.def' };
    for (const format of ['json', 'text'] as const) {
      const lines = await output(async () => {
        const logger = new AppLogger('info', format);
        logger.warn({ what: 'payment attempt', card: { cardNumber: secrets.cardNumber, cvc: secrets.cvc } }, 'Probe');
        logger.error(Object.assign(new Error('login failed'), { password: secrets.password, token: secrets.token }), 'Probe');
        logger.log('a request', { headers: { authorization: secrets.authorization } }, 'Probe');
      });
      const text = lines.join('\n');
      expect(text, format).toContain('payment attempt');
      expect(text, format).toContain('[REDACTED]');
      // A short secret only as a value of its own (quoted, as JSON and util.inspect write strings): a
      // CI run's timestamp 1796012303547 holds "123", the cvc, by chance.
      for (const [key, value] of Object.entries(secrets)) {
        if (value.length >= 8) expect(text, `${format}: ${key}`).not.toContain(value);
        else for (const quoted of [`"${value}"`, `'${value}'`]) expect(text, `${format}: ${key}`).not.toContain(quoted);
      }
    }
  });
});
