/**
 * A dwelling's own columns (table dwellings) as the API writes and reads them: the feed import
 * stores a MappedDwelling (import/feed-row.ts), the detail reads a DetailRow back
 * (dwelling-detail.query.ts). One definition, so the two cannot drift apart column by column.
 */
export interface DwellingColumns {
  headline: string;
  teaser: string;
  description: string;
  remarks: string | null;
  /** rent, rooms and size: -1 means unknown. */
  rent: number;
  rooms: number;
  size: number;
  /** 1 = yes, -1 = no, null = not stated. */
  pets: number | null;
  economy: string | null;
  available: string | null;
  timeframe: string | null;
  street: string | null;
  zip: string | null;
  lat: number | null;
  lng: number | null;
  status: number;
  /** The facts column (jsonb) as parsed JSON: read back, it is checked key by key (DWELLING_FACT_KEYS). */
  facts: unknown;
}
