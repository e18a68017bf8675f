// Display rules (spec section 5 "Display rules"; section 2 titles in page-title.ts). Pure; callers pass
// the language.
import { TIME_ZONE, type Language } from './constants';

// The titles are a module of their own: every page sets its title through the browser's shell, which
// took every formatter here while they were one module.
export * from './page-title';

export const UNKNOWN_TEXT: Record<Language, string> = { da: 'Ukendt', en: 'Unknown' };

/** A value of -1 (or a missing value) for rent, rooms or size means "unknown". */
export function isUnknownValue(value: number | null | undefined): value is null | undefined {
  return value === null || value === undefined || value === -1 || Number.isNaN(value);
}

/** `format(value)`, or "Ukendt"/"Unknown" for -1 and missing values. */
export function formatUnknown(
  value: number | null | undefined,
  lang: Language,
  format: (n: number) => string = String,
): string {
  return isUnknownValue(value) ? UNKNOWN_TEXT[lang] : format(value as number);
}

/** "4.500 kr." — da-DK grouping, no decimals. Hand-rolled so server and browser render the same bytes. */
export function formatDkk(amount: number): string {
  const rounded = Math.round(amount);
  const digits = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${rounded < 0 ? '-' : ''}${digits} kr.`;
}

export function formatRent(rent: number | null | undefined, lang: Language): string {
  return formatUnknown(rent, lang, formatDkk);
}

export function formatRooms(rooms: number | null | undefined, lang: Language): string {
  return formatUnknown(rooms, lang, (n) =>
    lang === 'da' ? `${n} vær.` : `${n} ${n === 1 ? 'room' : 'rooms'}`,
  );
}

export function formatSize(size: number | null | undefined, lang: Language): string {
  return formatUnknown(size, lang, (n) => `${n} m²`);
}

/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one, and
 * every card of a 150-dwelling list page formats a date (issue 16: server render time).
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Days already worked out, by time zone and quarter hour: every UTC offset (and every change of one)
 * is a whole number of quarter hours, so all instants of one quarter hour share a calendar day.
 * A list page's dates are mostly a few days (formatToParts costs ~10 µs a call, 150 cards a page).
 */
const knownDays = new Map<string, string>();
const QUARTER_HOUR_MS = 15 * 60_000;
const KNOWN_DAYS_MAX = 10_000;

/** The calendar date of `date` in `timeZone` as YYYY-MM-DD. */
export function calendarDay(date: Date, timeZone: string = TIME_ZONE): string {
  const time = date.getTime();
  // Danish time by its rule, without Intl: creating the formatter cost a phone ~45 ms while a list
  // page hydrated (issue 16).
  if (timeZone === TIME_ZONE) {
    const day = copenhagenCalendarDay(time);
    if (day !== undefined) return day;
  }
  const key = Number.isFinite(time) ? `${timeZone}|${Math.floor(time / QUARTER_HOUR_MS)}` : undefined;
  const known = key === undefined ? undefined : knownDays.get(key);
  if (known !== undefined) return known;
  const day = formatCalendarDay(date, timeZone);
  if (key !== undefined) {
    if (knownDays.size >= KNOWN_DAYS_MAX) knownDays.clear();
    knownDays.set(key, day);
  }
  return day;
}

const HOUR_MS = 3_600_000;
/** Since 1996 Denmark follows the EU rule below; earlier years are left to Intl. */
const EU_RULE_SINCE = 1996;

/** The last Sunday of `month` (0-based) in `year`, at 01:00 UTC: when EU summer time starts or ends. */
function lastSundayAt1Utc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * The calendar day in Europe/Copenhagen of the instant `time` (ms since the epoch) as YYYY-MM-DD:
 * UTC+1, and UTC+2 from the last Sunday of March to the last Sunday of October, 01:00 UTC each (EU
 * directive 2000/84/EC). Undefined for an invalid time or a year before the rule.
 */
export function copenhagenCalendarDay(time: number): string | undefined {
  if (!Number.isFinite(time)) return undefined;
  const year = new Date(time).getUTCFullYear();
  if (year < EU_RULE_SINCE || year > 9999) return undefined;
  const summer = time >= lastSundayAt1Utc(year, 2) && time < lastSundayAt1Utc(year, 9);
  const local = new Date(time + (summer ? 2 : 1) * HOUR_MS);
  const month = String(local.getUTCMonth() + 1).padStart(2, '0');
  const day = String(local.getUTCDate()).padStart(2, '0');
  return `${local.getUTCFullYear()}-${month}-${day}`;
}

function formatCalendarDay(date: Date, timeZone: string): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  let year = '';
  let month = '';
  let day = '';
  for (const part of formatter.formatToParts(date)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year}-${month}-${day}`;
}

function isRealDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * DD/MM/YYYY. A date-only string (YYYY-MM-DD) is a calendar date and is reformatted as is;
 * a Date or a timestamp is shown as its Danish calendar date. Invalid input gives ''.
 */
export function formatDate(date: Date | string, timeZone: string = TIME_ZONE): string {
  if (typeof date === 'string') {
    const only = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
    if (only) return isRealDate(+only[1], +only[2], +only[3]) ? `${only[3]}/${only[2]}/${only[1]}` : '';
    date = new Date(date);
  }
  if (Number.isNaN(date.getTime())) return '';
  const [y, m, d] = calendarDay(date, timeZone).split('-');
  return `${d}/${m}/${y}`;
}

/** "DD/MM/YYYY" → that calendar date at 00:00 UTC, or null if malformed or not a real date. */
export function parseDanishDate(value: string): Date | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDate(year, month, day) ? new Date(Date.UTC(year, month - 1, day)) : null;
}
