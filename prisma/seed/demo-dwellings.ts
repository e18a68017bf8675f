import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { City, PostalCode } from './cities';
import { createRandom, normalCdf, type Random } from './seeded-random';

// Synthetic demo dwellings and landlords. Pure: the seed, the clock and the distributions are
// arguments, and the output is plain objects (a colleague maps them to Prisma). Rent and size come from
// the aggregated quantiles in prisma/data/listing-distributions-by-rooms.csv; nothing here is a real
// listing, address, person or company. See docs/decisions/0002-cities-and-demo-data.md.

// ---------------------------------------------------------------------------------------------
// Output shapes

export type DwellingType = 'apartment' | 'townhouse' | 'villa' | 'room';
export type LandlordType = 'private' | 'company' | 'nonprofit';

/** The detail page's fact keys (spec section 3). Amounts are DKK; 0 means not charged / not included. */
export interface DwellingFacts {
  /** Aconto heating per month. */
  expenses_heat: number;
  /** Aconto water per month. */
  expenses_water: number;
  /** Aconto electricity per month (0: the tenant has their own meter and contract). */
  expenses_electricity: number;
  /** TV package / common antenna per month. */
  expenses_tv: number;
  /** Internet per month. */
  expenses_internet: number;
  /** Other fixed charges per month (residents' association, laundry, …). */
  expenses_misc: number;
  /** Everything paid on top of the rent per month: expenses_ac + tv + internet + misc. */
  expenses: number;
  /** Aconto total per month: heat + water + electricity. */
  expenses_ac: number;
  /** Prepaid rent (forudbetalt leje), once. */
  prepaid_rent: number;
  /** Deposit (depositum), once: 3 × rent. */
  deposit: number;
  /** Move-in price (indflytningspris): deposit + prepaid rent + first month's rent and expenses. */
  downpayment: number;
  /** Number of identical dwellings offered by this ad (usually 1; new builds and associations more). */
  houses: number;
  dwelling_types: DwellingType[];
}

export interface DemoLandlord {
  /** Stable within one generated set: 'demo-landlord-001' … (for upserts). */
  externalId: string;
  type: LandlordType;
  name: string;
  email: string;
  phone: string;
  url: string | null;
  address: string;
  /** The landlord's reference to quote when getting in touch (association department, case prefix). */
  reference: string | null;
  remarks: string[];
  /** The city the landlord mostly lets dwellings in. */
  homeCitySlug: string;
}

export interface DemoDwelling {
  /** 1 = newest. Order of createdAt, descending. */
  seq: number;
  /** 'demo-dwelling-0001' …, follows seq (for upserts and for deleting demo data). */
  externalId: string;
  headline: string;
  teaser: string;
  description: string;
  remarks: string;
  rent: number;
  rooms: number;
  size: number;
  /** 1 = pets allowed, -1 = not allowed. */
  pets: 1 | -1;
  economy: string;
  available: string;
  /** "min-max" in months ("12-24"; "0-0" = unlimited, no minimum or maximum), or an until-date YYYY-MM-DD. */
  timeframe: string;
  street: string;
  zip: string;
  /** The postal name shown with the street ("Aarhus C"). */
  city: string;
  /** The city whose listing shows the dwelling (the city the generator allotted it to). */
  citySlug: string;
  lat: number;
  lng: number;
  /** 1 = available. A rented dwelling keeps status 1 and gets deletedAt. */
  status: 1;
  createdAt: Date;
  deletedAt: Date | null;
  dwellingType: DwellingType;
  facts: DwellingFacts;
  /** Indices into the image pool (0-based, distinct, 1–5 of them); the first is the list image. */
  images: number[];
  landlordExternalId: string;
}

export interface DemoData {
  landlords: DemoLandlord[];
  dwellings: DemoDwelling[];
}

// ---------------------------------------------------------------------------------------------
// Distributions (listing-distributions-by-rooms.csv)

export type RentRegion = 'Storkøbenhavn' | 'Aarhus';
export type RoomsGroup = '1' | '2' | '3' | '4' | '5+';

export interface Quantiles {
  p10: number;
  p25: number;
  p50: number;
  p75: number;
  p90: number;
}

export interface RoomDistribution {
  region: RentRegion;
  group: 'dwelling' | 'room';
  rooms: RoomsGroup;
  n: number;
  rent: Quantiles;
  size: Quantiles;
  rentM2: Quantiles;
}

const ROOMS_GROUPS: readonly RoomsGroup[] = ['1', '2', '3', '4', '5+'];

