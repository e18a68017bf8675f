import { createHash } from 'node:crypto';
import { isAbsolute, resolve } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { z } from 'zod';
import { citySlug, DWELLING_FACT_KEYS } from '@husly/domain';
import type { DwellingColumns } from '../dwelling-columns';

// A landlord feed: the detail fields of spec section 3, flattened (location.street → street,
// geolocation.lat → lat, facts.deposit → deposit), plus externalId, zip, images and a landlord. The
// city (`city`, `location.city`) is optional and only checked: the zip decides where a dwelling is listed.
// JSON: an array of objects. CSV: the same names as columns, landlord fields as "landlord.name" etc.,
// lists (images, landlord.remark, dwelling_types) separated by "|". README "Import a landlord feed".

/** Separator of list values in a CSV cell. */
export const CSV_LIST_SEPARATOR = '|';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** A whole number; CSV gives text. -1 is "unknown" for rent, rooms and size. */
const int = (min: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : v),
    z.number({ error: 'must be a whole number' }).int('must be a whole number').min(min, `must be ${min} or more`),
  );
const num = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v),
  z.number({ error: 'must be a number' }),
);
const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const optionalText = (max: number) => z.preprocess(blankToUndefined, text(max).optional());
const list = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(CSV_LIST_SEPARATOR).map((s) => s.trim()).filter(Boolean) : v),
  z.array(z.string().trim().min(1)),
);

const landlordSchema = z.object({
  externalId: optionalText(100),
  name: optionalText(200),
  email: z.preprocess(blankToUndefined, z.email('must be an email address').optional()),
  phone: optionalText(50),
  url: optionalText(500),
  address: optionalText(300),
  type: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
    z.enum(['private', 'company', 'nonprofit'], { error: 'must be private, company or nonprofit' }).default('private'),
  ),
  reference: optionalText(100),
  remark: z.preprocess(blankToUndefined, list.optional()),
});

const factValue = z.preprocess(blankToUndefined, z.union([num, z.string().trim()]).optional());

export const feedRowSchema = z
  .object({
    externalId: text(100).min(1, 'is required'),
    headline: text(200).min(1, 'is required'),
    teaser: optionalText(1000),
    description: optionalText(20_000),
    remarks: optionalText(2000),
    rent: int(-1),
    rooms: z.preprocess(blankToUndefined, int(-1).default(-1)),
    size: z.preprocess(blankToUndefined, int(-1).default(-1)),
    pets: z.preprocess(
      (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^-?1$/.test(v.trim()) ? Number(v) : v),
      z.union([z.literal(1), z.literal(-1)], { error: 'must be 1 (yes) or -1 (no)' }).optional(),
    ),
    economy: optionalText(2000),
    available: optionalText(100),
    timeframe: z.preprocess(
      blankToUndefined,
      z.string().trim().regex(/^(\d+(-\d+)?|\d{4}-\d{2}-\d{2})$/, 'must be months ("12-24") or a date YYYY-MM-DD').optional(),
    ),
    street: optionalText(200),
    city: optionalText(100),
    zip: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().regex(/^\d{4}$/, 'must be a 4-digit postal code')),
    lat: z.preprocess(blankToUndefined, num.pipe(z.number().min(54, 'must lie in Denmark').max(58, 'must lie in Denmark')).optional()),
    lng: z.preprocess(blankToUndefined, num.pipe(z.number().min(7, 'must lie in Denmark').max(16, 'must lie in Denmark')).optional()),
    status: z.preprocess(blankToUndefined, int(0).default(1)),
    images: z.preprocess(blankToUndefined, list.default([])),
    landlord: landlordSchema.refine((l) => l.name || l.email || l.externalId, 'needs a name, an email or an externalId'),
    ...Object.fromEntries(DWELLING_FACT_KEYS.filter((k) => k !== 'dwelling_types').map((k) => [k, factValue])),
    dwelling_types: z.preprocess(blankToUndefined, list.optional()),
  })
  .strict();
export type FeedRow = z.output<typeof feedRowSchema>;

