import { z } from 'zod';
import { queryParams, text } from './input';

/**
 * Named events the web app reports (spec section 7, POST /api/event). Only these names are stored:
 * an open list would let anyone fill the table with whatever they like.
 */
export const EVENT_TYPES = [
  // Section 4: the subscriber left the "Vigtigt ved afmelding" page without cancelling.
  'subscription/cancel-abort',
  'subscription/cancel-confirm',
  // The limited plan offered instead of cancelling.
  'subscription/alternative-offer-shown',
  'subscription/alternative-offer-taken',
  'boligagent/modal-shown',
  'boligagent/modal-closed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** A few flat facts about the event (ids, a step name); never free text from a form. */
const payloadValue = z.union([text(200), z.number().int().min(-2_147_483_648).max(2_147_483_647), z.boolean(), z.null()]);

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
