import { z } from 'zod';
import { EVENT_TYPES } from './browser/codes';
import { INT32_MAX, INT32_MIN } from './browser/input';
import { queryParams, text } from './input';

// POST /api/event: only the named events of EVENT_TYPES (./browser/codes.ts) are stored.

/** A few flat facts about the event (ids, a step name); never free text from a form. */
const payloadValue = z.union([text(200), z.number().int().min(INT32_MIN).max(INT32_MAX), z.boolean(), z.null()]);

export const eventRequestSchema = z
  .object({
    type: z.enum(EVENT_TYPES),
    payload: z
      .record(text(40).regex(/^[a-zA-Z][a-zA-Z0-9_-]*$/, 'a name of letters, digits, _ and -'), payloadValue)
      .refine((payload) => Object.keys(payload).length <= 10, 'at most 10 facts')
      .default({}),
  })
  .strict();
export type EventRequest = z.input<typeof eventRequestSchema>;
export type RecordedEvent = z.output<typeof eventRequestSchema>;

/** GET /i.gif?error=…: the browser's error beacon. Longer messages are cut, not refused. */
export const errorBeaconQuerySchema = queryParams(
  z.object({
    error: text(20_000)
      .trim()
      .min(1)
      .transform((message) => message.slice(0, 1000)),
    // Where it happened, as the page reports it (path only; see the beacon's logging).
    path: text(2000).optional(),
  }),
);
