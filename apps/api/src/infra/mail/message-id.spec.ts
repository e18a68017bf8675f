import { describe, expect, it } from 'vitest';
import { randomMessageId, stableMessageId } from './message-id';

const SECRET_A = 'a'.repeat(40);
const SECRET_B = 'b'.repeat(40);

describe('Message-IDs', () => {
  it('a stable id keeps the delivery id, is the same on every send, and lives on PUBLIC_URL’s host', () => {
    const id = stableMessageId('boligagent', 17, SECRET_A, 'https://husly.dk:8443');
    expect(id).toMatch(/^<boligagent-17\.[0-9a-f]{24}@husly\.dk>$/);
    expect(stableMessageId('boligagent', 17, SECRET_A, 'https://husly.dk:8443')).toBe(id);
  });

  it('differs between installations (their secrets) for the same delivery id and host', () => {
    // Two fresh installations on localhost both have a boligagent mail 1.
    expect(stableMessageId('boligagent', 1, SECRET_A, 'http://localhost:3000')).not.toBe(stableMessageId('boligagent', 1, SECRET_B, 'http://localhost:3000'));
    expect(stableMessageId('boligagent', 1, SECRET_A, 'http://localhost:3000')).not.toBe(stableMessageId('boligagent', 2, SECRET_A, 'http://localhost:3000'));
  });

  it('a random id is new every time', () => {
    const a = randomMessageId('http://localhost:3000');
    expect(a).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    expect(randomMessageId('http://localhost:3000')).not.toBe(a);
  });
});