export function parseRoomDistributions(csv: string): RoomDistribution[] {
  const rows = parse(csv, { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[];
  const num = (r: Record<string, string>, key: string) => {
    const n = Number(r[key]);
    if (r[key] === undefined || r[key] === '' || !Number.isFinite(n)) throw new Error(`Invalid ${key}: ${r[key]}`);
    return n;
  };
  const q = (r: Record<string, string>, prefix: string): Quantiles => ({
    p10: num(r, `${prefix}_p10`),
    p25: num(r, `${prefix}_p25`),
    p50: num(r, `${prefix}_p50`),
    p75: num(r, `${prefix}_p75`),
    p90: num(r, `${prefix}_p90`),
  });
  return rows.map((r) => {
    if (r.region !== 'Storkøbenhavn' && r.region !== 'Aarhus') throw new Error(`Unknown region: ${r.region}`);
    if (r.group !== 'dwelling' && r.group !== 'room') throw new Error(`Unknown group: ${r.group}`);
    if (!ROOMS_GROUPS.includes(r.rooms as RoomsGroup)) throw new Error(`Unknown rooms group: ${r.rooms}`);
    return {
      region: r.region,
      group: r.group,
      rooms: r.rooms as RoomsGroup,
      n: num(r, 'n'),
      rent: q(r, 'rent'),
      size: q(r, 'size'),
      rentM2: q(r, 'rent_m2'),
    };
  });
}

export function loadRoomDistributions(dataDir?: string): RoomDistribution[] {
  const dir =
    dataDir ??
    [resolve(__dirname, '../data'), resolve(process.cwd(), 'prisma/data')].find((d) =>
      existsSync(join(d, 'listing-distributions-by-rooms.csv')),
    );
  if (!dir) throw new Error('prisma/data/listing-distributions-by-rooms.csv not found');
  return parseRoomDistributions(readFileSync(join(dir, 'listing-distributions-by-rooms.csv'), 'utf8'));
}

/**
 * Piecewise-linear quantile function through p10…p90, extended to u = 0 and u = 1 by one more
 * inter-quantile step (never below 60 % of p10).
 */
export function interpolateQuantile(q: Quantiles, u: number): number {
  const low = Math.max(q.p10 - (q.p25 - q.p10), q.p10 * 0.6);
  const high = q.p90 + (q.p90 - q.p75);
  const knots: [number, number][] = [
    [0, low],
    [0.1, q.p10],
    [0.25, q.p25],
    [0.5, q.p50],
    [0.75, q.p75],
    [0.9, q.p90],
    [1, high],
  ];
  const x = Math.min(1, Math.max(0, u));
  for (let i = 1; i < knots.length; i++) {
    const [u1, v1] = knots[i];
    if (x <= u1) {
      const [u0, v0] = knots[i - 1];
      return v0 + ((x - u0) / (u1 - u0)) * (v1 - v0);
    }
  }
  return high;
}

// ---------------------------------------------------------------------------------------------
// Price levels outside the two regions with listing-level data

/**
 * Rent per m² per month in 2019–20 (Bolius, via listing-distributions.md) for towns where it was
 * published; other provincial towns use DEFAULT_PROVINCIAL_LEVEL, North Zealand NORTH_ZEALAND_LEVEL.
 */
const PROVINCIAL_LEVEL: Record<string, number> = {
  hilleroed: 126,
  ringsted: 102,
  kalundborg: 73,
  naestved: 85,
  'nykoebing-falster': 82,
  odense: 104,
  svendborg: 81,
  nyborg: 72,
  haderslev: 72,
  esbjerg: 81,
  vejle: 80,
  herning: 80,
  horsens: 90,
  randers: 72,
  aalborg: 89,
  hjoerring: 65,
};
const DEFAULT_PROVINCIAL_LEVEL = 85;
/** Assumption (Akutbolig 2019: Region Hovedstaden 126 on average, inner Copenhagen included). */
const NORTH_ZEALAND_LEVEL = 110;
/** Assumed rise from the 2019–21 provincial figures to the 2023 level of the listing data. */
const UPLIFT_TO_2023 = 1.12;
/** Aarhus 3-room median rent per m², 2023: provincial rents are Aarhus rents scaled by level / this. */
const AARHUS_REFERENCE_LEVEL = 124;

export type PriceArea = { region: 'Storkøbenhavn' } | { region: 'Aarhus' } | { region: 'provincial'; factor: number };

/** Which distribution a postal code draws from. Storkøbenhavn: zip 1000–2999; Aarhus: Aarhus municipality. */
export function priceAreaFor(postal: Pick<PostalCode, 'zip' | 'municipality'>, citySlug: string): PriceArea {
  const zip = Number(postal.zip);
  if (zip < 3000) return { region: 'Storkøbenhavn' };
  if (postal.municipality === 'Aarhus') return { region: 'Aarhus' };
  const level = PROVINCIAL_LEVEL[citySlug] ?? (zip < 3700 ? NORTH_ZEALAND_LEVEL : DEFAULT_PROVINCIAL_LEVEL);
  return { region: 'provincial', factor: (level * UPLIFT_TO_2023) / AARHUS_REFERENCE_LEVEL };
}

// ---------------------------------------------------------------------------------------------
// Allocation over cities

/**
 * GeoNames' København figure (1.15 M) is the urban total and overlaps Frederiksberg, Vanløse,
 * Hvidovre and other suburbs that are cities of their own; weight it like the municipality instead.
 */
export const KOEBENHAVN_WEIGHT_CAP = 550_000;

/** Dwellings per city: proportional to population (København capped), at least 1 each, largest remainder. */
export function allocateByPopulation(cities: readonly Pick<City, 'slug' | 'population'>[], count: number): Map<string, number> {
  if (count < cities.length) throw new Error(`count ${count} is below the number of cities (${cities.length})`);
  const weight = (c: Pick<City, 'slug' | 'population'>) =>
    c.slug === 'koebenhavn' ? Math.min(c.population, KOEBENHAVN_WEIGHT_CAP) : c.population;
  const total = cities.reduce((s, c) => s + weight(c), 0);
  const rest = count - cities.length;
  const shares = cities.map((c) => {
    const exact = (weight(c) / total) * rest;
    return { slug: c.slug, n: 1 + Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = count - shares.reduce((s, x) => s + x.n, 0);
  for (const s of [...shares].sort((a, b) => b.remainder - a.remainder || a.slug.localeCompare(b.slug))) {
    if (left <= 0) break;
    s.n += 1;
    left -= 1;
  }
  return new Map(shares.map((s) => [s.slug, s.n]));
}

// ---------------------------------------------------------------------------------------------
// Text material

const STREETS = [
  'Algade', 'Bredgade', 'Nørregade', 'Søndergade', 'Vestergade', 'Østergade', 'Storegade', 'Torvegade',
  'Jernbanegade', 'Havnegade', 'Kirkegade', 'Slotsgade', 'Skolegade', 'Adelgade', 'Klostergade', 'Kongensgade',
  'Dronningensgade', 'Prinsensgade', 'Frederiksgade', 'Christiansgade', 'Stationsvej', 'Skolevej', 'Kirkevej',
  'Møllevej', 'Parkvej', 'Engvej', 'Skovvej', 'Birkevej', 'Bøgevej', 'Egevej', 'Ahornvej', 'Lindevej',
  'Kastanievej', 'Rosenvej', 'Syrenvej', 'Violvej', 'Tulipanvej', 'Fasanvej', 'Vibevej', 'Lærkevej', 'Mågevej',
  'Strandvej', 'Søvej', 'Åvej', 'Bakkevej', 'Højvej', 'Marken', 'Toften', 'Vænget', 'Haven', 'Kildevej',
  'Nørrevang', 'Sønderport', 'Vesterled', 'Østerled', 'Solvej', 'Skrænten', 'Vænget', 'Gartnervej', 'Smedevej',
  'Industrivej', 'Fabriksvej', 'Banegårdsgade', 'Brogade', 'Teglværksvej', 'Ringvej', 'Åboulevarden',
  'Kongevejen', 'Dalgas Allé', 'H.C. Andersens Vej', 'Grundtvigsvej', 'Ingemanns Allé', 'Blichers Allé',
] as const;

/** Adjectives as [common gender, neuter]: "lys lejlighed", "lyst rækkehus". */
const ADJECTIVES: readonly (readonly [string, string])[] = [
  ['lys', 'lyst'],
  ['rummelig', 'rummeligt'],
  ['hyggelig', 'hyggeligt'],
  ['charmerende', 'charmerende'],
  ['nyistandsat', 'nyistandsat'],
  ['moderne', 'moderne'],
  ['velholdt', 'velholdt'],
  ['dejlig', 'dejligt'],
  ['stor', 'stort'],
  ['lækker', 'lækkert'],
  ['indflytningsklar', 'indflytningsklart'],
];

const NOUN: Record<DwellingType, { word: string; neuter: boolean }> = {
  apartment: { word: 'lejlighed', neuter: false },
  townhouse: { word: 'rækkehus', neuter: true },
  villa: { word: 'villa', neuter: false },
  room: { word: 'værelse', neuter: true },
};

const MONTHS = [
  'januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'december',
] as const;

const FIRST_NAMES = [
  'Anne', 'Mette', 'Hanne', 'Susanne', 'Lene', 'Camilla', 'Louise', 'Maria', 'Charlotte', 'Pia', 'Tina', 'Marianne',
  'Karen', 'Ida', 'Julie', 'Sofie', 'Peter', 'Jens', 'Lars', 'Michael', 'Henrik', 'Søren', 'Thomas', 'Niels',
  'Jan', 'Morten', 'Anders', 'Martin', 'Rasmus', 'Jesper', 'Christian', 'Mads', 'Frederik', 'Kasper', 'Ole', 'Bo',
];
const SURNAMES = [
  'Jensen', 'Nielsen', 'Hansen', 'Pedersen', 'Andersen', 'Christensen', 'Larsen', 'Sørensen', 'Rasmussen',
  'Jørgensen', 'Petersen', 'Madsen', 'Kristensen', 'Olsen', 'Thomsen', 'Christiansen', 'Poulsen', 'Johansen',
  'Møller', 'Mortensen', 'Knudsen', 'Jakobsen', 'Mikkelsen', 'Frederiksen', 'Lund', 'Holm', 'Schmidt', 'Eriksen',
  'Kristiansen', 'Simonsen', 'Clausen', 'Svendsen', 'Andreasen', 'Iversen', 'Jeppesen', 'Vestergaard', 'Nissen',
];
const COMPANY_WORDS = [
  'Nordlys', 'Kronborg', 'Fjordbyen', 'Bøgely', 'Havnefront', 'Solgården', 'Egelund', 'Skovbrynet', 'Ådalen',
  'Strandparken', 'Bakkehuset', 'Lindely', 'Vesterport', 'Østerbro', 'Kildebakken', 'Møllehøj', 'Tårnhuset',
];
const COMPANY_FORMS = ['Ejendomme ApS', 'Boligudlejning A/S', 'Ejendomsadministration ApS', 'Bolig ApS', 'Invest A/S'];
const NONPROFIT_FORMS = ['Boligforening', 'Almene Boliger', 'Boligselskab', 'Andelsboligforening'];

// ---------------------------------------------------------------------------------------------
// Helpers

const formatKr = (n: number) => `${String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} kr.`;
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const round = (n: number, step: number) => Math.round(n / step) * step;
const DAY_MS = 86_400_000;

function danishDate(d: Date): string {
  return `${d.getUTCDate()}. ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function emailLocal(s: string): string {
  return s
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'oe')
    .replace(/å/g, 'aa')
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '');
}

function phoneNumber(random: Random, mobile: boolean): string {
  // Danish 8-digit numbers, grouped in pairs. Random, so they may exist: never call or text them.
  const first = mobile ? random.pick(['2', '3', '4', '5', '6', '7', '8', '9']) : random.pick(['3', '4', '6', '7', '8', '9']);
  const digits = first + Array.from({ length: 7 }, () => String(random.int(0, 9))).join('');
  return `+45 ${digits.match(/\d{2}/g)!.join(' ')}`;
}

function streetAddress(random: Random, type: DwellingType): string {
  const street = random.pick(STREETS);
  const number = random.chance(0.85) ? random.int(1, 140) : random.int(141, 320);
  const letter = random.chance(0.12) ? random.pick(['A', 'B', 'C']) : '';
  if (type === 'townhouse' || type === 'villa') return `${street} ${number}${letter}`;
  const floor = random.weighted([0, 1, 2, 3, 4, 5], (f) => [3, 5, 5, 4, 2, 1][f]);
  const side = random.pick(['th.', 'tv.', 'mf.', 'th.', 'tv.']);
  return `${street} ${number}${letter}, ${floor === 0 ? 'st.' : `${floor}.`} ${side}`;
}

// ---------------------------------------------------------------------------------------------
// Landlords

function generateLandlords(
  random: Random,
  count: number,
  cities: readonly City[],
  postalCodes: readonly PostalCode[],
): DemoLandlord[] {
  const postalByCity = new Map<string, PostalCode[]>();
  for (const p of postalCodes) postalByCity.set(p.citySlug, [...(postalByCity.get(p.citySlug) ?? []), p]);
  const usedEmails = new Set<string>();
  const usedNames = new Set<string>();
  const landlords: DemoLandlord[] = [];
  for (let i = 0; i < count; i++) {
    const type = random.weighted<LandlordType>(['private', 'company', 'nonprofit'], (t) =>
      t === 'private' ? 55 : t === 'company' ? 30 : 15,
    );
    const home = random.weighted(cities, (c) => (c.slug === 'koebenhavn' ? KOEBENHAVN_WEIGHT_CAP : c.population));
    const homePostal = random.pick(postalByCity.get(home.slug) ?? postalCodes.filter((p) => home.zips.includes(p.zip)));
    let name: string;
    let domain: string;
    let remarks: string[];
    let reference: string | null;
    const uniqueName = (make: () => string) => {
      let candidate = make();
      for (let attempt = 0; usedNames.has(candidate) && attempt < 50; attempt++) candidate = make();
      usedNames.add(candidate);
      return candidate;
    };
    if (type === 'private') {
      name = uniqueName(() => `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)}`);
      domain = random.pick(['mail', 'post', 'udlejer', 'privat']);
      reference = null;
      remarks = random.sample(
        ['Kontakt helst pr. e-mail.', 'Ring gerne efter kl. 16.', 'Svarer normalt inden for et par dage.', 'Skriv lidt om dig selv i din henvendelse.'],
        random.int(0, 2),
      );
    } else if (type === 'company') {
      name = uniqueName(() => `${random.pick(COMPANY_WORDS)} ${random.pick(COMPANY_FORMS)}`);
      domain = emailLocal(name.replace(/ (ApS|A\/S)$/, '')).replace(/\./g, '-');
      reference = `Ref. ${name.slice(0, 3).toUpperCase()}-${random.int(100, 999)}`;
      remarks = random.sample(
        ['Telefontid hverdage kl. 9–12.', 'Fremvisning foregår ved vores viceværter.', 'Oplys venligst sagsnummer ved henvendelse.'],
        random.int(1, 2),
      );
    } else {
      name = uniqueName(() => `${random.pick(NONPROFIT_FORMS)} ${random.pick(COMPANY_WORDS)}`);
      domain = emailLocal(name).replace(/\./g, '-');
      reference = `Afdeling ${random.int(1, 60)}`;
      remarks = [
        'Almen bolig: boligen lejes ud efter boligforeningens venteliste og regler.',
        ...random.sample(['Medlemskab af foreningen er gratis for lejere.', 'Telefontid mandag–torsdag kl. 10–14.'], random.int(0, 1)),
      ];
    }
    const local = type === 'private' ? emailLocal(name) : random.pick(['udlejning', 'kontakt', 'bolig', 'info']);
    let email = `${local}@${domain}.test`;
    for (let n = 2; usedEmails.has(email); n++) email = `${local}${n}@${domain}.test`;
    usedEmails.add(email);
    landlords.push({
      externalId: `demo-landlord-${String(i + 1).padStart(3, '0')}`,
      type,
      name,
      email,
      phone: phoneNumber(random, type === 'private'),
      url: type === 'private' ? null : `https://www.${domain}.test`,
      address: `${streetAddress(random, type === 'private' ? 'apartment' : 'villa')}, ${homePostal.zip} ${homePostal.name}`,
      reference,
      remarks,
      homeCitySlug: home.slug,
    });
  }
  return landlords;
}

