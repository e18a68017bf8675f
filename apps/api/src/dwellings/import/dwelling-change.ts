import { DWELLING_STATUS } from '@husly/domain';

/**
 * What the import records about a dwelling it changes (docs/decisions/0062-change-alerts.md).
 * Boligagents hear of RENT_DROP and BACK_ON_MARKET; a saved dwelling's user also of RENTED and RESERVED.
 */
export type DwellingChangeKind = 'RENT_DROP' | 'BACK_ON_MARKET' | 'RENTED' | 'RESERVED';

export interface DwellingState {
  /** kr.; -1 unknown. */
  rent: number;
  status: number;
  /** Set while rented. */
  deletedAt: Date | null;
}

const vacant = (d: DwellingState) => d.status === DWELLING_STATUS.available && d.deletedAt === null;
/** Listed but not free: a status other than available (e.g. 2, reserved) that is not "withdrawn as not found". */
const reserved = (d: DwellingState) => d.deletedAt === null && d.status !== DWELLING_STATUS.available && d.status !== DWELLING_STATUS.notFound;

/**
 * The change an import makes to a dwelling, if it is one we tell someone of. A dwelling that comes
 * back is "back on the market" even if its rent also fell (one mail, which shows both rents); a rent
 * drop counts only between two known rents of a vacant dwelling. Rented: it was not rented and now
 * is (reserved before or vacant). Reserved: it was vacant and is listed now with another status.
 */
export function dwellingChangeOf(before: DwellingState, after: DwellingState): DwellingChangeKind | null {
  if (after.deletedAt !== null) return before.deletedAt === null ? 'RENTED' : null;
  if (reserved(after)) return vacant(before) ? 'RESERVED' : null;
  if (!vacant(after)) return null;
  if (!vacant(before)) return 'BACK_ON_MARKET';
  if (before.rent >= 0 && after.rent >= 0 && after.rent < before.rent) return 'RENT_DROP';
  return null;
}
