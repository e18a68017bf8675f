// The API's own list statement and its decoding (apps/api/src/dwellings/list/dwelling-list.query.ts), taken
// from the built API (`npm run bench:search` builds it first): the raw baseline server and the EXPLAIN
// output run exactly the statement the API runs, read the same way, and cannot drift from it.
import query from '../../dist/api/apps/api/src/dwellings/list/dwelling-list.query.js';

export const { COUNT_CAP, LIST_QUERY_OPTIONS, decodeListRows } = query;

/** filter: {cityId?, rent?, rooms?, size?, rentedSince: Date|null}; seek: {after: {createdAt, id}|null, skip}. */
export function listSql(filter, seek, pageSize, imageColumn = 'blurred_key') {
  return query.dwellingListStatement(filter, seek, pageSize, imageColumn);
}
