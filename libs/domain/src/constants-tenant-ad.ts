// Tenant-ad numbers (spec section 9): the editor's sliders and the age and date rules. Only the
// tenant-ad editor, the boligagent rules and the API use them (part of constants.ts).

export const TENANT_SLIDERS = {
  rent: { min: 1000, max: 14000, step: 100, default: 14000 },
  rooms: { min: 1, max: 6, step: 1, default: 1 },
  size: { min: 10, max: 140, step: 1, default: 10 },
} as const;

export const TENANT_AD = {
  minAge: 18,
  /** The default availability date is the first of the month this many months ahead. */
  defaultAvailableMonthsAhead: 2,
} as const;
