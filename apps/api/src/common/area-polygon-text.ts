import type { SearchArea } from '@husly/domain';

/**
 * PostgreSQL's polygon literal of a drawn area (docs/decisions/0064-area-search.md): '((lng,lat),…)',
 * the ring without its closing point. Shortest round-trip numbers, so PostgreSQL reads the very doubles
 * the list snapshot tests. The list SQL binds it; the boligagent stores it with its drawn areas.
 */
export function areaPolygonText(area: SearchArea): string {
  return `(${area
    .slice(0, -1)
    .map(([lat, lng]) => `(${lng},${lat})`)
    .join(',')})`;
}
