// What a dwelling costs a month and to move in, and the other columns the search filters and sorts
// on, derived once from the dwelling's fields and facts (docs/decisions/0013-search-filters-and-costs.md).
// The feed import and the seed store what `deriveDwellingColumns` returns; the migration that added
// the columns backfilled them with the same rules written in SQL.
import { calendarDay } from './display';
import { DWELLING_TYPES, type DwellingType, type SearchTimeframe } from './search-options';

// The search options are in search-options.ts, so that the shell, which reads them, does not take the
// cost rules (and the calendar they use) with them.
export * from './search-options';

/** The monthly expense items on top of the rent (each an amount per month, 0 = none). */
export const MONTHLY_EXPENSE_ITEMS = [
  'expenses_heat',
  'expenses_water',
  'expenses_electricity',
  'expenses_tv',
  'expenses_internet',
  'expenses_misc',
] as const;
/** The items that `expenses_ac` (the aconto total) already holds. */
const ACONTO_ITEMS = ['expenses_heat', 'expenses_water', 'expenses_electricity'] as const;
const OTHER_ITEMS = ['expenses_tv', 'expenses_internet', 'expenses_misc'] as const;

type Facts = Record<string, unknown> | null | undefined;

/** An amount in whole kroner from a fact value: a number, or digits ("650", "1.250", "650 kr."); else null. */
export function factAmount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
  if (typeof value !== 'string') return null;
  const match = /^\s*(\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?\s*(?:kr\.?|dkk)?\s*$/i.exec(value);
  return match ? Number(match[1].replace(/\./g, '')) : null;
}

/**
 * What is paid on top of the rent every month, or null when the facts name no expense at all.
 * `expenses` is the landlord's own total of the monthly extras (the demo data and the feeds we know
 * write it as expenses_ac + tv + internet + misc), and `expenses_ac` the aconto total of heat, water
 * and electricity. So: the items added up, with expenses_ac standing in for its three items when it
 * is larger; and never less than `expenses`, when that total is given.
 */
export function monthlyExpenses(facts: Facts): number | null {
  const f = facts ?? {};
  const amount = (key: string) => factAmount(f[key]);
  const named = [...MONTHLY_EXPENSE_ITEMS, 'expenses', 'expenses_ac'].some((key) => amount(key) !== null);
  if (!named) return null;
  const sum = (keys: readonly string[]) => keys.reduce((total, key) => total + (amount(key) ?? 0), 0);
  const aconto = Math.max(sum(ACONTO_ITEMS), amount('expenses_ac') ?? 0);
  return Math.max(aconto + sum(OTHER_ITEMS), amount('expenses') ?? 0);
}

/** Rent plus the monthly expenses; null when the rent is unknown (-1). */
export function monthlyCost(rent: number, facts: Facts): number | null {
  if (!(rent >= 0)) return null;
  return rent + (monthlyExpenses(facts) ?? 0);
}

/**
 * What it costs to move in: the landlord's stated move-in price (`downpayment`, "indflytningspris")
 * when given; otherwise deposit + prepaid rent + the first month (rent and expenses), the usual
 * Danish reading of indflytningspris. Null when neither deposit nor prepaid rent is known.
 */
export function moveInCost(rent: number, facts: Facts): number | null {
  const f = facts ?? {};
  const stated = factAmount(f.downpayment);
  if (stated !== null && stated > 0) return stated;
  const deposit = factAmount(f.deposit);
  const prepaid = factAmount(f.prepaid_rent);
  if (deposit === null && prepaid === null) return null;
  const firstMonth = monthlyCost(rent, facts);
  return (deposit ?? 0) + (prepaid ?? 0) + (firstMonth ?? 0);
}

/** The dwelling's type: the first known word of `dwelling_types` (a list, or one word), else null. */
export function dwellingTypeOf(facts: Facts): DwellingType | null {
  const raw = facts?.dwelling_types;
  const words = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[,;]/) : [];
  for (const word of words) {
    const w = String(word).trim().toLowerCase();
    if ((DWELLING_TYPES as readonly string[]).includes(w)) return w as DwellingType;
  }
  return null;
}

