import { describe, it, expect } from 'vitest';
import { locationPath, postLoginPath, postVerifyPath, safeNextPath } from './navigation';

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

describe('locationPath: a local path a Location header can carry', () => {
  it.each([
    ['/profile?x=1#a', '/profile?x=1#a'],
    ['/k\u00f8benhavn/\u20ac a', '/k%C3%B8benhavn/%E2%82%AC%20a'],
    ['/\u{1F3E0}', '/%F0%9F%8F%A0'],
    ['/redan%20kodet', '/redan%20kodet'],
    ['/a\ud800b', null],
    ['//evil.example/\u00f8', null],
    ['https://evil.example', null],
    [undefined, null],
  ])('%j → %j', (next, expected) => {
    expect(locationPath(next)).toBe(expected);
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
