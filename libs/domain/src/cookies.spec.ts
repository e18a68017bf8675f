import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies';

describe('readCookie', () => {
  it('finds a cookie by its exact name in a Cookie header or document.cookie', () => {
    expect(readCookie('a=1; bn.consent=all; token=x', 'bn.consent')).toBe('all');
    expect(readCookie(' token = abc ', 'token')).toBe('abc');
    expect(readCookie('xtoken=abc; tokenx=def', 'token')).toBeUndefined();
    expect(readCookie('', 'token')).toBeUndefined();
    expect(readCookie('novalue; token=', 'token')).toBe('');
  });

  it('decodes what encodeURIComponent wrote, and keeps a value that is not encoded', () => {
    expect(readCookie('bn.utm=%7B%22s%22%3A1%7D', 'bn.utm')).toBe('{"s":1}');
    expect(readCookie('bad=%E0%A4%A', 'bad')).toBe('%E0%A4%A');
  });

  it('takes the first of two cookies of one name, and finds nothing an object inherits', () => {
    expect(readCookie('token=first; token=second', 'token')).toBe('first');
    expect(readCookie('a=1', 'constructor')).toBeUndefined();
    expect(readCookie('a=1', '__proto__')).toBeUndefined();
  });
});