// ---------------------------------------------------------------------------------------------
// Dwellings

export interface GenerateDemoDwellingsInput {
  count: number;
  cities: readonly City[];
  postalCodes: readonly PostalCode[];
  now: Date;
  seed: number;
  /** Defaults to prisma/data/listing-distributions-by-rooms.csv. */
  distributions?: readonly RoomDistribution[];
  /** Size of the image pool the indices refer to. Default 24. */
  imagePoolSize?: number;
  /** Default 150. */
  landlordCount?: number;
  /** Share of dwellings that are already rented (deletedAt set). Default 0.08. */
  rentedShare?: number;
  /** createdAt lies within this many days before now. Default 60. */
  createdWithinDays?: number;
  /** deletedAt of rented dwellings lies within this many days before now. Default 14. */
  rentedWithinDays?: number;
}

/** Share of single rooms (værelser) among all ads: 332 / 7 763 in Copenhagen, 215 / 4 032 in Aarhus. */
const ROOM_SHARE = 0.05;
/** Share of a city's dwellings placed in postal codes named like the city. */
const NAMED_POSTAL_SHARE = 0.8;
/** Correlation between the size and rent quantiles, so a large flat is also a dear one. */
const SIZE_RENT_CORRELATION = 0.85;

interface Draft {
  city: City;
  postal: PostalCode;
}

