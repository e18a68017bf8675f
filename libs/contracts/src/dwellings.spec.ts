import { describe, it, expect } from 'vitest';
import {
  dwellingDetailSchema,
  dwellingListResponseSchema,
  landlordContactSchema,
  latestQuerySchema,
  searchQuerySchema,
  type DwellingDetail,
  type DwellingListItem,
  type LandlordContact,
} from './dwellings';

const item = {
  dwellingId: 'd-1001',
  headline: '3-værelses lejlighed på Frederiksbjerg',
  teaser: 'Lys lejlighed tæt på alt.',
  rent: 9500,
  rooms: 3,
  size: 82,
  city: 'Aarhus C',
  street: 'Jægergårdsgade',
  lat: 56.1482,
  lng: 10.2036,
  image: '/images/d-1001/1.jpg',
  images: ['/images/d-1001/1.jpg', '/images/d-1001/2.jpg'],
  createdAt: '2026-03-01T10:00:00.000Z',
  deletedAt: null,
  monthlyCost: 10150,
  moveInCost: 48150,
} satisfies DwellingListItem;

describe('dwellingListResponseSchema', () => {
  const body = { data: [item], meta: { total: 1, start: 0, pageSize: 150 } };

  it.each([
    ['a vacant dwelling', body],
    ['a rented dwelling', { ...body, data: [{ ...item, deletedAt: '2026-04-02T10:00:00+02:00' }] }],
    ['unknown rent, rooms and size', { ...body, data: [{ ...item, rent: -1, rooms: -1, size: -1 }] }],
    ['no images and no position', { ...body, data: [{ ...item, image: null, images: [], lat: null, lng: null, street: null }] }],
    ['an empty page', { data: [], meta: { total: 0, start: 0, pageSize: 15 } }],
  ])('accepts %s', (_name, value) => {
    expect(dwellingListResponseSchema.parse(value)).toEqual(value);
  });

  it.each([
    ['a date that is not ISO', { ...body, data: [{ ...item, createdAt: '01/03/2026' }] }],
    ['a rent below -1', { ...body, data: [{ ...item, rent: -2 }] }],
    ['a numeric id', { ...body, data: [{ ...item, dwellingId: 1001 }] }],
    ['a page size above 500', { ...body, meta: { ...body.meta, pageSize: 501 } }],
    ['a negative start', { ...body, meta: { ...body.meta, start: -1 } }],
  ])('rejects %s', (_name, value) => {
    expect(dwellingListResponseSchema.safeParse(value).success).toBe(false);
  });
});

describe('dwellingDetailSchema', () => {
  const detail = {
    dwellingId: 'd-1001',
    headline: item.headline,
    teaser: item.teaser,
    description: 'Hele beskrivelsen.',
    remarks: null,
    rent: 9500,
    rooms: 3,
    size: 82,
    pets: -1,
    economy: 'Husleje 9.500 kr.',
    available: '2026-05-01',
    timeframe: '12-24',
    location: { street: 'Jægergårdsgade', city: 'Aarhus C', zip: '8000', citySlug: 'aarhus' },
    geolocation: { lat: 56.1482, lng: 10.2036 },
    images: item.images,
    facts: { deposit: 28500, prepaid_rent: 9500, expenses_heat: 650, dwelling_types: ['apartment'] },
    status: 1,
    deletedAt: null,
    subscribed: true,
    costs: { monthly: 10150, moveIn: 48150 },
    fairRent: { verdict: 'above', percent: 12, rentPerM2: 116, medianPerM2: 104, comparables: 31, band: { min: 80, max: 100 }, city: 'Aarhus' },
  } satisfies DwellingDetail;

  it.each([
    ['a subscriber’s view', detail],
    ['a visitor’s view', { ...detail, description: null, subscribed: false }],
    ['unknown pets and no position', { ...detail, pets: null, geolocation: null }],
    ['unknown costs and no fair-rent hint', { ...detail, costs: { monthly: null, moveIn: null }, fairRent: null }],
    ['not found', { ...detail, status: 0 }],
  ])('accepts %s', (_name, value) => {
    expect(dwellingDetailSchema.parse(value)).toEqual(value);
  });

  it.each([
    ['pets 0', { ...detail, pets: 0 }],
    ['an unknown fact key', { ...detail, facts: { parking: 1 } }],
    ['a five-digit zip', { ...detail, location: { ...detail.location, zip: '80000' } }],
    ['missing subscribed', { ...detail, subscribed: undefined }],
  ])('rejects %s', (_name, value) => {
    expect(dwellingDetailSchema.safeParse(value).success).toBe(false);
  });
});

