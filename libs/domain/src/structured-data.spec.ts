import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  accommodationType,
  breadcrumbJsonLd,
  dwellingListingJsonLd,
  itemListJsonLd,
  organizationJsonLd,
  webSiteJsonLd,
  type DwellingListingInput,
} from './structured-data';
import { jsonLdText, type JsonLd } from './json-ld';
import type { ListFilters } from './list-filters';
import { searchCanonicalPath } from './search-canonical';

const ORIGIN = 'https://husly.dk';

/**
 * Google's documented required properties (developers.google.com/search/docs/appearance/structured-data):
 * breadcrumb: itemListElement of ListItem with position, name, item; site names: WebSite name and url;
 * summary-page carousel: ItemList of ListItem with position and url. Checked here so a refactor cannot
 * drop one silently.
 */
function expectGoogleShape(node: JsonLd): void {
  expect(node['@context']).toBe('https://schema.org');
  const items = node.itemListElement as Array<Record<string, unknown>> | undefined;
  switch (node['@type']) {
    case 'BreadcrumbList':
      expect(items!.length).toBeGreaterThanOrEqual(2);
      items!.forEach((item, i) => {
        expect(item).toMatchObject({ '@type': 'ListItem', position: i + 1 });
        expect(typeof item.name).toBe('string');
        expect(item.item).toMatch(/^https?:\/\//);
      });
      break;
    case 'ItemList':
      items!.forEach((item) => {
        expect(Object.keys(item).sort()).toEqual(['@type', 'position', 'url']);
        expect(item.url).toMatch(/^https?:\/\//);
      });
      break;
    case 'WebSite':
      expect(node.name).toBeTruthy();
      expect(node.url).toMatch(/^https?:\/\/.+\/$/);
      break;
    case 'Organization':
      expect(node.url).toMatch(/^https?:\/\//);
      expect(node.logo).toMatch(/^https?:\/\/.+\.png$/);
      break;
    default:
      expect(node.url).toMatch(/^https?:\/\//);
      expect(node.name).toBeTruthy();
  }
}

const dwelling: DwellingListingInput = {
  url: `${ORIGIN}/vis/42`,
  headline: '3-værelses lejlighed med altan',
  description: 'Lys lejlighed tæt på søerne.',
  images: [`${ORIGIN}/media/dwellings/${'a'.repeat(32)}.jpg`],
  createdAt: '2026-11-20T08:00:00.000Z',
  rent: 9500,
  rooms: 3,
  size: 82,
  street: 'Nørregade 1',
  city: 'Aarhus',
  zip: '8000',
  geo: { lat: 56.15, lng: 10.2 },
  dwellingTypes: ['apartment'],
  available: true,
  language: 'da',
};

describe('jsonLdText: JSON-LD that no text can break out of', () => {
  it.each([
    ['</script><script>alert(1)</script>'],
    ['<!-- <script>'],
    ['a & b > c'],
    ['line\u2028separator\u2029paragraph'],
    ['"quotes" and \\ backslashes'],
  ])('%j stays inside the element and parses back unchanged', (headline) => {
    const text = jsonLdText({ name: headline });
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text.toLowerCase()).not.toContain('</script');
    expect(JSON.parse(text)).toEqual({ name: headline });
  });

  it("a landlord's headline in a listing cannot close the script", () => {
    const node = dwellingListingJsonLd({ ...dwelling, headline: '</script><script>alert(1)</script>' });
    const text = jsonLdText(node);
    expect(text).not.toContain('</script>');
    expect((JSON.parse(text) as JsonLd).name).toBe('</script><script>alert(1)</script>');
  });
});

describe('absoluteUrl', () => {
  it.each([
    ['/media/dwellings/x.jpg', 'https://husly.dk/media/dwellings/x.jpg'],
    ['og-image.png', 'https://husly.dk/og-image.png'],
    ['https://cdn.example/x.jpg', 'https://cdn.example/x.jpg'],
  ])('%j → %j', (path, expected) => {
    expect(absoluteUrl(`${ORIGIN}/`, path)).toBe(expected);
  });
});

describe('home: Organization and WebSite with a SearchAction', () => {
  it('names the site, its logo and where the search is', () => {
    const org = organizationJsonLd({ origin: ORIGIN, logoUrl: `${ORIGIN}/logo.png`, legalName: 'Husly ApS' });
    const site = webSiteJsonLd({ origin: ORIGIN, language: 'en' });
    expectGoogleShape(org);
    expectGoogleShape(site);
    expect(site).toMatchObject({
      inLanguage: 'en',
      publisher: { '@id': org['@id'] },
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: 'https://husly.dk/search?q={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
  });
});

describe('city pages: BreadcrumbList and ItemList', () => {
  it('numbers crumbs from 1 with absolute URLs', () => {
    const crumbs = breadcrumbJsonLd([
      { name: 'Husly', url: `${ORIGIN}/` },
      { name: 'Aarhus', url: `${ORIGIN}/aarhus` },
    ]);
    expectGoogleShape(crumbs);
  });

  it("lists the page's dwellings by URL, positions counted from the page's start", () => {
    const list = itemListJsonLd({ name: 'Aarhus', urls: [`${ORIGIN}/vis/1`, `${ORIGIN}/vis/2`], offset: 30, total: 200 });
    expectGoogleShape(list);
    expect((list.itemListElement as Array<{ position: number }>).map((i) => i.position)).toEqual([31, 32]);
    expect(list.numberOfItems).toBe(200);
  });
});

describe('/vis/{id}: RealEstateListing of an Accommodation leased out monthly', () => {
  it('describes what the page shows', () => {
    const node = dwellingListingJsonLd(dwelling);
    expectGoogleShape(node);
    expect(node).toMatchObject({
      '@type': 'RealEstateListing',
      datePosted: '2026-11-20T08:00:00.000Z',
      image: dwelling.images,
      mainEntity: {
        '@type': 'Apartment',
        numberOfRooms: 3,
        floorSize: { '@type': 'QuantitativeValue', value: 82, unitCode: 'MTK' },
        address: { '@type': 'PostalAddress', streetAddress: 'Nørregade 1', addressLocality: 'Aarhus', postalCode: '8000', addressCountry: 'DK' },
        geo: { '@type': 'GeoCoordinates', latitude: 56.15, longitude: 10.2 },
      },
      offers: {
        '@type': 'Offer',
        businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
        price: 9500,
        priceCurrency: 'DKK',
        priceSpecification: { '@type': 'UnitPriceSpecification', unitCode: 'MON' },
      },
    });
  });

  it('leaves out what is unknown (-1) and offers nothing for a rented dwelling', () => {
    const node = dwellingListingJsonLd({ ...dwelling, rent: -1, rooms: -1, size: -1, street: null, zip: null, geo: null, images: [], createdAt: null });
    expect(node.offers).toBeUndefined();
    expect(node.image).toBeUndefined();
    expect(node.datePosted).toBeUndefined();
    const main = node.mainEntity as Record<string, unknown>;
    expect(main.numberOfRooms).toBeUndefined();
    expect(main.floorSize).toBeUndefined();
    expect(main.geo).toBeUndefined();
    expect(main.address).toEqual({ '@type': 'PostalAddress', addressLocality: 'Aarhus', addressCountry: 'DK' });
    expect(dwellingListingJsonLd({ ...dwelling, available: false }).offers).toBeUndefined();
  });

  it.each([
    [['apartment'], 'Apartment'],
    [['room'], 'Room'],
    [['townhouse'], 'House'],
    [['villa'], 'SingleFamilyResidence'],
    [['apartment', 'villa'], 'Accommodation'],
    [[], 'Accommodation'],
    [null, 'Accommodation'],
    [['castle'], 'Accommodation'],
  ])('dwelling_types %j → %s', (types, expected) => {
    expect(accommodationType(types)).toBe(expected);
  });
});

describe('searchCanonicalPath: /search?q=<a city> is the city page', () => {
  it.each([
    [{}, 'aarhus', '/aarhus'],
    [{ start: 0 }, 'aarhus', '/aarhus'],
    [{ start: 30 }, 'aarhus', '/aarhus?start=30'],
    [{ rent: 8000 }, 'aarhus', null],
    [{ rooms: 2 }, 'aarhus', null],
    [{ size: 50 }, 'aarhus', null],
    // Every filter of the table, and the order: a list of its own, not the city page.
    [{ pets: true }, 'aarhus', null],
    [{ monthly: 9000 }, 'aarhus', null],
    [{ type: 'villa' }, 'aarhus', null],
    [{ movein: '2027-01-01' }, 'aarhus', null],
    [{ timeframe: 'gt1y' }, 'aarhus', null],
    [{ sort: 'rent' }, 'aarhus', null],
    [{}, undefined, null],
  ] satisfies Array<[ListFilters & { start?: number }, string | undefined, string | null]>)('%j naming %j → %j', (search, slug, expected) => {
    expect(searchCanonicalPath(search, slug)).toBe(expected);
  });
});