export function generateDemoDwellings(input: GenerateDemoDwellingsInput): DemoData {
  const {
    count,
    cities,
    postalCodes,
    now,
    seed,
    imagePoolSize = 24,
    landlordCount = 150,
    rentedShare = 0.08,
    createdWithinDays = 60,
    rentedWithinDays = 14,
  } = input;
  if (imagePoolSize < 5) throw new Error('imagePoolSize must be at least 5');
  const distributions = input.distributions ?? loadRoomDistributions();
  const random = createRandom(seed);
  const nowMs = now.getTime();

  const dist = (region: RentRegion, group: 'dwelling' | 'room', rooms: RoomsGroup) => {
    const d = distributions.find((x) => x.region === region && x.group === group && x.rooms === rooms);
    if (!d) throw new Error(`No distribution for ${region}/${group}/${rooms}`);
    return d;
  };
  const roomsWeights = (region: RentRegion) => ROOMS_GROUPS.map((r) => dist(region, 'dwelling', r).n);

  const landlords = generateLandlords(random, landlordCount, cities, postalCodes);
  const landlordsByCity = new Map<string, DemoLandlord[]>();
  for (const l of landlords) landlordsByCity.set(l.homeCitySlug, [...(landlordsByCity.get(l.homeCitySlug) ?? []), l]);

  // 1. Where: cities by population, then a postal code of the city. 80 % go to the postal names that
  //    match the city (Aarhus C, Aarhus N …), the rest to villages and districts assigned by proximity;
  //    codes sharing a name (København K ×232) count as one place.
  const postalByZip = new Map(postalCodes.map((p) => [p.zip, p]));
  const allocation = allocateByPopulation(cities, count);
  const drafts: Draft[] = [];
  for (const city of cities) {
    const own = city.zips.map((z) => postalByZip.get(z)).filter((p): p is PostalCode => p !== undefined);
    if (own.length === 0) throw new Error(`City ${city.slug} has no known postal code`);
    const byName = new Map<string, PostalCode[]>();
    for (const p of own) byName.set(p.name, [...(byName.get(p.name) ?? []), p]);
    const groups = [...byName.values()];
    const named = groups.filter((g) => g[0].assignment === 'name' && g[0].citySlug === city.slug);
    const others = groups.filter((g) => !named.includes(g));
    for (let i = 0; i < (allocation.get(city.slug) ?? 0); i++) {
      const pool = named.length > 0 && (others.length === 0 || random.chance(NAMED_POSTAL_SHARE)) ? named : others;
      drafts.push({ city, postal: random.pick(random.pick(pool)) });
    }
  }

  // 2. When: createdAt uniform over the window, unique and newest first; a fixed share is rented.
  const windowMs = createdWithinDays * DAY_MS;
  const created = drafts.map(() => nowMs - Math.floor(random.next() * windowMs)).sort((a, b) => b - a);
  for (let i = 1; i < created.length; i++) if (created[i] >= created[i - 1]) created[i] = created[i - 1] - 1;
  const order = random.shuffle(drafts.map((_, i) => i));
  const rented = new Set(random.sample(order, Math.round(count * rentedShare)));

  const dwellings = order.map((draftIndex, i): DemoDwelling => {
    const { city, postal } = drafts[draftIndex];
    const createdAt = new Date(created[i]);
    let deletedAt: Date | null = null;
    if (rented.has(draftIndex)) {
      const from = Math.max(created[i] + 1, nowMs - rentedWithinDays * DAY_MS);
      deletedAt = new Date(from + Math.floor(random.next() * Math.max(1, nowMs - from)));
    }

    // What: type and rooms, then correlated quantiles for size and rent.
    const area = priceAreaFor(postal, city.slug);
    const region: RentRegion = area.region === 'Storkøbenhavn' ? 'Storkøbenhavn' : 'Aarhus';
    const factor = area.region === 'provincial' ? area.factor : 1;
    const isRoom = random.chance(ROOM_SHARE);
    const roomsGroup: RoomsGroup = isRoom
      ? '1'
      : random.weighted(ROOMS_GROUPS, (g) => roomsWeights(region)[ROOMS_GROUPS.indexOf(g)]);
    const d = dist(region, isRoom ? 'room' : 'dwelling', roomsGroup);
    const z1 = random.normal();
    const z2 = SIZE_RENT_CORRELATION * z1 + Math.sqrt(1 - SIZE_RENT_CORRELATION ** 2) * random.normal();
    const size = Math.max(8, Math.round(interpolateQuantile(d.size, normalCdf(z1))));
    // Keep rent per m² within the observed range (with a margin) so rent and size stay consistent.
    const rawRent = interpolateQuantile(d.rent, normalCdf(z2)) * factor;
    const minRent = size * d.rentM2.p10 * 0.85 * factor;
    const maxRent = size * d.rentM2.p90 * 1.15 * factor;
    const rent = Math.max(1000, round(Math.min(maxRent, Math.max(minRent, rawRent)), 25));
    const rooms =
      roomsGroup === '5+' ? random.weighted([5, 6, 7], (r) => (r === 5 ? 70 : r === 6 ? 25 : 5)) : Number(roomsGroup);
    const dwellingType: DwellingType = isRoom
      ? 'room'
      : random.weighted<DwellingType>(['apartment', 'townhouse', 'villa'], (t) => {
          // Houses are rare in the inner city and never have a single room.
          const central = area.region !== 'provincial' && Number(postal.zip) < 2500;
          if (t === 'apartment') return rooms === 1 ? 1 : central ? 0.97 : rooms >= 4 ? 0.6 : 0.88;
          if (t === 'townhouse') return rooms === 1 ? 0 : central ? 0.03 : rooms >= 4 ? 0.28 : 0.11;
          return rooms <= 2 || central ? 0 : rooms >= 4 ? 0.12 : 0.01;
        });

    // Who: a landlord from the city when there is one (60 %), otherwise anyone.
    const local = landlordsByCity.get(city.slug) ?? [];
    const landlord =
      local.length > 0 && random.chance(0.6)
        ? random.pick(local)
        : random.weighted(landlords, (l) => (l.type === 'company' ? 3 : l.type === 'nonprofit' ? 2 : 1));

    const facts = makeFacts(random, rent, size, dwellingType, landlord.type);
    const pets: 1 | -1 = random.chance(dwellingType === 'villa' || dwellingType === 'townhouse' ? 0.6 : 0.3) ? 1 : -1;
    const timeframe = makeTimeframe(random, createdAt, landlord.type);
    const available = makeAvailable(random, createdAt);
    const street = streetAddress(random, dwellingType);
    const text = composeText(random, {
      type: dwellingType,
      rooms,
      size,
      place: postal.name,
      cityLabel: city.label,
      pets,
      timeframe,
      available,
      landlordType: landlord.type,
      street,
    });

    // Within ≈ 600 m (1 sd) of the postal code's centre.
    const lat = Math.round((postal.lat + random.normal() * 0.0055) * 1e5) / 1e5;
    const lng = Math.round((postal.lng + (random.normal() * 0.0055) / Math.cos((postal.lat * Math.PI) / 180)) * 1e5) / 1e5;

    return {
      seq: i + 1,
      externalId: `demo-dwelling-${String(i + 1).padStart(4, '0')}`,
      headline: text.headline,
      teaser: text.teaser,
      description: text.description,
      remarks: text.remarks,
      rent,
      rooms,
      size,
      pets,
      economy: economyText(rent, facts),
      available,
      timeframe,
      street,
      zip: postal.zip,
      city: postal.name,
      citySlug: city.slug,
      lat,
      lng,
      status: 1,
      createdAt,
      deletedAt,
      dwellingType,
      facts,
      images: random.sample(
        Array.from({ length: imagePoolSize }, (_, k) => k),
        random.weighted([1, 2, 3, 4, 5], (n) => [1, 2, 3, 3, 3][n - 1]),
      ),
      landlordExternalId: landlord.externalId,
    };
  });

  return { landlords, dwellings };
}

