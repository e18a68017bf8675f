import { DWELLING_STATUS } from '@husly/domain';

/** What a boligagent hears about a dwelling it was mailed (docs/decisions/0062-change-alerts.md). */
export type DwellingChangeKind = 'RENT_DROP' | 'BACK_ON_MARKET';

export interface DwellingState {
  /** kr.; -1 unknown. */
  rent: number;
  status: number;
  /** Set while rented. */
  deletedAt: Date | null;
}

const vacant = (d: DwellingState) => d.status === DWELLING_STATUS.available && d.deletedAt === null;

/**
 * The change an import makes to a dwelling, if it is one an agent is told of. A dwelling that comes
 * back is "back on the market" even if its rent also fell (one mail, which shows both rents); a rent
 * drop counts only between two known rents of a vacant dwelling.
 */
export function dwellingChangeOf(before: DwellingState, after: DwellingState): DwellingChangeKind | null {
  if (!vacant(after)) return null;
  if (!vacant(before)) return 'BACK_ON_MARKET';
  if (before.rent >= 0 && after.rent >= 0 && after.rent < before.rent) return 'RENT_DROP';
  return null;
}