const DANISH_MONTHS = ['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'december'];
/** "Snarest", "straks", … : free from the day it was listed. */
const AT_ONCE = /^(snarest|straks|nu|omg[åa]ende|hurtigst muligt|ledig nu|ledig straks|immediately|now|asap|as soon as possible)\.?$/i;

function isoDay(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d.toISOString().slice(0, 10);
}

/**
 * The first day a dwelling can be moved into (YYYY-MM-DD) from its free-text `available`: a date
 * (2026-12-01, 01/12/2026, 1-12-2026, 1.12.2026, "1. december 2026"), or "Snarest"/"straks" (the
 * Danish day it was listed). Null for anything else ("Efter aftale", empty): unknown, so a move-in
 * date filter does not promise it.
 */
export function availableFrom(available: string | null | undefined, listedAt: Date): string | null {
  const text = (available ?? '').trim();
  if (text === '') return null;
  if (AT_ONCE.test(text)) return calendarDay(listedAt);
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m) return isoDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (m) return isoDay(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})\.?\s+([a-zæøå]+)\s+(\d{4})$/i.exec(text);
  if (m) {
    const month = DANISH_MONTHS.indexOf(m[2].toLowerCase()) + 1;
    return month > 0 ? isoDay(Number(m[3]), month, Number(m[1])) : null;
  }
  return null;
}

/**
 * The longest lease the dwelling offers, in months: 0 = unlimited ("0-0", "0", or a pair whose
 * maximum is 0), the maximum of a pair ("12-24" → 24, "6" → 6), or for an until-date the whole months
 * from the Danish day it was listed to that date (at least 0). Null when not stated or unreadable.
 */
export function leaseMonths(timeframe: string | null | undefined, listedAt: Date): number | null {
  const text = (timeframe ?? '').trim();
  const until = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (until) {
    if (!isoDay(Number(until[1]), Number(until[2]), Number(until[3]))) return null;
    const [y, mo, d] = calendarDay(listedAt).split('-').map(Number);
    const months = (Number(until[1]) - y) * 12 + (Number(until[2]) - mo) - (Number(until[3]) < d ? 1 : 0);
    // A limited lease of less than a month is still limited: 1, never the 0 of "unlimited".
    return Math.max(1, months);
  }
  const pair = /^(\d{1,4})(?:\s*-\s*(\d{1,4}))?$/.exec(text);
  if (!pair) return null;
  return Number(pair[2] ?? pair[1]);
}

/** Whether a lease of `months` (leaseMonths) is what the rental-period filter asks for. */
export function matchesTimeframe(months: number | null, wanted: SearchTimeframe): boolean {
  if (months === null) return false;
  switch (wanted) {
    case 'nolimit':
      return months === 0;
    case 'gt1y':
      return months === 0 || months >= 12;
    case 'lt1y':
      return months > 0 && months < 12;
  }
}

/** The columns the search filters and sorts on, and the costs the cards show. */
export interface DwellingDerivedColumns {
  monthlyCost: number | null;
  moveInCost: number | null;
  /** YYYY-MM-DD */
  availableFrom: string | null;
  leaseMonths: number | null;
  dwellingType: DwellingType | null;
}

export interface DwellingDerivationInput {
  rent: number;
  available?: string | null;
  timeframe?: string | null;
  facts?: Facts;
}

/** Everything derived from one dwelling; `listedAt` is when it was (or is being) listed. */
export function deriveDwellingColumns(dwelling: DwellingDerivationInput, listedAt: Date): DwellingDerivedColumns {
  return {
    monthlyCost: monthlyCost(dwelling.rent, dwelling.facts),
    moveInCost: moveInCost(dwelling.rent, dwelling.facts),
    availableFrom: availableFrom(dwelling.available, listedAt),
    leaseMonths: leaseMonths(dwelling.timeframe, listedAt),
    dwellingType: dwellingTypeOf(dwelling.facts),
  };
}
