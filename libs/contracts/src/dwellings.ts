import { z } from 'zod';
import {
  DEFAULT_LANGUAGE,
  DWELLING_FACT_KEYS,
  FRONT_PAGE,
  LIST_FILTER_NAMES,
  SEARCH,
  parseSearchFilters,
  readListFilters,
  validateSearchQuery,
  type ListFilterName,
  type ListFilters,
} from '@husly/domain';
import { CONTACT_ERROR_CODES } from './browser/codes';
import { queryParams, text } from './input';

const isoDateTime = z.iso.datetime({ offset: true });
/** Rent, rooms and size: -1 means unknown (shown as "Ukendt"). */
const unknownable = z.number().min(-1);
/** Ids are opaque strings in the API, whatever the database uses. */
const dwellingId = z.string().min(1);

export const dwellingListItemSchema = z.object({
  dwellingId,
  headline: z.string(),
  teaser: z.string(),
  rent: unknownable,
  rooms: unknownable,
  size: unknownable,
  city: z.string(),
  street: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** The main image URL; null without images. */
  image: z.string().nullable(),
  images: z.array(z.string()),
  createdAt: isoDateTime,
  /** Set when rented: the list shows "Rented {date}" and the item is not clickable. */
  deletedAt: isoDateTime.nullable(),
  /** Rent plus the monthly expenses (kr.); null when unknown (docs/decisions/0013). */
  monthlyCost: z.number().int().nullable(),
  /** Deposit, prepaid rent and the first month, or the stated move-in price (kr.); null when unknown. */
  moveInCost: z.number().int().nullable(),
});
export type DwellingListItem = z.infer<typeof dwellingListItemSchema>;

export const dwellingListMetaSchema = z.object({
  /** Matching dwellings; on /search and /area a lower bound when `capped` (see docs/decisions/0004). */
  total: z.number().int().nonnegative(),
  start: z.number().int().nonnegative(),
  pageSize: z.number().int().positive().max(SEARCH.maxPageSize),
  /**
   * true: counting stopped at `total` (more than 1000 match beyond `start`); show it as "1000+".
   * Absent or false: `total` is exact.
   */
  capped: z.boolean().optional(),
  /**
   * Only /search whose q names no place we list: the places nearest to what was typed (spelling,
   * then size), at most 5; empty when nothing resembles it.
   */
  suggestions: z.array(z.object({ slug: z.string(), label: z.string() })).optional(),
});
export type DwellingListMeta = z.infer<typeof dwellingListMetaSchema>;

/** The city page's own texts (City headline/teaser/mainText/faq); null where the city has none (the web then uses its template). */
export const cityContentSchema = z.object({
  headline: z.string().nullable(),
  teaser: z.string().nullable(),
  mainText: z.string().nullable(),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })).nullable(),
});
export type CityContent = z.infer<typeof cityContentSchema>;

/** GET /api/dwellings/latest, /search and /area/{slug}. */
export const dwellingListResponseSchema = z.object({
  data: z.array(dwellingListItemSchema),
  meta: dwellingListMetaSchema,
  /** Only /area/{slug}: the city page texts (optional so the other lists need not send it). */
  content: cityContentSchema.optional(),
});
export type DwellingListResponse = z.infer<typeof dwellingListResponseSchema>;

const factValue = z.union([z.number(), z.string(), z.array(z.string()), z.null()]);