/** Unknown keys are refused (a typo would silently lose data), except section 3's nested groups. */
function flatten(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const landlord: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'location' && value && typeof value === 'object') Object.assign(out, pick(value, LOCATION_KEYS));
    else if (key.startsWith('location.') && LOCATION_KEYS.includes(key.slice('location.'.length))) out[key.slice('location.'.length)] = value;
    else if (key === 'geolocation' && value && typeof value === 'object') Object.assign(out, pick(value, ['lat', 'lng']));
    else if (key === 'facts' && value && typeof value === 'object') Object.assign(out, value);
    else if (key === 'landlord' && value && typeof value === 'object') Object.assign(landlord, value);
    else if (key.startsWith('landlord.')) landlord[key.slice('landlord.'.length)] = value;
    else out[key] = value;
  }
  out.landlord = landlord;
  return out;
}

/** Section 3's location{street, city} plus the zip; in CSV also as columns `location.street` etc. */
const LOCATION_KEYS = ['street', 'city', 'zip'];

const pick = (value: object, keys: string[]) =>
  Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([k]) => keys.includes(k)));

export type RawFeed = { format: 'json' | 'csv'; records: Record<string, unknown>[] };

/** The records of a feed file; a file that is not an array / not CSV with a header is an error. */
export function readFeed(content: string, fileName: string): RawFeed {
  if (/\.json$/i.test(fileName) || /^\s*\[/.test(content)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch (error) {
      throw new FeedError([`the file is not valid JSON: ${(error as Error).message}`]);
    }
    if (!Array.isArray(parsed)) throw new FeedError(['a JSON feed must be an array of dwelling objects']);
    return { format: 'json', records: parsed.map((r) => (r && typeof r === 'object' && !Array.isArray(r) ? r : { __notAnObject: r })) };
  }
  try {
    const records = parseCsv(content, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as Record<string, string>[];
    return { format: 'csv', records };
  } catch (error) {
    throw new FeedError([`the file is not valid CSV: ${(error as Error).message}`]);
  }
}

export interface ValidRow {
  /** 1-based position of the dwelling in the feed (the array index + 1, or the CSV record after the header). */
  row: number;
  data: FeedRow;
  /** Absolute image paths. */
  imagePaths: string[];
}

/** Every problem of every row, "row 3: rent: must be a whole number"; an empty list means all rows are valid. */
export function validateFeed(feed: RawFeed, feedDir: string): { rows: ValidRow[]; errors: string[] } {
  const rows: ValidRow[] = [];
  const errors: string[] = [];
  const seen = new Map<string, number>();
  feed.records.forEach((record, index) => {
    const row = index + 1;
    if ('__notAnObject' in record) {
      errors.push(`row ${row}: is not an object`);
      return;
    }
    const parsed = feedRowSchema.safeParse(flatten(record));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : 'row');
        errors.push(`row ${row}: ${field}: ${issue.code === 'unrecognized_keys' ? 'unknown field' : issue.message}`);
      }
      return;
    }
    const earlier = seen.get(parsed.data.externalId);
    if (earlier !== undefined) {
      errors.push(`row ${row}: externalId: "${parsed.data.externalId}" is also row ${earlier}`);
      return;
    }
    seen.set(parsed.data.externalId, row);
    rows.push({ row, data: parsed.data, imagePaths: parsed.data.images.map((p) => (isAbsolute(p) ? p : resolve(feedDir, p))) });
  });
  return { rows, errors };
}

/**
 * What a dwelling is stored from; its hash decides whether a re-import changes anything. A feed row
 * always has a zip (its city is found by it) and only the known fact keys.
 */
export interface MappedDwelling extends DwellingColumns {
  externalId: string;
  zip: string;
  facts: Record<string, number | string | string[]>;
}

export interface MappedLandlord {
  /** The landlord's key in our table: its own externalId, else its email, else its name, under the feed's source. */
  externalId: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  url: string | null;
  address: string | null;
  type: 'PRIVATE' | 'COMPANY' | 'NONPROFIT';
  reference: string | null;
  remarks: string[];
}

