import { describe, it, expect } from 'vitest';
import { healthDetailsResponseSchema, healthResponseSchema, type HealthDetailsResponse } from './health';

const healthy = {
  status: 'ok',
  database: { mode: 'embedded', ok: true, latencyMs: 2.4 },
  queue: { mode: 'in-process', ok: true },
  mail: { mode: 'file', ok: true, target: 'var/mail' },
  version: '0.1.0',
} satisfies HealthDetailsResponse;

describe('healthResponseSchema (public liveness)', () => {
  it.each([{ status: 'ok' }, { status: 'degraded' }])('accepts %j', (body) => {
    expect(healthResponseSchema.parse(body)).toEqual(body);
  });

  it('refuses the details: the public answer names no mode, path or version', () => {
    expect(healthResponseSchema.safeParse(healthy).success).toBe(false);
    expect(healthResponseSchema.safeParse({ status: 'ok', version: '0.1.0' }).success).toBe(false);
  });
});

describe('healthDetailsResponseSchema', () => {
  it.each([
    ['healthy, local drivers', healthy],
    [
      'degraded, external drivers, database down',
      {
        ...healthy,
        status: 'degraded',
        database: { mode: 'external', ok: false, latencyMs: null },
        queue: { mode: 'redis', ok: true },
        mail: { mode: 'smtp', ok: true, target: 'smtp.example.dk:587' },
      },
    ],
  ])('accepts %s', (_name, body) => {
    expect(healthDetailsResponseSchema.parse(body)).toEqual(body);
  });

  it.each([
    ['an unknown status', { ...healthy, status: 'down' }],
    ['an unknown database mode', { ...healthy, database: { ...healthy.database, mode: 'sqlite' } }],
    ['an unknown queue mode', { ...healthy, queue: { mode: 'sqs', ok: true } }],
    ['a negative latency', { ...healthy, database: { ...healthy.database, latencyMs: -1 } }],
    ['a missing version', { ...healthy, version: undefined }],
    ['a mail block without target', { ...healthy, mail: { mode: 'file', ok: true } }],
  ])('rejects %s', (_name, body) => {
    expect(healthDetailsResponseSchema.safeParse(body).success).toBe(false);
  });
});
