import { Prisma } from '../infra/prisma/generated/client';

// The one SQL statement behind /search, /area/{slug} and /latest (docs/decisions/0004-search-queries.md).
// Built from Prisma.sql fragments: every value is a bind parameter, only fixed column names are raw.

/** Counting stops this many rows past `start`: meta.total is then a lower bound (`capped`). */
export const COUNT_CAP = 500;

export interface ListFilter {
  /** Absent: every city (the front page, or a search without q). */
  cityId?: number;
  /** Maximum rent; -1 (unknown) rents match, as the list shows them as "Ukendt". */
  rent?: number;
  /** Minimum rooms and size; unknown (-1) does not match a minimum. */
  rooms?: number;
  size?: number;
  /** Rented dwellings stay listed while deletedAt is after this; null lists vacant ones only. */
  rentedSince: Date | null;
}

/** Where to start reading: after a known (createdAt, id) position, then skip `skip` more rows. */
export interface ListSeek {
  after: { createdAt: Date; id: number } | null;
  skip: number;
}

export interface ListRow {
  total: number;
  id: number | null;
  headline: string;
  teaser: string;
  rent: number;
  rooms: number;
  size: number;
  street: string | null;
  lat: number | null;
  lng: number | null;
  zip: string | null;
  city_id: number;
  created_at: Date;
  deleted_at: Date | null;
  image_keys: string[];
}

function conditions(filter: ListFilter, seek: ListSeek): Prisma.Sql {
  // No status condition: list membership is deleted_at alone, so the scan stays index-only (0004).
  const parts: Prisma.Sql[] = [];
  if (filter.cityId !== undefined) parts.push(Prisma.sql`d.city_id = ${filter.cityId}`);
  if (filter.rent !== undefined) parts.push(Prisma.sql`d.rent <= ${filter.rent}`);
  if (filter.rooms !== undefined) parts.push(Prisma.sql`d.rooms >= ${filter.rooms}`);
  if (filter.size !== undefined) parts.push(Prisma.sql`d.size >= ${filter.size}`);
  parts.push(
    filter.rentedSince
      ? Prisma.sql`(d.deleted_at IS NULL OR d.deleted_at > ${filter.rentedSince})`
      : Prisma.sql`d.deleted_at IS NULL`,
  );
  // Keyset: the row comparison is an index condition on (created_at DESC, id DESC).
  if (seek.after) parts.push(Prisma.sql`(d.created_at, d.id) < (${seek.after.createdAt}, ${seek.after.id})`);
  return Prisma.join(parts, ' AND ');
}

/**
 * One round trip: the matching (created_at, id) pairs up to skip + pageSize + COUNT_CAP read from the
 * index, their count, and the page's rows with their image keys (place names come from memory). `imageColumn` picks
 * the blurred or the full key inside the database, so a visitor's response never carries a full key.
 * A count of 0 still returns one row (total 0, id null).
 */
export function dwellingListSql(
  filter: ListFilter,
  seek: ListSeek,
  pageSize: number,
  imageColumn: 'full_key' | 'blurred_key',
): Prisma.Sql {
  const limit = seek.skip + Math.max(pageSize, COUNT_CAP);
  const image = Prisma.raw(imageColumn === 'full_key' ? 'i.full_key' : 'i.blurred_key');
  return Prisma.sql`
    WITH matching AS MATERIALIZED (
      SELECT d.id, d.created_at FROM dwellings d
      WHERE ${conditions(filter, seek)}
      ORDER BY d.created_at DESC, d.id DESC
      LIMIT ${limit}
    )
    SELECT t.total::int AS total, p.* FROM (SELECT count(*) AS total FROM matching) t
    LEFT JOIN LATERAL (
      SELECT d.id, d.headline, d.teaser, d.rent, d.rooms, d.size, d.street, d.lat, d.lng, d.zip, d.city_id, d.created_at, d.deleted_at,
        coalesce((SELECT array_agg(${image} ORDER BY i.position) FROM dwelling_images i WHERE i.dwelling_id = d.id), '{}') AS image_keys
      FROM (SELECT id, created_at FROM matching ORDER BY created_at DESC, id DESC OFFSET ${seek.skip} LIMIT ${pageSize}) m
      JOIN dwellings d ON d.id = m.id
    ) p ON true
    ORDER BY p.created_at DESC, p.id DESC`;
}