export function mapRow(data: FeedRow, source: string): { dwelling: MappedDwelling; landlord: MappedLandlord } {
  const facts: MappedDwelling['facts'] = {};
  const record = data as Record<string, unknown>;
  for (const key of DWELLING_FACT_KEYS) {
    const value = record[key];
    if (value !== undefined) facts[key] = value as number | string | string[];
  }
  const l = data.landlord;
  const landlordKey = l.externalId ?? (l.email ? `email:${l.email.toLowerCase()}` : `name:${l.name}`);
  return {
    dwelling: {
      externalId: data.externalId,
      headline: data.headline,
      teaser: data.teaser ?? '',
      description: data.description ?? '',
      remarks: data.remarks ?? null,
      rent: data.rent,
      rooms: data.rooms,
      size: data.size,
      pets: (data.pets as 1 | -1 | undefined) ?? null,
      economy: data.economy ?? null,
      available: data.available ?? null,
      timeframe: data.timeframe ?? null,
      street: data.street ?? null,
      zip: data.zip,
      lat: data.lat ?? null,
      lng: data.lng ?? null,
      status: data.status,
      facts,
    },
    landlord: {
      externalId: `${source}:${landlordKey}`,
      name: l.name ?? null,
      email: l.email ?? null,
      phone: l.phone ?? null,
      url: l.url ?? null,
      address: l.address ?? null,
      type: l.type.toUpperCase() as MappedLandlord['type'],
      reference: l.reference ?? null,
      remarks: l.remark ?? [],
    },
  };
}

/** sha256 of the stored content: dwelling fields, landlord, and the image files' checksums in order. */
export function contentHash(mapped: { dwelling: MappedDwelling; landlord: MappedLandlord }, imageChecksums: string[]): string {
  return createHash('sha256').update(stableJson({ ...mapped, images: imageChecksums })).digest('hex');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export type ExistingDwelling = { externalId: string; source: string; contentHash: string | null; deletedAt: Date | null };

export interface ImportPlan {
  create: string[];
  update: string[];
  unchanged: string[];
  /** --full: the source's listed dwellings missing from the feed, to mark rented. */
  rent: string[];
  /** Rows whose externalId belongs to another source. */
  conflicts: string[];
}

/** Pure diff of a feed against what the database holds. */
export function planImport(
  source: string,
  rows: Array<{ row: number; externalId: string; hash: string }>,
  existing: ExistingDwelling[],
  full: boolean,
): ImportPlan {
  const byId = new Map(existing.map((e) => [e.externalId, e]));
  const plan: ImportPlan = { create: [], update: [], unchanged: [], rent: [], conflicts: [] };
  for (const { row, externalId, hash } of rows) {
    const current = byId.get(externalId);
    if (!current) plan.create.push(externalId);
    else if (current.source !== source) plan.conflicts.push(`row ${row}: externalId: "${externalId}" belongs to the source "${current.source}"`);
    // A rented dwelling that is back in the feed is vacant again.
    else if (current.contentHash === hash && current.deletedAt === null) plan.unchanged.push(externalId);
    else plan.update.push(externalId);
  }
  if (full) {
    const inFeed = new Set(rows.map((r) => r.externalId));
    for (const e of existing) if (e.source === source && e.deletedAt === null && !inFeed.has(e.externalId)) plan.rent.push(e.externalId);
  }
  return plan;
}

/** A city as the feed check knows it: what a feed may call it. */
export interface ZipCity {
  label: string;
  slug: string;
  /** The postal name of the zip itself ("Aarhus C") and the city's name aliases. */
  names: string[];
}

/**
 * A feed's city names the zip's city when, normalised like a slug (case, æ/ø/å and other accents, a
 * leading zip and a trailing direction code such as " C" do not count), it equals the city's slug,
 * label, one of its name aliases or the zip's postal name. Exact comparison, no pattern matching.
 */
export function cityMatchesZip(city: string, zipCity: ZipCity): boolean {
  const key = cityKey(city);
  if (key === '') return false;
  return [zipCity.slug, zipCity.label, ...zipCity.names].some((name) => cityKey(name) === key);
}

function cityKey(name: string): string {
  // citySlug transliterates the Danish letters; other accents ("Tórshavn") are dropped first.
  const withoutAccents = name.normalize('NFC').replace(/[^\p{ASCII}æøåÆØÅäöüÄÖÜ]/gu, (c) => c.normalize('NFD').replace(/\p{M}/gu, ''));
  // Direction codes count in capitals only ("Aarhus C"); typed in lower case ("aarhus c") too.
  return citySlug(withoutAccents.trim().replace(/\s(\S{1,2})$/u, (code) => code.toUpperCase()));
}

/** The problem with a row's city, or null: a city that is not the city of its zip. */
export function cityProblem(row: number, city: string | undefined, zip: string, zipCity: ZipCity | undefined): string | null {
  if (city === undefined || zipCity === undefined || cityMatchesZip(city, zipCity)) return null;
  return `row ${row}: city: "${city}" is not the city of zip ${zip} (${zipCity.label})`;
}

export class FeedError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}
