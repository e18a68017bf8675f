// The list filters of /search and /{city} (spec section 5, issue 15, docs/decisions/0058): one table
// from which the API's query parsing and the web's search URL are derived. The API adds each filter's
// SQL condition and in-memory test beside it (apps/api/src/dwellings/list/list-filters.ts). The shell
// parses every search URL, so this file imports only the search rules it needs.
import { SEARCH_SLIDERS, type Language } from './constants';
import { DEFAULT_SEARCH_SORT, DWELLING_TYPES, SEARCH_COST_SLIDER, SEARCH_SORTS, SEARCH_TIMEFRAMES, type DwellingType, type SearchSort, type SearchTimeframe } from './search-options';
import { readSearchArea, writeSearchArea, type SearchArea } from './search-area';
import { fieldError } from './validation-field';
import { SEARCH_VALIDATION_MESSAGES } from './validation-search';

/** The filters are compared with int4 columns: beyond that range PostgreSQL refuses the parameter. */
const COLUMN_MAX = 2_147_483_647;

/** What a filter makes of its query value: a value, nothing (not set), or an error naming the parameter. */
export type ListFilterRead<T> = { value?: T; error?: undefined } | { error: { code: string; message: string } };

/** One list filter: how its query value is read and written back. */
export interface ListFilterSpec<T> {
  /** Reads the trimmed, non-empty query value (a string from the URL, or a number built in code). */
  read(text: string, field: string, lang: Language): ListFilterRead<T>;
  /** The value as the URL writes it. */
  write(value: T): string;
  /** The value that means "not set" (a slider's "Any" end, the default order): never in a URL or a filter set. */
  unset?: T;
  /** Whether it counts in the "Filtre (3)" button (the order is not a filter). */
  counted: boolean;
}

const filter = <T>(spec: ListFilterSpec<T>): ListFilterSpec<T> => spec;
const invalid = (message: string) => ({ error: { code: 'invalid-value', message } });
const quoted = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');

/** A slider: a whole number of 0 or more (the domain's "not-integer" text), within the int4 column. */
function slider(name: keyof typeof SEARCH_SLIDERS): ListFilterSpec<number> {
  return {
    read(text, field, lang) {
      if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
        const { code, message } = fieldError(SEARCH_VALIDATION_MESSAGES, field, 'not-integer', lang);
        return { error: { code, message } };
      }
      const value = Number(text);
      if (value > COLUMN_MAX) return { error: { code: 'too-big', message: `${field} must be at most ${COLUMN_MAX}` } };
      return { value };
    },
    write: String,
    unset: SEARCH_SLIDERS[name].default,
    counted: true,
  };
}

/** One of a fixed list of words. */
function oneOf<T extends string>(values: readonly T[], unset?: T, counted = true): ListFilterSpec<T> {
  return {
    read: (text, field) => ((values as readonly string[]).includes(text) ? { value: text as T } : invalid(`${field} must be one of ${quoted(values)}`)),
    write: String,
    unset,
    counted,
  };
}

/**
 * The filters, in the order a URL writes them. Absent from a filter set means not set. Adding a
 * filter: an entry here, then its SQL condition and in-memory test in the API's table (the compiler
 * asks for them), and its control in the filter panel.
 */
export const LIST_FILTERS = {
  /** Maximum rent (an unknown rent matches: the list shows it as "Ukendt"). */
  rent: slider('rent'),
  /** Minimum rooms and size (unknown does not match a minimum). */
  rooms: slider('rooms'),
  size: slider('size'),
  /** Maximum monthly total: rent plus the monthly expenses (docs/decisions/0013). */
  monthly: filter<number>({
    read: (text, field) =>
      /^\d{1,10}$/.test(text) && Number(text) <= COLUMN_MAX ? { value: Number(text) } : invalid(`${field} must be a whole number from 0 to ${COLUMN_MAX}`),
    write: String,
    unset: SEARCH_COST_SLIDER.monthly.default,
    counted: true,
  }),
  /** Pets allowed (pets=1). */
  pets: filter<true>({
    read: (text, field) => (text === '1' ? { value: true as const } : invalid(`${field} must be 1 (pets allowed)`)),
    write: () => '1',
    counted: true,
  }),
  type: oneOf<DwellingType>(DWELLING_TYPES),
  /** Moving in by this day (YYYY-MM-DD): dwellings free from then or earlier. */
  movein: filter<string>({
    read(text, field) {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
      const day = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
      return day && day.getUTCFullYear() >= 2000 && day.toISOString().slice(0, 10) === text ? { value: text } : invalid(`${field} must be a date YYYY-MM-DD`);
    },
    write: String,
    counted: true,
  }),
  timeframe: oneOf<SearchTimeframe>(SEARCH_TIMEFRAMES),
  /**
   * A drawn area (issue 34, docs/decisions/0064): dwellings whose position is inside the ring (or on
   * its edge). Not counted: the map shows it, not the filter panel.
   */
  area: filter<SearchArea>({
    read: (text, field) => readSearchArea(text, field),
    write: writeSearchArea,
    counted: false,
  }),
  /** The order; absent: newest first. */
  sort: oneOf(SEARCH_SORTS, DEFAULT_SEARCH_SORT, false) as ListFilterSpec<Exclude<SearchSort, 'newest'>>,
};

export type ListFilterName = keyof typeof LIST_FILTERS;
export const LIST_FILTER_NAMES = Object.keys(LIST_FILTERS) as ListFilterName[];
type ValueOf<S> = S extends ListFilterSpec<infer T> ? T : never;
/** A set of list filters: only those that are set are present. */
export type ListFilters = { [K in ListFilterName]?: ValueOf<(typeof LIST_FILTERS)[K]> };

export interface ListFilterError {
  field: ListFilterName;
  code: string;
  message: string;
}

/**
 * The filters of a query (URL parameters, or numbers built in code). Empty is not set, and so is a
 * filter's "unset" value; anything else that is not one of its values is an error naming the
 * parameter (the API answers 400; the web ignores that filter, so a hand-edited URL still lists).
 */
export function readListFilters(
  raw: Partial<Record<ListFilterName, string | number | null | undefined>>,
  lang: Language,
): { filters: ListFilters; errors: ListFilterError[] } {
  const filters: Record<string, unknown> = {};
  const errors: ListFilterError[] = [];
  for (const field of LIST_FILTER_NAMES) {
    const given = raw[field];
    const text = given === null || given === undefined ? '' : String(given).trim();
    if (text === '') continue;
    const spec = LIST_FILTERS[field] as ListFilterSpec<unknown>;
    const read = spec.read(text, field, lang);
    if (read.error) errors.push({ field, ...read.error });
    else if (read.value !== undefined && read.value !== spec.unset) filters[field] = read.value;
  }
  return { filters: filters as ListFilters, errors };
}

/** The filters that are set as query parameters, in the table's order. */
export function writeListFilters(filters: ListFilters, query = new URLSearchParams()): URLSearchParams {
  for (const field of LIST_FILTER_NAMES) {
    const value = filters[field];
    const spec = LIST_FILTERS[field] as ListFilterSpec<unknown>;
    if (value !== undefined && value !== spec.unset) query.set(field, spec.write(value));
  }
  return query;
}

/** How many filters are set (the "Filtre (3)" button). */
export function countListFilters(filters: ListFilters): number {
  return LIST_FILTER_NAMES.filter((field) => LIST_FILTERS[field].counted && filters[field] !== undefined).length;
}
