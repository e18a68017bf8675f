// Boligagent rounding and modal numbers (spec section 9). Only the boligagent rules and modal use them
// (part of constants.ts).
import { TENANT_SLIDERS } from './constants-tenant-ad';

export const BOLIGAGENT = {
  /** Rent above this is ignored (no rent limit). */
  rentIgnoredAbove: 10_000,
  /** Rent at or below this becomes this. */
  rentFloor: 4000,
  /** Other rents are rounded up to a multiple of this. */
  rentStep: 2000,
  /** Rooms below this are ignored (any number of rooms). */
  roomsIgnoredBelow: 2,
  /** Size at or below the slider default is "any size" (our reading of "defaults store nothing"). */
  sizeIgnoredAtOrBelow: TENANT_SLIDERS.size.default,
  modal: { maxShowsPerVisitor: 3, closeAfterSuccessMs: 5000 },
} as const;

/**
 * Instant pushes (docs/decisions/0063-instant-push.md): at most this many a user (or visitor agent)
 * gets in any hour; matches beyond it still come by mail, not as a push.
 */
export const INSTANT_PUSH_THROTTLE = { perHour: 6, windowMs: 60 * 60_000 } as const;
