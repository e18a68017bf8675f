import { z } from 'zod';

/**
 * GET /api/health: liveness for load balancers and compose's healthcheck, public, so it names no
 * mode, path or version (issue 29). `degraded` when any dependency is not ok; the HTTP status
 * (200, or 503 when the portal cannot work) is the API's choice.
 */
export const healthResponseSchema = z.strictObject({
  status: z.enum(['ok', 'degraded']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /api/health/details, for ops only (Authorization: Bearer OPS_TOKEN): each part's mode and whether it answers. */
export const healthDetailsResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    mode: z.enum(['embedded', 'external']),
    ok: z.boolean(),
    /** Round trip of a trivial query; null when the database did not answer. */
    latencyMs: z.number().nonnegative().nullable(),
  }),
  queue: z.object({
    mode: z.enum(['in-process', 'redis']),
    ok: z.boolean(),
  }),
  mail: z.object({
    mode: z.enum(['file', 'smtp']),
    ok: z.boolean(),
    /** The mail directory or the SMTP host:port; never credentials. */
    target: z.string(),
  }),
  version: z.string(),
});
export type HealthDetailsResponse = z.infer<typeof healthDetailsResponseSchema>;
