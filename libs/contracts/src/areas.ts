import { z } from 'zod';

export const citySchema = z.object({
  /** citySlug of the label, unique; the /{slug} route. */
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  label: z.string().min(1),
  active: z.boolean(),
  /** Four-digit postal codes searched for this city. */
  zips: z.array(z.string().regex(/^\d{4}$/)),
  popular: z.boolean(),
  /** 1..5 for the footer's popular cities, otherwise null. */
  popularRank: z.number().int().positive().nullable(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /** Inhabitants (GeoNames): orders the footer's further cities by size, and place suggestions. */
  population: z.number().int().nonnegative().nullable(),
  /**
   * Only for a city with postal districts (its label and a code: "København NV", "Aarhus C"): runs
   * of its zips in zip order sharing one district, `[firstZip, lastZip, name]`, so the suggestion
   * box can say "2400 København NV" without a postal name per zip in every page.
   */
  districts: z.array(z.tuple([z.string(), z.string(), z.string()])).optional(),
});
export type City = z.infer<typeof citySchema>;

/** GET /api/dwellings/areas. */
export const areasResponseSchema = z.object({
  data: z.array(citySchema),
  /** Lowercased zip or postal name ('8000', 'aarhus c', 'københavn ø') → city slug. */
  aliases: z.record(z.string(), z.string()),
});
export type AreasResponse = z.infer<typeof areasResponseSchema>;