function makeFacts(random: Random, rent: number, size: number, type: DwellingType, landlordType: LandlordType): DwellingFacts {
  const house = type === 'townhouse' || type === 'villa';
  const room = type === 'room';
  // Rooms in shared flats are usually let with everything included in the rent.
  const heat = room ? 0 : round(size * random.float(7, 11), 25);
  const water = room ? 0 : round(random.float(100, 300) + size * 0.8, 25);
  const electricity = room || random.chance(0.8) ? 0 : round(random.float(250, 550), 25);
  const tv = room || random.chance(0.7) ? 0 : round(random.float(120, 350), 5);
  const internet = room || random.chance(0.75) ? 0 : random.pick([99, 149, 199, 249]);
  const misc = random.chance(landlordType === 'nonprofit' ? 0.6 : 0.25) ? round(random.float(30, 220), 5) : 0;
  const ac = heat + water + electricity;
  const expenses = ac + tv + internet + misc;
  const prepaidMonths = random.weighted([0, 1, 3], (m) => (m === 0 ? 15 : m === 1 ? 75 : 10));
  const prepaid = prepaidMonths * rent;
  const deposit = 3 * rent;
  const houses =
    landlordType !== 'private' && !room && random.chance(house ? 0.15 : 0.2) ? random.weighted([2, 3, 4, 6, 8, 12, 20], (n) => 1 / n) : 1;
  return {
    expenses_heat: heat,
    expenses_water: water,
    expenses_electricity: electricity,
    expenses_tv: tv,
    expenses_internet: internet,
    expenses_misc: misc,
    expenses,
    expenses_ac: ac,
    prepaid_rent: prepaid,
    deposit,
    downpayment: deposit + prepaid + rent + expenses,
    houses,
    dwelling_types: [type],
  };
}