/** GET /api/dwellings/{id}. A status of 0 means not found (the web sets a 404). */
export const dwellingDetailSchema = z.object({
  dwellingId,
  headline: z.string(),
  teaser: z.string(),
  /** Withheld (null) for visitors and non-subscribers; the web shows the teaser instead. */
  description: z.string().nullable(),
  remarks: z.string().nullable(),
  rent: unknownable,
  rooms: unknownable,
  size: unknownable,
  /** 1 = yes, -1 = no, null = unknown. */
  pets: z.union([z.literal(1), z.literal(-1)]).nullable(),
  economy: z.string().nullable(),
  available: z.string().nullable(),
  /** Months ("12-24", "6") or an until-date "YYYY-MM-DD"; see formatTimeframe. */
  timeframe: z.string().nullable(),
  location: z.object({
    street: z.string().nullable(),
    city: z.string(),
    zip: z.string().regex(/^\d{4}$/).nullable(),
    citySlug: z.string(),
  }),
  geolocation: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** Blurred versions for visitors. */
  images: z.array(z.string()),
  facts: z.partialRecord(z.enum(DWELLING_FACT_KEYS), factValue),
  /** 1 = available; see isContactable. */
  status: z.number().int(),
  deletedAt: isoDateTime.nullable(),
  /** Whether the viewer has an active subscription (full details, contact allowed). */
  subscribed: z.boolean(),
  /** Rent plus the monthly expenses, and the move-in cost (kr.); null when unknown (docs/decisions/0013). */
  costs: z.object({ monthly: z.number().int().nullable(), moveIn: z.number().int().nullable() }),
  /**
   * The rent per m² against the median of our vacant dwellings in the same city and size band
   * (fairRentHint in libs/domain); null when there are too few of them or rent or size is unknown.
   */
  fairRent: z
    .object({
      verdict: z.enum(['below', 'typical', 'above']),
      percent: z.number().int().nonnegative(),
      rentPerM2: z.number().int(),
      medianPerM2: z.number().int(),
      comparables: z.number().int().nonnegative(),
      band: z.object({ min: z.number().int(), max: z.number().int().nullable() }),
      /** The city the comparables are from (its label: the whole city, not the postal district). */
      city: z.string(),
    })
    .nullable(),
});
export type DwellingDetail = z.infer<typeof dwellingDetailSchema>;

/** GET /api/dwellings/{id}/agent. 401 login, 403 subscribe, 410 unavailable (see contactFailureOutcome). */
export const landlordContactSchema = z.object({
  address: z.string().nullable(),
  remark: z.array(z.string()),
  /** nonprofit: the web adds a housing-association note. */
  type: z.enum(['private', 'company', 'nonprofit']),
  reference: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  url: z.string().nullable(),
});
export type LandlordContact = z.infer<typeof landlordContactSchema>;

/** The 403 body when the limited plan's landlord limit is reached. */
export const contactLimitErrorSchema = z.object({
  statusCode: z.literal(403),
  error: z.string(),
  message: z.string(),
  code: z.literal(CONTACT_ERROR_CODES.contactLimitReached),
  /** 10 on tenantad-79kr-14days. */
  limit: z.number().int().positive(),
  /** Distinct landlords contacted this period (at least `limit`). */
  used: z.number().int().nonnegative(),
  /** The period's length in days (14). */
  windowDays: z.number().int().positive(),
  /**
   * When the count resets: the end of the limited subscription's current period (its renewal), from
   * which a new landlord can be contacted (ISO time). The count is per period, not a rolling window
   * (docs/decisions/0049-contact-limit-per-period.md).
   */
  retryAt: isoDateTime,
});
export type ContactLimitError = z.infer<typeof contactLimitErrorSchema>;

/** The limited plan's count on the subscription page (subscription view `contactUsage`). */
export const contactUsageSchema = z.object({
  /** Distinct landlords contacted this period. */
  used: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
  /** When the count starts again from 0: the end of the current period (ISO time). */
  resetsAt: isoDateTime,
});
export type ContactUsageView = z.infer<typeof contactUsageSchema>;

// --- query strings -------------------------------------------------------------------------------

/** A query-string value: a string from the URL, or a number when built in code. Repeats are refused (queryParams). */
const queryValue = z.union([text(40), z.number()]).nullish();
/** A search text: city names and postal codes are short; the cap keeps megabytes out of the lookup. */
const SEARCH_TEXT_MAX = 200;

