// The list statement of apps/api/src/dwellings/dwelling-list.query.ts, written out for the raw
// baseline server and the EXPLAIN output (same text, same bind parameters).

export const COUNT_CAP = 500;

/** filter: {cityId?, rent?, rooms?, size?, rentedSince: Date|null}; seek: {after: {createdAt, id}|null, skip}. */
export function listSql(filter, seek, pageSize, imageColumn = 'blurred_key') {
  const values = [];
  const p = (v) => {
    values.push(v);
    return `$${values.length}`;
  };
  const where = [];
  if (filter.cityId !== undefined) where.push(`d.city_id = ${p(filter.cityId)}`);
  if (filter.rent !== undefined) where.push(`d.rent <= ${p(filter.rent)}`);
  if (filter.rooms !== undefined) where.push(`d.rooms >= ${p(filter.rooms)}`);
  if (filter.size !== undefined) where.push(`d.size >= ${p(filter.size)}`);
  where.push(filter.rentedSince ? `(d.deleted_at IS NULL OR d.deleted_at > ${p(filter.rentedSince)})` : 'd.deleted_at IS NULL');
  if (seek.after) where.push(`(d.created_at, d.id) < (${p(seek.after.createdAt)}, ${p(seek.after.id)})`);
  const limit = p(seek.skip + Math.max(pageSize, COUNT_CAP));
  const image = imageColumn === 'full_key' ? 'i.full_key' : 'i.blurred_key';
  const text = `
    WITH matching AS MATERIALIZED (
      SELECT d.id, d.created_at FROM dwellings d
      WHERE ${where.join(' AND ')}
      ORDER BY d.created_at DESC, d.id DESC
      LIMIT ${limit}
    )
    SELECT t.total::int AS total, p.* FROM (SELECT count(*) AS total FROM matching) t
    LEFT JOIN LATERAL (
      SELECT d.id, d.headline, d.teaser, d.rent, d.rooms, d.size, d.street, d.lat, d.lng, d.zip, d.city_id, d.created_at, d.deleted_at,
        coalesce((SELECT array_agg(${image} ORDER BY i.position) FROM dwelling_images i WHERE i.dwelling_id = d.id), '{}') AS image_keys
      FROM (SELECT id, created_at FROM matching ORDER BY created_at DESC, id DESC OFFSET ${p(seek.skip)} LIMIT ${p(pageSize)}) m
      JOIN dwellings d ON d.id = m.id
    ) p ON true
    ORDER BY p.created_at DESC, p.id DESC`;
  return { text, values };
}
