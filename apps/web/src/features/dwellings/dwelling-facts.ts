import {
  MONEY_FACT_KEYS,
  DWELLING_FACT_KEYS,
  formatDate,
  formatDkk,
  formatPets,
  formatRent,
  formatRooms,
  formatSize,
  formatTimeframe,
  UNKNOWN_TEXT,
  type DwellingFactKey,
  type Language,
} from '@husly/domain';
import type { DwellingDetail } from '@husly/contracts';

export interface FactRow {
  /** Translation key of the label under `dwelling.` */
  label: string;
  value: string;
  /** A sentence rather than a value (economy): shown under its label, full width. */
  wide?: boolean;
}


function factValue(key: DwellingFactKey, value: number | string | string[] | null | undefined, lang: Language): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.length === 0 ? null : value.join(', ');
  if (typeof value === 'number') {
    if (value === -1) return UNKNOWN_TEXT[lang];
    return MONEY_FACT_KEYS.has(key) ? formatDkk(value) : String(value);
  }
  return value;
}

/** "2027-03-01" → "01/03/2027"; other texts ("Snarest", "Efter aftale") as given. */
function availableText(available: string | null, lang: Language): string {
  if (available === null || available.trim() === '') return UNKNOWN_TEXT[lang];
  return formatDate(available) || available;
}

/**
 * The fact box of /vis/{id} (section 2): rent, rooms, size, pets, street, city, economy, available,
 * timeframe, with the display rules of section 5 (-1 unknown, pets Ja/Nej, timeframe in months,
 * years or until a date). Street and economy are left out when the landlord gave none.
 */
export function dwellingFacts(dwelling: DwellingDetail, lang: Language): FactRow[] {
  const rows: FactRow[] = [
    { label: 'rent', value: formatRent(dwelling.rent, lang) },
    { label: 'rooms', value: formatRooms(dwelling.rooms, lang) },
    { label: 'size', value: formatSize(dwelling.size, lang) },
    { label: 'pets', value: formatPets(dwelling.pets, lang) },
  ];
  if (dwelling.location.street) rows.push({ label: 'street', value: dwelling.location.street });
  rows.push({ label: 'city', value: [dwelling.location.zip, dwelling.location.city].filter(Boolean).join(' ') });
  if (dwelling.economy) rows.push({ label: 'economy', value: dwelling.economy, wide: true });
  rows.push({ label: 'available', value: availableText(dwelling.available, lang) });
  rows.push({ label: 'timeframe', value: formatTimeframe(dwelling.timeframe, lang) });
  return rows;
}

/** The expense items (fact keys of section 3) the dwelling has, in the spec's order. */
export function dwellingExpenses(dwelling: DwellingDetail, lang: Language): FactRow[] {
  const rows: FactRow[] = [];
  for (const key of DWELLING_FACT_KEYS) {
    const value = factValue(key, dwelling.facts[key], lang);
    if (value !== null) rows.push({ label: `fact_${key}`, value });
  }
  return rows;
}
