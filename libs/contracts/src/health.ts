import { z } from 'zod';

/** GET /api/health. `degraded` when any dependency is not ok; the HTTP status is the API's choice. */
export const healthResponseSchema = z.object({
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
export type HealthResponse = z.infer<typeof healthResponseSchema>;
