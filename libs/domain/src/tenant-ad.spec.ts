import { describe, expect, it } from 'vitest';
import { TENANT_SLIDERS } from './constants';
import { suggestCities } from './city-suggest';
import { LANDLORD_CONTACT_THROTTLE } from './site-throttles';
import {
  defaultTenantAd,
  firstName,
  isTenantSliderValue,
  tenantAdEmailVerified,
  tenantAvailableFrom,
  tenantDateToIso,
  validateTenantAdForm,
  type TenantAd,
} from './tenant-ad';

// 10:00 Danish summer time on 15 June 2026.
const today = new Date('2026-06-15T08:00:00Z');

const valid = (): TenantAd => ({
  profile: { name: 'Mette Jensen', email: 'mette@example.dk', phone: '+45 12345678', phonealt: '', gender: 'female', age: 27, profession: 'Sygeplejerske', rki: true },
  housing: { area: 'aarhus', rent: 7500, rooms: 2, size: 55, dwelling: ['apartment'], timeframe: ['gt1y'], available: '01/08/2026' },
  ad: { subject: 'Rolig sygeplejerske søger lejlighed', text: 'Jeg arbejder på Skejby og søger en lys toværelses.' },
});

type Patch = { profile?: Partial<TenantAd['profile']>; housing?: Partial<TenantAd['housing']>; ad?: Partial<TenantAd['ad']> };
const withPatch = (patch: Patch): TenantAd => {
  const ad = valid();
  return { profile: { ...ad.profile, ...patch.profile }, housing: { ...ad.housing, ...patch.housing }, ad: { ...ad.ad, ...patch.ad } };
};
const codes = (ad: TenantAd, lang: 'da' | 'en' = 'da') => validateTenantAdForm(ad, today, lang).map((e) => `${e.field}:${e.code}`);

describe('section 9: the tenant sliders', () => {
  it('has the spec ranges, steps and defaults', () => {
    expect(TENANT_SLIDERS).toEqual({
      rent: { min: 1000, max: 14000, step: 100, default: 14000 },
      rooms: { min: 1, max: 6, step: 1, default: 1 },
      size: { min: 10, max: 140, step: 1, default: 10 },
    });
  });

  it.each([
    ['rent', 1000, true],
    ['rent', 14000, true],
    ['rent', 7500, true],
    ['rent', 7550, false],
    ['rent', 900, false],
    ['rent', 14100, false],
    ['rooms', 1, true],
    ['rooms', 6, true],
    ['rooms', 0, false],
    ['rooms', 7, false],
    ['rooms', 2.5, false],
    ['size', 10, true],
    ['size', 140, true],
    ['size', 9, false],
    ['size', 141, false],
  ] as const)('%s %d → %s', (name, value, expected) => {
    expect(isTenantSliderValue(name, value)).toBe(expected);
  });
});

describe('defaultTenantAd', () => {
  it('starts at the slider defaults, two months ahead at the start of a month, with the account details', () => {
    const ad = defaultTenantAd(today, { name: 'Mette Jensen', email: 'mette@example.dk', phone: null });
    expect(ad.housing).toEqual({ area: '', rent: 14000, rooms: 1, size: 10, dwelling: [], timeframe: [], available: '01/08/2026' });
    expect(ad.profile).toMatchObject({ name: 'Mette Jensen', email: 'mette@example.dk', phone: '', age: null, rki: false });
    expect(ad.ad).toEqual({ subject: '', text: '' });
  });

  it.each([
    ['2026-11-30T12:00:00Z', '01/01/2027'],
    ['2026-12-31T23:30:00Z', '01/03/2027'], // already 1 January in Denmark (UTC+1)
    ['2026-01-01T00:00:00Z', '01/03/2026'],
  ])('today %s → available %s', (now, expected) => {
    expect(defaultTenantAd(new Date(now)).housing.available).toBe(expected);
  });

  it('passes its own rules once the seeker has filled in the rest', () => {
    const ad = defaultTenantAd(today, { name: 'Mette', email: 'mette@example.dk' });
    expect(codes({ ...ad, profile: { ...ad.profile, age: 30 }, housing: { ...ad.housing, area: 'odense' }, ad: { subject: 'S', text: 'T' } })).toEqual([]);
  });
});

