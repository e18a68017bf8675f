// Dwelling states and list rules (spec sections 2 and 4).
import { FRONT_PAGE, SEARCH, type Language } from './constants';
import { formatDate } from './display';

// The status rules are in dwelling-status.ts: the shell needs them, not the list rules.
export * from './dwelling-status';

type DeletedAt = Date | string | null | undefined;

export type DwellingListState = 'vacant' | 'rented';

/** In lists a dwelling is vacant (clickable) or rented (deletedAt set, disabled). */
export function dwellingListState(dwelling: { deletedAt: DeletedAt }): DwellingListState {
  return dwelling.deletedAt ? 'rented' : 'vacant';
}

const LIST_DATE_LABEL: Record<Language, Record<DwellingListState, string>> = {
  da: { vacant: 'Oprettet', rented: 'Udlejet' },
  en: { vacant: 'Created', rented: 'Rented' },
};

/** Rented dwellings stay in lists ("Udlejet {date}") this long after they were rented, then disappear. */
export const RENTED_VISIBLE_DAYS = 14;

/** The start of the rented window at `now`: a list shows a rented dwelling while it was rented after this. */
export function rentedListedSince(now: Date): Date {
  return new Date(now.getTime() - RENTED_VISIBLE_DAYS * 86_400_000);
}

/** "Created {date}", or "Rented {date}" for a rented dwelling. */
export function dwellingListDateLabel(
  dwelling: { createdAt: Date | string; deletedAt: DeletedAt },
  lang: Language,
): string {
  const state = dwellingListState(dwelling);
  const date = state === 'rented' ? (dwelling.deletedAt as Date | string) : dwelling.createdAt;
  return `${LIST_DATE_LABEL[lang][state]} ${formatDate(date)}`;
}

/** Section 4: what a failed landlord-contact fetch leads to. */
export type ContactFailureOutcome = 'subscribe' | 'login' | 'unavailable' | 'error';
export function contactFailureOutcome(statusCode: number): ContactFailureOutcome {
  switch (statusCode) {
    case 403:
      return 'subscribe';
    case 401:
      return 'login';
    case 410:
      return 'unavailable';
    default:
      return 'error';
  }
}

/** A results heading is shown only with more than 10 results. */
export function showResultsHeading(total: number): boolean {
  return total > SEARCH.resultsHeadingAbove;
}

/** Front page: the total, or "ca. 3000" when it is unknown. */
export function frontPageTotal(total: number | null | undefined): { total: number; approximate: boolean } {
  return typeof total === 'number' && Number.isFinite(total) && total >= 0
    ? { total, approximate: false }
    : { total: FRONT_PAGE.fallbackTotal, approximate: true };
}

/** "forrige"/"næste" links: the start offsets of the previous and next page, or null when there is none. */
export function pageOffsets(meta: { total: number; start: number; pageSize: number }): {
  previous: number | null;
  next: number | null;
} {
  const { total, start, pageSize } = meta;
  return {
    previous: start > 0 ? Math.max(0, start - pageSize) : null,
    next: start + pageSize < total ? start + pageSize : null,
  };
}

/** Clamp a requested page size into 1..maxPageSize; missing means the default 150. */
export function effectivePageSize(requested: number | null | undefined): number {
  if (typeof requested !== 'number' || !Number.isFinite(requested) || requested < 1) return SEARCH.pageSize;
  return Math.min(Math.floor(requested), SEARCH.maxPageSize);
}