describe('landlordContactSchema', () => {
  const contact = {
    address: 'Jægergårdsgade 1, 8000 Aarhus C',
    remark: ['Ring efter kl. 16'],
    type: 'nonprofit',
    reference: 'AB-123',
    name: 'Boligforeningen Aarhus',
    email: 'udlejning@example.dk',
    phone: '12345678',
    url: 'https://example.dk',
  } satisfies LandlordContact;

  it.each([
    ['a housing association', contact],
    ['a private landlord without email or url', { ...contact, type: 'private', email: null, url: null, remark: [] }],
  ])('accepts %s', (_name, value) => {
    expect(landlordContactSchema.parse(value)).toEqual(value);
  });

  it.each([
    ['an unknown type', { ...contact, type: 'agent' }],
    ['a remark that is not a list', { ...contact, remark: 'x' }],
  ])('rejects %s', (_name, value) => {
    expect(landlordContactSchema.safeParse(value).success).toBe(false);
  });
});

describe('searchQuerySchema', () => {
  it.each([
    [{}, { start: 0, pageSize: 150 }],
    [{ q: '  Aarhus ', rent: '8000', rooms: '3', size: '60', start: '150' }, { q: 'Aarhus', rent: 8000, rooms: 3, size: 60, start: 150, pageSize: 150 }],
    // Slider defaults and empty values are not set; an empty q is no q.
    [{ q: '', rent: '14000', rooms: '1', size: '10', start: '0' }, { start: 0, pageSize: 150 }],
    [{ q: '   ', rent: '' }, { start: 0, pageSize: 150 }],
    [{ rent: 6000, pageSize: '500' }, { rent: 6000, start: 0, pageSize: 500 }],
    // Unknown parameters (utm values) are dropped.
    [{ q: 'Ry', utm_source: 'x' }, { q: 'Ry', start: 0, pageSize: 150 }],
    // The extra filters and the order (issue 15): newest and the monthly slider's "Any" end are not set.
    [
      { q: 'Ry', pets: '1', type: 'villa', movein: '2027-01-31', timeframe: 'gt1y', monthly: '9500', sort: 'rent-per-m2' },
      { q: 'Ry', pets: true, type: 'villa', movein: '2027-01-31', timeframe: 'gt1y', monthly: 9500, sort: 'rent-per-m2', start: 0, pageSize: 150 },
    ],
    [{ q: 'Ry', sort: 'newest', monthly: '20000', pets: '', type: '' }, { q: 'Ry', start: 0, pageSize: 150 }],
    [{ sort: 'size', monthly: 0 }, { sort: 'size', monthly: 0, start: 0, pageSize: 150 }],
  ])('%j → %j', (query, expected) => {
    expect(searchQuerySchema.parse(query)).toEqual(expected);
  });

  it.each([
    [{ q: 'a' }, [['q', 'search-too-short']]],
    [{ rent: 'abc' }, [['rent', 'not-integer']]],
    [{ rooms: '2.5', size: '-1' }, [['rooms', 'not-integer'], ['size', 'not-integer']]],
    [{ start: 'x' }, [['start', 'not-integer']]],
    [{ pageSize: '0' }, [['pageSize', 'not-integer']]],
    [{ pageSize: '501' }, [['pageSize', 'not-integer']]],
    [{ q: 'a', rent: 'x' }, [['q', 'search-too-short'], ['rent', 'not-integer']]],
    [{ rent: ['8000', '9000'] }, [['rent', 'repeated-parameter']]],
    [{ sort: 'cheapest' }, [['sort', 'invalid-value']]],
    [{ sort: 'RENT' }, [['sort', 'invalid-value']]],
    [{ pets: 'yes' }, [['pets', 'invalid-value']]],
    [{ pets: '-1' }, [['pets', 'invalid-value']]],
    [{ type: 'castle' }, [['type', 'invalid-value']]],
    [{ timeframe: '12-24' }, [['timeframe', 'invalid-value']]],
    [{ movein: '2027-02-31' }, [['movein', 'invalid-value']]],
    [{ movein: '01/12/2026' }, [['movein', 'invalid-value']]],
    [{ monthly: '-5' }, [['monthly', 'invalid-value']]],
    [{ monthly: '99999999999' }, [['monthly', 'invalid-value']]],
    [{ sort: ['rent', 'size'] }, [['sort', 'repeated-parameter']]],
  ])('%j → issues %j', (query, expected) => {
    const result = searchQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => [i.path.join('.'), (i as { params?: { code?: string } }).params?.code]);
    expect(issues).toEqual(expected);
  });

  it('uses the domain’s Danish messages', () => {
    const result = searchQuerySchema.safeParse({ q: 'a' });
    expect(result.error?.issues[0].message).toBe('Søgeord skal indeholde mere end to tegn');
  });
});

describe('latestQuerySchema', () => {
  it.each([
    [{}, { start: 0, pageSize: 15 }],
    [{ start: '15', pageSize: '30' }, { start: 15, pageSize: 30 }],
  ])('%j → %j', (query, expected) => {
    expect(latestQuerySchema.parse(query)).toEqual(expected);
  });

  it.each([[{ start: '-1' }], [{ pageSize: 'many' }]])('rejects %j', (query) => {
    expect(latestQuerySchema.safeParse(query).success).toBe(false);
  });
});