function parsePageSize(raw: string | number | null | undefined, fallback: number): number | 'invalid' {
  const text = raw === null || raw === undefined ? '' : String(raw).trim();
  if (text === '') return fallback;
  if (!/^\d+$/.test(text)) return 'invalid';
  const n = Number(text);
  return n >= 1 && n <= SEARCH.maxPageSize ? n : 'invalid';
}

const pageSizeMessage = `pageSize must be a whole number from 1 to ${SEARCH.maxPageSize}`;

/** Every list filter's query parameter (docs/decisions/0058: the table in libs/domain list-filters.ts). */
const filterParams = {
  ...(Object.fromEntries(LIST_FILTER_NAMES.map((field) => [field, queryValue])) as Record<ListFilterName, typeof queryValue>),
  // Up to SEARCH_AREA_LIMITS.maxChars: the domain's reader says which rule failed, the length first
  // (Node's 16 kB header limit bounds what reaches it). Its alphabet has no NUL or surrogate.
  area: z.string().nullish(),
};

/**
 * GET /api/dwellings/search and /area/{slug}. Applies the domain rules: q is trimmed and needs
 * 2 characters (an empty q is no q); start is a whole number; the list filters as the domain's
 * table reads them (a value at its slider's default, or the default order, is left out).
 * Issues carry the domain code in `params.code`.
 */
export const searchQuerySchema = queryParams(
  z
    .object({
      q: text(SEARCH_TEXT_MAX).nullish(),
      ...filterParams,
      start: queryValue,
      pageSize: queryValue,
    })
    .transform((raw, ctx): SearchQuery => {
      const issue = (field: string, message: string, code: string) =>
        ctx.addIssue({ code: 'custom', path: [field], message, params: { code } });
      const q = (raw.q ?? '').trim();
      const checkedQ = q === '' ? null : validateSearchQuery(q, DEFAULT_LANGUAGE);
      if (checkedQ && !checkedQ.ok) issue('q', checkedQ.error.message, checkedQ.error.code);
      const filters = readListFilters(raw, DEFAULT_LANGUAGE);
      for (const e of filters.errors) issue(e.field, e.message, e.code);
      const start = parseSearchFilters({ start: raw.start }, DEFAULT_LANGUAGE);
      if (!start.ok) for (const e of start.errors) issue(e.field, e.message, e.code);
      const pageSize = parsePageSize(raw.pageSize, SEARCH.pageSize);
      if (pageSize === 'invalid') issue('pageSize', pageSizeMessage, 'not-integer');
      if ((checkedQ && !checkedQ.ok) || filters.errors.length > 0 || !start.ok || pageSize === 'invalid') return z.NEVER;
      return {
        ...(q !== '' ? { q } : {}),
        ...filters.filters,
        start: start.filters.start ?? 0,
        pageSize,
      };
    }),
);
export type SearchQueryInput = z.input<typeof searchQuerySchema>;
/** Parsed search: only filters that are set are present; start defaults to 0, pageSize to 150. */
export interface SearchQuery extends ListFilters {
  q?: string;
  start: number;
  pageSize: number;
}

/** GET /api/dwellings/latest: paging only, 15 by default (the front page). */
export const latestQuerySchema = queryParams(
  z
    .object({ start: queryValue, pageSize: queryValue })
    .transform((raw, ctx) => {
      const parsed = parseSearchFilters({ start: raw.start }, DEFAULT_LANGUAGE);
      if (!parsed.ok) {
        for (const e of parsed.errors) ctx.addIssue({ code: 'custom', path: [e.field], message: e.message, params: { code: e.code } });
      }
      const pageSize = parsePageSize(raw.pageSize, FRONT_PAGE.latestCount);
      if (pageSize === 'invalid') {
        ctx.addIssue({ code: 'custom', path: ['pageSize'], message: pageSizeMessage, params: { code: 'not-integer' } });
      }
      if (!parsed.ok || pageSize === 'invalid') return z.NEVER;
      return { start: parsed.filters.start ?? 0, pageSize };
    }),
);
export type LatestQuery = z.output<typeof latestQuerySchema>;