function economyText(rent: number, f: DwellingFacts): string {
  // formatKr ends in "kr." which also ends the sentence.
  const parts = [`Husleje ${formatKr(rent)} pr. måned`];
  if (f.expenses_ac > 0) parts.push(`aconto ${formatKr(f.expenses_ac)}`);
  const extra = f.expenses - f.expenses_ac;
  if (extra > 0) parts.push(`øvrige udgifter ${formatKr(extra)}`);
  const monthly =
    parts.length > 1
      ? `${parts.join(' + ')}, i alt ${formatKr(rent + f.expenses)} pr. måned.`
      : `${parts[0]}${f.expenses === 0 ? ' inkl. forbrug' : ''}.`;
  const once = [`Depositum ${formatKr(f.deposit)}`];
  if (f.prepaid_rent > 0) once.push(`forudbetalt leje ${formatKr(f.prepaid_rent)}`);
  return `${monthly} ${once.join(', ')} Indflytningspris ${formatKr(f.downpayment)}`;
}

function makeTimeframe(random: Random, createdAt: Date, landlordType: LandlordType): string {
  if (landlordType !== 'private' || random.chance(0.55)) return '0-0';
  if (random.chance(0.2)) {
    const until = new Date(createdAt.getTime() + random.int(9, 30) * 30 * DAY_MS);
    return isoDate(new Date(Date.UTC(until.getUTCFullYear(), until.getUTCMonth() + 1, 0)));
  }
  return random.pick(['12-24', '12-12', '24-24', '6-12', '3-12', '24-36', '12-36', '1-6']);
}

