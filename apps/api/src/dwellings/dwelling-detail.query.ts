// The one SQL statement behind GET /api/dwellings/{id} (issue 16). It used to be Prisma's findUnique
// with include (the dwelling, its city, its images) and then the postal name, one after the other.
// Each Prisma call compiles its query in the WASM query compiler and interprets the plan before a row
// is read: ~5 ms of API CPU per detail in bench:search on 26 Nov 2026 (a third of a CPU profile in
// the query compiler alone), against ~0.6 ms now; on the embedded database it was four round trips
// through PGlite's one connection. The lists left Prisma for the same reason (docs/decisions/0004).
// Read on the list reader's pg pool: one round trip, rows as text decoded here.
import type { DwellingColumns } from './dwelling-columns';
import { LIST_QUERY_OPTIONS, parseTextArray, type ListResultRow } from './list/dwelling-list.query';

/** Rows as arrays of the columns' text (LIST_QUERY_OPTIONS), decoded by decodeDetailRow. */
export const DETAIL_QUERY_OPTIONS = LIST_QUERY_OPTIONS;

/**
 * The dwelling, its city's slug and label, the postal name of its zip, and its image keys in position
 * order: the keys the lists read, which the triggers on dwelling_images keep equal to the images
 * (migration 20261122055857_dwelling_list_keys), so the detail shows the images the lists show.
 * Both key arrays and the description come back: the service sends only what the viewer may see.
 */
export const DWELLING_DETAIL_SQL = `SELECT d.id, d.headline, d.teaser, d.description, d.remarks, d.rent, d.rooms, d.size, d.pets,
    d.economy, d.available, d.timeframe, d.street, d.zip, d.city_id, d.lat, d.lng, d.status, d.facts,
    date_part('epoch', d.deleted_at), d.monthly_cost, d.move_in_cost, d.list_blurred_keys, d.list_full_keys,
    c.slug, c.label, p.name
  FROM dwellings d
  JOIN cities c ON c.id = d.city_id
  LEFT JOIN postal_codes p ON p.zip = d.zip
  WHERE d.id = $1`;

/** The dwelling's columns, and what the statement joins to them. */
export interface DetailRow extends DwellingColumns {
  id: number;
  cityId: number;
  deletedAt: Date | null;
  monthlyCost: number | null;
  moveInCost: number | null;
  blurredKeys: string[];
  fullKeys: string[];
  citySlug: string;
  cityLabel: string;
  /** The postal name of the zip; null when the zip is not a known postal code. */
  postalName: string | null;
}

const orNull = <T>(text: string | null, parse: (text: string) => T): T | null => (text === null ? null : parse(text));

/** The statement's row, or null when there is no dwelling with that id. */
export function decodeDetailRow(row: ListResultRow | undefined): DetailRow | null {
  if (!row) return null;
  const [id, headline, teaser, description, remarks, rent, rooms, size, pets, economy, available, timeframe, street, zip, cityId, lat, lng, status, facts, deletedAt, monthlyCost, moveInCost, blurredKeys, fullKeys, citySlug, cityLabel, postalName] = row;
  return {
    id: Number(id),
    headline: headline as string,
    teaser: teaser as string,
    description: description as string,
    remarks,
    rent: Number(rent),
    rooms: Number(rooms),
    size: Number(size),
    pets: orNull(pets, Number),
    economy,
    available,
    timeframe,
    street,
    zip,
    cityId: Number(cityId),
    lat: orNull(lat, Number),
    lng: orNull(lng, Number),
    status: Number(status),
    facts: JSON.parse(facts as string) as unknown,
    // Seconds since the epoch with the milliseconds as fraction (the column keeps milliseconds).
    deletedAt: orNull(deletedAt, (seconds) => new Date(Math.round(Number(seconds) * 1000))),
    monthlyCost: orNull(monthlyCost, Number),
    moveInCost: orNull(moveInCost, Number),
    blurredKeys: orNull(blurredKeys, parseTextArray) ?? [],
    fullKeys: orNull(fullKeys, parseTextArray) ?? [],
    citySlug: citySlug as string,
    cityLabel: cityLabel as string,
    postalName,
  };
}
