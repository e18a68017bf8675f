import { describe, it, expect } from 'vitest';
import { postLoginPath, postVerifyPath, safeNextPath } from './navigation';

describe('safeNextPath: only local paths', () => {
  it.each([
    ['/profile/tenant', '/profile/tenant'],
    ['/vis/123?x=1#a', '/vis/123?x=1#a'],
    ['/', '/'],
    ['https://evil.example', null],
    ['//evil.example/path', null],
    ['/\\evil.example', null],
    ['/\t/evil.example', null],
    ['profile', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });
});

describe('post-login and post-verify redirects', () => {
  it.each([
    [true, '/profile/tenant'],
    [false, '/profile/subscription'],
  ])('subscriber %s → %s', (flag, path) => {
    expect(postLoginPath(flag)).toBe(path);
    expect(postVerifyPath(flag)).toBe(path);
  });
});
