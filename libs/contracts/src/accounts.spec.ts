import { describe, expect, it } from 'vitest';
import { parseSessionPrefsCookie, serializeSessionPrefsCookie } from './browser/accounts';
import { loginRequestSchema, signupRequestSchema } from './accounts';

describe('bn.prf session prefs cookie', () => {
  it('round-trips a list of prefs', () => {
    const prefs = [{ area: 'aarhus', rent: 8000, rooms: 2, size: 60 }, { area: 'koebenhavn' }];
    expect(parseSessionPrefsCookie(serializeSessionPrefsCookie(prefs))).toEqual(prefs);
  });

  it.each([undefined, '', 'not json', '%E0%A4%A', encodeURIComponent('{"area":"aarhus"}'), encodeURIComponent('[{"rent":"mange"}]')])(
    'reads %j as no prefs instead of failing the login',
    (value) => {
      expect(parseSessionPrefsCookie(value)).toEqual([]);
    },
  );
});

describe('account request shapes', () => {
  it('lets blank fields through to the section 5 rules, which word the message', () => {
    expect(signupRequestSchema.parse({})).toEqual({ email: '', name: '', password: '', terms: false, consent_communication: false });
    expect(loginRequestSchema.parse({ email: 'a@b.dk' })).toEqual({ email: 'a@b.dk', password: '' });
  });

  it('refuses wrong types and oversized passwords', () => {
    expect(signupRequestSchema.safeParse({ terms: 'yes' }).success).toBe(false);
    expect(loginRequestSchema.safeParse({ email: 'a@b.dk', password: 'x'.repeat(1025) }).success).toBe(false);
  });
});