describe('validateTenantAdForm: every rule, in the form order', () => {
  it.each<[string, Patch, string[]]>([
    ['a complete ad', {}, []],
    ['available today', { housing: { available: '15/06/2026' } }, []],
    ['available yesterday', { housing: { available: '14/06/2026' } }, ['housing-available:date-in-past']],
    ['an ISO date', { housing: { available: '2026-08-01' } }, ['housing-available:date-invalid']],
    ['a date that does not exist', { housing: { available: '31/06/2026' } }, ['housing-available:date-invalid']],
    ['age 18', { profile: { age: 18 } }, []],
    ['age 17', { profile: { age: 17 } }, ['profile-age:age-under-18']],
    ['no age', { profile: { age: null } }, ['profile-age:age-required']],
    ['age 121', { profile: { age: 121 } }, ['profile-age:age-too-high']],
    ['no area', { housing: { area: '' } }, ['housing-area:area-required']],
    ['rent off the step', { housing: { rent: 7550 } }, ['housing-rent:slider-out-of-range']],
    ['rooms 0', { housing: { rooms: 0 } }, ['housing-rooms:slider-out-of-range']],
    ['size 200', { housing: { size: 200 } }, ['housing-size:slider-out-of-range']],
    ['a blank name', { profile: { name: '  ' } }, ['profile-name:tenant-name-required']],
    ['a bad email', { profile: { email: 'mette@example' } }, ['profile-email:tenant-email-invalid']],
    ['no headline', { ad: { subject: ' ' } }, ['ad-subject:subject-required']],
    ['no text', { ad: { text: '' } }, ['ad-text:text-required']],
    [
      'everything wrong at once',
      { profile: { name: '', age: 12 }, housing: { area: '', size: 5, available: 'i morgen' }, ad: { text: '' } },
      ['profile-name:tenant-name-required', 'profile-age:age-under-18', 'housing-area:area-required', 'housing-size:slider-out-of-range', 'housing-available:date-invalid', 'ad-text:text-required'],
    ],
  ])('%s', (_name, patch, expected) => {
    expect(codes(withPatch(patch))).toEqual(expected);
  });

  it('speaks the asked language and names the slider range', () => {
    const [da] = validateTenantAdForm(withPatch({ housing: { rent: 500 } }), today, 'da');
    const [en] = validateTenantAdForm(withPatch({ housing: { rent: 500 } }), today, 'en');
    expect(da.message).toBe('Vælg en værdi mellem 1000 og 14000.');
    expect(en.message).toBe('Choose a value between 1000 and 14000.');
    expect(validateTenantAdForm(withPatch({ profile: { age: 17 } }), today, 'en')[0].message).toBe('You must be at least 18 years old.');
  });
});

describe('area suggestions: at most 10, matched on the city slug', () => {
  const cities = Array.from({ length: 14 }, (_, i) => ({ slug: `aa-by-${i}`, label: `Aa By ${i}`, active: true }));
  it('gives 10 of 14 matches, and finds a city by its slug spelling of æ/ø/å', () => {
    expect(suggestCities('aa', cities)).toHaveLength(10);
    expect(suggestCities('Århus', [{ slug: 'aarhus', label: 'Aarhus', active: true }]).map((c) => c.slug)).toEqual(['aarhus']);
  });
});

describe('what landlords see', () => {
  it.each([
    ['Mette Jensen', 'Mette'],
    ['  Ida   Marie Holm ', 'Ida'],
    ['Søren', 'Søren'],
    ['', ''],
  ])('first name of %j is %j', (name, expected) => {
    expect(firstName(name)).toBe(expected);
  });

  it.each([
    ['01/08/2026', '01/08/2026'],
    ['15/06/2026', null],
    ['01/01/2026', null],
    ['nonsense', null],
  ])('available %s → %s', (available, expected) => {
    expect(tenantAvailableFrom(available, today)).toBe(expected);
  });

  it('stores the date as its calendar day', () => {
    expect(tenantDateToIso('01/08/2026')).toBe('2026-08-01');
    expect(tenantDateToIso('32/08/2026')).toBeNull();
  });

  it('throttles the landlord relay per address and per ad', () => {
    expect(LANDLORD_CONTACT_THROTTLE.perIp).toBeGreaterThan(0);
    expect(LANDLORD_CONTACT_THROTTLE.perAd).toBeGreaterThan(LANDLORD_CONTACT_THROTTLE.perIp);
  });
});

describe('tenantAdEmailVerified: the relay mails only a proven address (issue 29)', () => {
  const proven = new Date('2026-06-15T08:00:00Z');
  it.each([
    ['proven by its link', { email: 'mette@example.dk', emailVerifiedAt: proven }, { email: 'bruger@husly.dk', emailVerified: false }, true],
    ["the account's verified address", { email: 'mette@example.dk', emailVerifiedAt: null }, { email: 'mette@example.dk', emailVerified: true }, true],
    ["the account's verified address, spelt otherwise", { email: ' Mette@Example.DK', emailVerifiedAt: null }, { email: 'mette@example.dk', emailVerified: true }, true],
    ["the account's address, not verified", { email: 'mette@example.dk', emailVerifiedAt: null }, { email: 'mette@example.dk', emailVerified: false }, false],
    ['another address, not proven', { email: 'nabo@example.dk', emailVerifiedAt: null }, { email: 'mette@example.dk', emailVerified: true }, false],
    ['an account without an address', { email: 'nabo@example.dk', emailVerifiedAt: null }, { email: null, emailVerified: true }, false],
  ] as const)('%s', (_name, ad, account, expected) => {
    expect(tenantAdEmailVerified(ad, account)).toBe(expected);
  });
});
