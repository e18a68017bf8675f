// Structured data (schema.org JSON-LD) and share previews of the public pages, as pure functions:
// the server render writes them into <head>, the browser replaces them on client navigation.
// Which types and why: docs/decisions/0019-rich-results.md. Every URL given here is already
// absolute and on a configured host (the caller builds it from PUBLIC_URL, never from a request).
import type { Language } from './constants';
import type { JsonLd } from './json-ld';

export const SITE_NAME = 'Husly';

const CONTEXT = 'https://schema.org' as const;

/** A path of ours or an absolute http(s) URL, made absolute on `origin` (PUBLIC_URL's, never a request's). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin.replace(/\/$/, '')}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** The site's publisher, on / only (Google: Organization; logo at least 112×112, raster). */
export function organizationJsonLd(input: { origin: string; logoUrl: string; legalName?: string }): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': `${input.origin}/#organization`,
    name: SITE_NAME,
    ...(input.legalName ? { legalName: input.legalName } : {}),
    url: `${input.origin}/`,
    logo: input.logoUrl,
  };
}

/**
 * The site (Google's site names: `name` and `url` on the home page) with the search as a SearchAction.
 * Google stopped showing the sitelinks search box in November 2024; the action stays valid
 * schema.org and says where our search is.
 */
export function webSiteJsonLd(input: { origin: string; language: Language; description?: string }): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    '@id': `${input.origin}/#website`,
    name: SITE_NAME,
    url: `${input.origin}/`,
    inLanguage: input.language,
    ...(input.description ? { description: input.description } : {}),
    publisher: { '@id': `${input.origin}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${input.origin}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

export interface Crumb {
  name: string;
  /** Absolute URL. */
  url: string;
}

/** Google's breadcrumb: at least two ListItems, each with position, name and item (the URL). */
export function breadcrumbJsonLd(crumbs: readonly Crumb[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: crumb.url })),
  };
}

/**
 * A list page's dwellings as Google's "summary page" ItemList: ListItems with position and url only,
 * each pointing at its own detail page. `offset` is the first item's place in the whole list (start=).
 */
export function itemListJsonLd(input: { name: string; urls: readonly string[]; offset?: number; total?: number }): JsonLd {
  const offset = input.offset ?? 0;
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    name: input.name,
    ...(input.total !== undefined ? { numberOfItems: input.total } : {}),
    itemListElement: input.urls.map((url, i) => ({ '@type': 'ListItem', position: offset + i + 1, url })),
  };
}

/** The dwelling types a feed may give (facts.dwelling_types), as schema.org Accommodation types. */
const ACCOMMODATION_TYPES: Readonly<Record<string, string>> = {
  apartment: 'Apartment',
  room: 'Room',
  townhouse: 'House',
  villa: 'SingleFamilyResidence',
};

/** schema.org type of a dwelling: its one known type, else the general Accommodation. */
export function accommodationType(types: unknown): string {
  const list = Array.isArray(types) ? types.filter((t): t is string => typeof t === 'string') : [];
  const known = [...new Set(list.map((t) => ACCOMMODATION_TYPES[t.trim().toLowerCase()]).filter(Boolean))];
  return known.length === 1 ? known[0]! : 'Accommodation';
}

export interface DwellingListingInput {
  /** Absolute URL of /vis/{id}. */
  url: string;
  headline: string;
  /** What the page shows as its text (the teaser for a visitor: the description is withheld). */
  description: string;
  /** Absolute URLs of the images the page shows (blurred for a visitor). */
  images: readonly string[];
  /** ISO date-time the listing was created. */
  createdAt?: string | null;
  /** Monthly rent in DKK; -1 unknown. */
  rent: number;
  /** -1 unknown. */
  rooms: number;
  /** m²; -1 unknown. */
  size: number;
  street: string | null;
  city: string;
  zip: string | null;
  geo: { lat: number; lng: number } | null;
  /** facts.dwelling_types. */
  dwellingTypes?: unknown;
  /** Open for contact (not rented): only then is there an offer. */
  available: boolean;
  language: Language;
}

/**
 * /vis/{id}: a RealEstateListing (the page) whose mainEntity is the dwelling (Apartment, House, …)
 * and whose offer is to lease it out at a monthly rent. No Google rich result exists for rentals
 * (VacationRental is for Hotel Center partners), so this follows schema.org and describes only what
 * the page shows; unknown numbers (-1) are left out rather than guessed.
 */
export function dwellingListingJsonLd(input: DwellingListingInput): JsonLd {
  const known = (n: number) => Number.isFinite(n) && n >= 0;
  const dwelling: Record<string, unknown> = {
    '@type': accommodationType(input.dwellingTypes),
    name: input.headline,
    ...(known(input.rooms) && input.rooms > 0 ? { numberOfRooms: input.rooms } : {}),
    ...(known(input.size) && input.size > 0 ? { floorSize: { '@type': 'QuantitativeValue', value: input.size, unitCode: 'MTK' } } : {}),
    address: {
      '@type': 'PostalAddress',
      ...(input.street ? { streetAddress: input.street } : {}),
      addressLocality: input.city,
      ...(input.zip ? { postalCode: input.zip } : {}),
      addressCountry: 'DK',
    },
    ...(input.geo ? { geo: { '@type': 'GeoCoordinates', latitude: input.geo.lat, longitude: input.geo.lng } } : {}),
  };
  const offer =
    input.available && known(input.rent) && input.rent > 0
      ? {
          '@type': 'Offer',
          businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
          price: input.rent,
          priceCurrency: 'DKK',
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            price: input.rent,
            priceCurrency: 'DKK',
            unitCode: 'MON',
          },
          availability: 'https://schema.org/InStock',
          url: input.url,
        }
      : undefined;
  return {
    '@context': CONTEXT,
    '@type': 'RealEstateListing',
    '@id': `${input.url}#listing`,
    url: input.url,
    name: input.headline,
    description: input.description,
    inLanguage: input.language,
    ...(input.createdAt ? { datePosted: input.createdAt } : {}),
    ...(input.images.length > 0 ? { image: [...input.images] } : {}),
    mainEntity: dwelling,
    ...(offer ? { offers: offer } : {}),
  };
}

/** og:locale of a language (Open Graph wants language_TERRITORY). */
export const OG_LOCALES: Readonly<Record<Language, string>> = { da: 'da_DK', en: 'en_GB' };
