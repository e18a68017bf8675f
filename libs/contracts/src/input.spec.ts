import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INT32_MAX, INT32_MIN, unstorableText } from './browser/input';
import { parseSessionPrefsCookie, serializeSessionPrefsCookie } from './browser/accounts';
import { int32, intInput, queryParams, text } from './input';
import { loginRequestSchema, signupRequestSchema, verifyQuerySchema } from './accounts';
import { boligagentRefQuerySchema, createBoligagentSchema, notificationLogSchema } from './boligagents';
import { latestQuerySchema, searchQuerySchema } from './dwellings';

const codes = (result: { error?: z.ZodError }) =>
  result.error?.issues.map((i) => [i.path.join('.'), (i as { params?: { code?: string } }).params?.code ?? i.code]);

describe('text()', () => {
  it.each(['', 'Aarhus', 'København Ø', 'emoji 🏠 as a pair', 'tab\tand newline\n'])('takes %j', (value) => {
    expect(text(100).parse(value)).toBe(value);
    expect(unstorableText(value)).toBeNull();
  });

  it.each([
    ['a\u0000b', 'nul-character'],
    ['\u0000', 'nul-character'],
    ['x\ud800y', 'unpaired-surrogate'],
    ['x\udc00', 'unpaired-surrogate'],
    ['\udfff\ud800', 'unpaired-surrogate'],
  ])('refuses %j (%s)', (value, code) => {
    expect(codes(z.object({ name: text(100) }).safeParse({ name: value }))).toEqual([['name', code]]);
  });

  it('still caps the length', () => {
    expect(text(3).safeParse('abcd').success).toBe(false);
  });
});

describe('int32() and intInput()', () => {
  it('takes the int4 range and nothing beyond it', () => {
    expect(int32().parse(INT32_MAX)).toBe(INT32_MAX);
    expect(int32().parse(INT32_MIN)).toBe(INT32_MIN);
    expect(int32().safeParse(INT32_MAX + 1).success).toBe(false);
    expect(int32().safeParse(INT32_MIN - 1).success).toBe(false);
    expect(int32().safeParse(1.5).success).toBe(false);
  });

  it.each([
    [42, 42],
    ['42', 42],
    [' 7 ', 7],
    ['-3', -3],
  ])('intInput reads %j as %j', (value, expected) => {
    expect(intInput().parse(value)).toBe(expected);
  });

  it.each([[''], ['1e3'], ['0x10'], ['4.5'], [true], [[5]], [{}], ['99999999999'], [1e12], [Number.NaN]])('intInput refuses %j', (value) => {
    expect(intInput().safeParse(value).success).toBe(false);
  });
});

describe('queryParams()', () => {
  const schema = queryParams(z.object({ token: text(10).optional() }));

  it('takes one value per parameter', () => {
    expect(schema.parse({ token: 'a' })).toEqual({ token: 'a' });
  });

  it('refuses a repeated parameter, naming it', () => {
    const result = schema.safeParse({ token: ['a', 'b'] });
    expect(codes(result)).toEqual([['token', 'repeated-parameter']]);
    expect(result.error?.issues[0].message).toBe('token must be given once');
  });
});

// The contracts behind the 500s of issue 12 §2.
describe('request contracts refuse what PostgreSQL would refuse', () => {
  it.each([
    ['login email with NUL', loginRequestSchema, { email: 'a\u0000@b.dk' }, 'email'],
    ['login email with a lone surrogate', loginRequestSchema, { email: 'x\ud800y@b.dk' }, 'email'],
    ['login prefs beyond int4', loginRequestSchema, { email: 'a@b.dk', prefs: [{ area: 'aarhus', rooms: 1e12 }] }, 'prefs.0.rooms'],
    ['signup name with NUL', signupRequestSchema, { name: 'a\u0000' }, 'name'],
    ['signup sessionPrefs beyond int4', signupRequestSchema, { sessionPrefs: [{ rent: -1e10 }] }, 'sessionPrefs.0.rent'],
    ['signup utm with NUL', signupRequestSchema, { utm: { source: '\u0000' } }, 'utm.source'],
    ['verify token twice', verifyQuerySchema, { token: ['a', 'b'] }, 'token'],
    ['boligagent email with NUL', createBoligagentSchema, { email: 'a\u0000@b.dk' }, 'email'],
    ['boligagent pref beyond int4', createBoligagentSchema, { prefs: [{ area: 'aarhus', size: 99999999999 }] }, 'prefs.0.size'],
    ['boligagent token with NUL', boligagentRefQuerySchema, { token: 'a\u0000' }, 'token'],
    ['boligagent id twice', boligagentRefQuerySchema, { id: ['1', '2'] }, 'id'],
    ['notification dwellingId beyond int4', notificationLogSchema, { user: 'abc', dwellingId: 99999999999 }, 'dwellingId'],
    ['search q with NUL', searchQuerySchema, { q: 'ab\u0000' }, 'q'],
    ['search q twice', searchQuerySchema, { q: ['aarhus', 'odense'] }, 'q'],
    ['search rent beyond int4', searchQuerySchema, { q: 'aarhus', rent: '99999999999' }, 'rent'],
    ['latest start beyond safe integers', latestQuerySchema, { start: '99999999999999999999' }, 'start'],
  ] as const)('%s', (_name, schema, input, field) => {
    const result = (schema as z.ZodType).safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path.join('.')).toBe(field);
  });

  it('reads a bn.prf cookie with a number beyond its column, or a NUL, as no prefs', () => {
    expect(parseSessionPrefsCookie(serializeSessionPrefsCookie([{ area: 'aarhus', rooms: 1e12 }]))).toEqual([]);
    expect(parseSessionPrefsCookie(serializeSessionPrefsCookie([{ area: 'aar\u0000hus' }]))).toEqual([]);
    expect(parseSessionPrefsCookie(serializeSessionPrefsCookie([{ area: 'aarhus', rooms: 3 }]))).toEqual([{ area: 'aarhus', rooms: 3 }]);
  });
});
