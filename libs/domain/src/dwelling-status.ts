// What a dwelling's status means (spec section 4). The shell's dwelling route decides a 404 with it,
// so it stands apart from the list rules of dwelling-search.ts, which only the list pages use.
import { DWELLING_STATUS } from './constants';

/** Section 4: a detail response with status 0 is a 404. */
export function isDwellingNotFound(dwelling: { status: number | null | undefined } | null | undefined): boolean {
  return !dwelling || dwelling.status === DWELLING_STATUS.notFound;
}

/** Status 1 and not deleted: the landlord can be contacted. Otherwise "Dwelling is unavailable". */
export function isContactable(dwelling: { status: number | null | undefined; deletedAt: Date | string | null | undefined }): boolean {
  return dwelling.status === DWELLING_STATUS.available && !dwelling.deletedAt;
}
