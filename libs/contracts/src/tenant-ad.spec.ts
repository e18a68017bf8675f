import { describe, expect, it } from 'vitest';
import { landlordContactRequestSchema, tenantAdRequestSchema, type TenantAdRequest } from './tenant-ad';

const valid = {
  profile: { name: 'Mette Jensen', email: 'mette@example.dk', age: 27 },
  housing: { area: 'aarhus', rent: 7500, rooms: 2, size: 55, dwelling: ['apartment'], timeframe: ['gt1y'], available: '01/08/2026' },
  ad: { subject: 'Rolig sygeplejerske søger lejlighed', text: 'Jeg arbejder på Skejby.' },
} satisfies TenantAdRequest;

const refused = (body: unknown) => {
  const parsed = tenantAdRequestSchema.safeParse(body);
  return parsed.success ? null : parsed.error.issues[0]?.path.join('.');
};

describe('tenantAdRequestSchema (POST /api/users/me/tenant)', () => {
  it('fills the optional fields, keeps the listed values once and in order, and takes digits for numbers', () => {
    const parsed = tenantAdRequestSchema.parse({
      ...valid,
      profile: { ...valid.profile, age: '27' },
      housing: { ...valid.housing, rent: '7500', dwelling: ['villa', 'room', 'villa'], timeframe: [] },
    });
    expect(parsed.profile).toEqual({ name: 'Mette Jensen', email: 'mette@example.dk', phone: '', phonealt: '', gender: null, age: 27, profession: '', rki: false });
    expect(parsed.housing.dwelling).toEqual(['room', 'villa']);
    expect(parsed.housing.rent).toBe(7500);
    expect(parsed.publish).toBe(true);
  });

  it('lets blanks through to the domain rules (which answer in the spec words)', () => {
    expect(refused({ ...valid, profile: { ...valid.profile, name: '', age: null }, ad: { subject: '', text: '' } })).toBeNull();
  });

  it.each([
    [{ ...valid, housing: { ...valid.housing, dwelling: ['castle'] } }, 'housing.dwelling.0'],
    [{ ...valid, housing: { ...valid.housing, timeframe: ['forever'] } }, 'housing.timeframe.0'],
    [{ ...valid, housing: { ...valid.housing, rent: 2 ** 31 } }, 'housing.rent'],
    [{ ...valid, housing: { ...valid.housing, rooms: true } }, 'housing.rooms'],
    [{ ...valid, profile: { ...valid.profile, gender: 'other' } }, 'profile.gender'],
    [{ ...valid, profile: { ...valid.profile, name: 'Mette\r\nBcc: x@example.com' } }, 'profile.name'],
    [{ ...valid, profile: { ...valid.profile, profession: 'x'.repeat(81) } }, 'profile.profession'],
    [{ ...valid, ad: { ...valid.ad, text: 'x\u0000' } }, 'ad.text'],
    [{ ...valid, ad: { ...valid.ad, subject: 'x'.repeat(121) } }, 'ad.subject'],
    [{ ...valid, extra: 1 }, ''],
    [{ ...valid, housing: undefined }, 'housing'],
  ])('refuses %j naming %s', (body, path) => {
    expect(refused(body)).toBe(path);
  });
});

describe('landlordContactRequestSchema (POST /api/tenant-ads/{id}/contact)', () => {
  const message = { name: 'Jens Udlejer', email: 'jens@udlejer.dk', message: 'Hej Mette, jeg har en lejlighed på Trøjborg.' };
  it('takes a filled form', () => {
    expect(landlordContactRequestSchema.parse(message)).toEqual({ ...message, phone: '' });
  });
  it.each([
    [{ ...message, email: 'jens' }, 'email'],
    [{ ...message, email: 'jens@udlejer.dk\nBcc: x@example.com' }, 'email'],
    [{ ...message, name: ' ' }, 'name'],
    [{ ...message, message: 'kort' }, 'message'],
  ])('refuses %j naming %s', (body, path) => {
    const parsed = landlordContactRequestSchema.safeParse(body);
    expect(parsed.success ? null : parsed.error.issues[0]?.path.join('.')).toBe(path);
  });
});
