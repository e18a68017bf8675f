import { describe, it, expect } from 'vitest';
import { suggestCities } from '@husly/domain';
import { areasResponseSchema, citySchema, type AreasResponse, type City } from './areas';

const aarhus = {
  slug: 'aarhus',
  label: 'Aarhus',
  active: true,
  zips: ['8000', '8200'],
  popular: true,
  popularRank: 2,
  lat: 56.15674,
  lng: 10.21076,
  population: 237_551,
} satisfies City;

describe('citySchema', () => {
  it.each([
    ['a popular city', aarhus],
    ['a city that is not popular', { ...aarhus, slug: 'kongens-lyngby', label: 'Kongens Lyngby', popular: false, popularRank: null }],
    ['a city without zips', { ...aarhus, zips: [] }],
  ])('accepts %s', (_name, city) => {
    expect(citySchema.parse(city)).toEqual(city);
  });

  it.each([
    ['an unslugged slug', { ...aarhus, slug: 'Aarhus C' }],
    ['a slug with an edge hyphen', { ...aarhus, slug: '-aarhus' }],
    ['a three-digit zip', { ...aarhus, zips: ['800'] }],
    ['a zero rank', { ...aarhus, popularRank: 0 }],
    ['a latitude out of range', { ...aarhus, lat: 91 }],
    ['an empty label', { ...aarhus, label: '' }],
  ])('rejects %s', (_name, city) => {
    expect(citySchema.safeParse(city).success).toBe(false);
  });
});

describe('areasResponseSchema', () => {
  const body = { data: [aarhus], aliases: { '8000': 'aarhus', 'aarhus c': 'aarhus' } } satisfies AreasResponse;

  it('accepts cities and aliases, and feeds suggestCities as is', () => {
    const parsed = areasResponseSchema.parse(body);
    expect(suggestCities('8000', parsed.data, parsed.aliases).map((c) => c.slug)).toEqual(['aarhus']);
  });

  it.each([
    ['an alias to a non-string', { ...body, aliases: { '8000': 1 } }],
    ['data that is not a list', { ...body, data: aarhus }],
  ])('rejects %s', (_name, value) => {
    expect(areasResponseSchema.safeParse(value).success).toBe(false);
  });
});
