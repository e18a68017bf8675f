// Search rules (spec section 5): the query and the filter parameters, with their texts. The shell
// parses every search URL, so these stand apart from the other forms' rules.
import { DEFAULT_LANGUAGE, SEARCH, SEARCH_SLIDERS, type Language } from './constants';
import { fieldError, type FieldError } from './validation-field';

export const SEARCH_VALIDATION_MESSAGES = {
  'search-too-short': {
    da: 'Søgeord skal indeholde mere end to tegn',
    en: 'Search terms must contain at least two characters',
  },
  'not-integer': { da: '{field} skal være et helt tal (0 eller mere).', en: '{field} must be a whole number (0 or more).' },
} as const satisfies Record<string, Record<Language, string>>;

export type SearchQueryResult = { ok: true; q: string } | { ok: false; error: FieldError<'q'> };

/** The query is trimmed; shorter than 2 characters means no search. */
export function validateSearchQuery(q: string | null | undefined, lang: Language = DEFAULT_LANGUAGE): SearchQueryResult {
  const trimmed = (q ?? '').trim();
  if (trimmed.length < SEARCH.minQueryLength) {
    return { ok: false, error: fieldError(SEARCH_VALIDATION_MESSAGES, 'q', 'search-too-short', lang) };
  }
  return { ok: true, q: trimmed };
}

export type SearchFilterField = 'rent' | 'rooms' | 'size' | 'start';
export type SearchFilters = Partial<Record<SearchFilterField, number>>;
export type SearchFilterInput = Partial<Record<SearchFilterField, string | number | null | undefined>>;
export type SearchFiltersResult =
  | { ok: true; filters: SearchFilters }
  | { ok: false; errors: FieldError<SearchFilterField>[] };

const FILTER_DEFAULTS: Record<SearchFilterField, number> = {
  rent: SEARCH_SLIDERS.rent.default,
  rooms: SEARCH_SLIDERS.rooms.default,
  size: SEARCH_SLIDERS.size.default,
  start: 0,
};
const FILTER_FIELDS = Object.keys(FILTER_DEFAULTS) as SearchFilterField[];

/**
 * rent, rooms, size and start as whole numbers of 0 or more. Empty, or equal to the slider's
 * default (its "Any" end; 0 for start), is not set and left out of `filters`. Anything else is an
 * error naming the parameter.
 */
export function parseSearchFilters(input: SearchFilterInput, lang: Language = DEFAULT_LANGUAGE): SearchFiltersResult {
  const filters: SearchFilters = {};
  const errors: FieldError<SearchFilterField>[] = [];
  for (const field of FILTER_FIELDS) {
    const raw = input[field];
    const text = raw === null || raw === undefined ? '' : String(raw).trim();
    if (text === '') continue;
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
      errors.push(fieldError(SEARCH_VALIDATION_MESSAGES, field, 'not-integer', lang));
      continue;
    }
    const value = Number(text);
    if (value !== FILTER_DEFAULTS[field]) filters[field] = value;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, filters };
}
