import { describe, expect, it } from 'vitest';
import { BodyParts, bodyBytes } from './body-parts';

describe('BodyParts', () => {
  it('is its parts joined, with their length, made anew each time it is asked for', () => {
    const parts = [Buffer.from('{"data":['), Buffer.from('{"id":1}'), Buffer.from(','), Buffer.from('{"id":2}'), Buffer.from(']}')];
    const body = new BodyParts(parts);
    expect(body.length).toBe(Buffer.byteLength('{"data":[{"id":1},{"id":2}]}'));
    expect(body.bytes().toString()).toBe('{"data":[{"id":1},{"id":2}]}');
    // Not kept: a page kept in the cache holds its parts only.
    expect(body.bytes()).not.toBe(body.bytes());
    expect(bodyBytes(body).toString()).toBe('{"data":[{"id":1},{"id":2}]}');
  });

  it('gives a body of one part as that part, and a buffer as itself', () => {
    const one = Buffer.from('{"ok":true}');
    expect(new BodyParts([one]).bytes()).toBe(one);
    expect(bodyBytes(one)).toBe(one);
    expect(new BodyParts([]).bytes().length).toBe(0);
  });
});
