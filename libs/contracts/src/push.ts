import { z } from 'zod';
import { BASE64URL_PATTERN } from './browser/push';
import { text } from './input';

// Request shapes of /api/push (docs/decisions/0063-instant-push.md). Which push services are allowed
// is configuration, checked by the API after this shape.

/** The URL a browser's push service gave it: absolute http(s), at most 2,048 characters. */
const endpoint = text(2048).trim().pipe(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }));

/**
 * POST /api/push/subscriptions: PushSubscription.toJSON() of the browser and, for a visitor's agent,
 * its management token (a logged-in user sends none). `language`: the site it was turned on in.
 */
export const pushSubscribeSchema = z.object({
  subscription: z.object({
    endpoint,
    // The keys are fixed sizes (RFC 8291): a 65-byte uncompressed P-256 point, a 16-byte secret.
    keys: z.object({
      p256dh: z.string().length(87).regex(BASE64URL_PATTERN, 'must be base64url'),
      auth: z.string().length(22).regex(BASE64URL_PATTERN, 'must be base64url'),
    }),
  }),
  token: text(100).trim().min(1).optional(),
  language: z.enum(['da', 'en']).optional(),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeSchema>;

/** DELETE /api/push/subscriptions {endpoint, token?}: only the owner (user or agent token) removes it. */
export const pushUnsubscribeSchema = z.object({ endpoint, token: text(100).trim().min(1).optional() });
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeSchema>;

/** GET /api/push/public-key */
export interface PushPublicKeyResponse {
  publicKey: string;
}
