// Plain types only (no schema, no runtime import): the browser reads this from the page, it is never
// parsed from an untrusted body (docs/decisions/0023-lean-hydration.md).

/**
 * A city as every page needs it (header, footer, /byer, city pages, the boligagent block): what the
 * server render embeds for the browser instead of the whole areas list. The postal codes, districts
 * and aliases that place matching needs come from GET /api/dwellings/areas when a place box is used.
 */
export interface CityName {
  /** citySlug of the label; the /{slug} route. */
  slug: string;
  label: string;
  /** 1..5 for the footer's popular cities, otherwise null (as City.popularRank). */
  popularRank: number | null;
  /** Inhabitants (GeoNames): orders the footer's further cities; null when unknown. */
  population: number | null;
}

/** The active cities by name, in the areas list's order (label). */
export interface CityNames {
  data: CityName[];
}