/** "12-24" → "12–24", "12-12" → "12". */
function timeframeMonths(timeframe: string): string {
  const [min, max] = timeframe.split('-');
  return min === max ? min : `${min}–${max}`;
}

function makeAvailable(random: Random, createdAt: Date): string {
  const kind = random.weighted(['snarest', 'date', 'aftale'], (k) => (k === 'date' ? 6 : k === 'snarest' ? 3 : 1));
  if (kind === 'snarest') return 'Snarest';
  if (kind === 'aftale') return 'Efter aftale';
  const months = random.int(1, 3);
  const day = random.chance(0.8) ? 1 : 15;
  return danishDate(new Date(Date.UTC(createdAt.getUTCFullYear(), createdAt.getUTCMonth() + months, day)));
}

interface TextInput {
  type: DwellingType;
  rooms: number;
  size: number;
  place: string;
  cityLabel: string;
  pets: 1 | -1;
  timeframe: string;
  available: string;
  landlordType: LandlordType;
  street: string;
}

function composeText(random: Random, t: TextInput) {
  const noun = NOUN[t.type];
  const adjectives = ADJECTIVES.filter(([a]) => !(a === 'stor' && t.size < 50));
  const adj = () => random.pick(adjectives)[noun.neuter ? 1 : 0];
  const roomsWord = `${t.rooms}-værelses`;
  const isHouse = t.type === 'townhouse' || t.type === 'villa';
  const features = random.sample(
    t.type === 'room'
      ? ['fælles køkken', 'adgang til vaskemaskine', 'møblering', 'internet', 'fælles stue', 'cykelparkering']
      : isHouse
        ? ['egen have', 'terrasse', 'carport', 'nyt køkken', 'to badeværelser', 'brændeovn', 'stort skur']
        : ['altan', 'elevator', 'nyt køkken', 'vaskemaskine', 'trægulve', 'fælles gårdhave', 'udsigt', 'opvaskemaskine'],
    3,
  );
  const availableLower = /^\d/.test(t.available) ? `fra ${t.available}` : t.available.toLowerCase();

  let headline: string;
  if (t.type === 'room') {
    headline = random.pick([
      `Værelse på ${t.size} m² i ${t.place}`,
      `${capitalise(adj())} værelse i delelejlighed i ${t.place}`,
      `Værelse til leje tæt på centrum af ${t.cityLabel}`,
    ]);
  } else {
    headline = random.pick([
      `${capitalise(adj())} ${roomsWord} ${noun.word} i ${t.place}`,
      `${capitalise(adj())} ${roomsWord} ${noun.word} i ${t.place}`,
      `${capitalise(adj())} ${noun.word} på ${t.size} m² i ${t.place}`,
      `${capitalise(roomsWord)} ${noun.word} med ${features[0]} i ${t.place}`,
      `${capitalise(adj())} ${noun.word} tæt på centrum af ${t.cityLabel}`,
    ]);
  }

  const teaser =
    t.type === 'room'
      ? `Værelse på ${t.size} m² med ${features[0]} og ${features[1]}. Ledigt ${availableLower}.`
      : `${capitalise(roomsWord)} ${noun.word} på ${t.size} m² med ${features[0]} og ${features[1]}. ` +
        `Ledig${noun.neuter ? 't' : ''} ${availableLower}.`;

  const intro =
    t.type === 'room'
      ? random.pick([
          `Vi søger en ny bofælle til et ${adj()} værelse på ${t.size} m² i ${t.place}.`,
          `Et værelse på ${t.size} m² i en delelejlighed i ${t.place} er ledigt ${availableLower}.`,
        ])
      : random.pick([
          `Vi udlejer ${noun.neuter ? 'dette' : 'denne'} ${roomsWord} ${noun.word} på ${t.size} m² i ${t.place}.`,
          `Nu har du mulighed for at leje ${noun.neuter ? 'et' : 'en'} ${adj()} ${roomsWord} ${noun.word} på ${t.size} m² i ${t.place}.`,
          `${capitalise(noun.word)} på ${t.size} m² på ${t.street.split(',')[0]} udlejes ${availableLower}.`,
        ]);
  const layout =
    t.type === 'room'
      ? `Du får eget værelse og deler ${random.pick(['køkken og bad', 'køkken, bad og stue'])} med ${random.int(1, 3)} andre.`
      : t.rooms === 1
        ? 'Boligen består af en stor stue med plads til seng, et køkken og et badeværelse.'
        : `Boligen består af stue, ${t.rooms - 1 === 1 ? 'ét soveværelse' : `${t.rooms - 1} værelser`}, køkken og ${isHouse && t.rooms >= 4 ? 'to badeværelser' : 'badeværelse'}.`;
  const details = random.sample(
    [
      'Køkkenet er nyere med opvaskemaskine og induktionskomfur.',
      'Badeværelset er flisebelagt og har gulvvarme.',
      'Der er trægulve i alle rum.',
      'Store vinduer giver masser af lys hele dagen.',
      'Der er god skabsplads og et ekstra depotrum.',
      'Boligen er nyistandset med friske vægge og lofter.',
      isHouse ? 'Til boligen hører en have med terrasse mod syd.' : 'Fra altanen er der udsigt over gården.',
    ],
    2,
  );
  const surroundings = random.sample(
    [
      'Der er kort afstand til indkøb, skoler og offentlig transport.',
      'Bus og tog ligger få minutters gang fra boligen.',
      'Området er roligt og grønt med gode stier til gåture og løb.',
      `Der er gåafstand til butikker, caféer og restauranter i ${t.cityLabel}.`,
      'Der er fælles gårdanlæg med grill og cykelparkering.',
    ],
    2,
  );
  const period =
    t.timeframe === '0-0'
      ? 'Lejemålet er tidsubegrænset.'
      : /^\d{4}-/.test(t.timeframe)
        ? `Lejemålet er tidsbegrænset til ${danishDate(new Date(`${t.timeframe}T00:00:00Z`))}.`
        : `Lejemålet er tidsbegrænset til ${timeframeMonths(t.timeframe)} måneder.`;
  const terms = [
    period,
    t.pets === 1 ? 'Husdyr er tilladt efter aftale.' : 'Husdyr er ikke tilladt.',
    'Depositum svarer til tre måneders husleje.',
    t.landlordType === 'nonprofit' ? 'Boligen er en almen bolig og lejes ud efter boligforeningens regler.' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const closing = random.pick([
    'Kontakt udlejer for at aftale en fremvisning.',
    'Skriv lidt om dig selv, så vender vi tilbage med et tidspunkt for fremvisning.',
    'Fremvisning efter aftale.',
  ]);

  const remarks = random
    .sample(
      [
        'Rygning er ikke tilladt i boligen.',
        'Boligen er velegnet til par.',
        'Fremvisning kun på hverdage.',
        'Kræver fast indkomst.',
        'Fremleje er ikke tilladt.',
        'Cykelkælder og vaskeri i ejendommen.',
      ],
      random.int(0, 2),
    )
    .join(' ');

  return {
    headline,
    teaser,
    description: [`${intro} ${layout}`, details.join(' '), surroundings.join(' '), terms, closing].join('\n\n'),
    remarks,
  };
}
