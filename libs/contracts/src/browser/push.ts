// Instant push (docs/decisions/0063-instant-push.md): the zod-free part the browser shares.

/** Machine codes of /api/push errors. */
export const PUSH_ERROR_CODES = {
  /** 404 on GET /api/push/public-key and 503 on subscribe: push is off on this installation. */
  off: 'push-off',
  /** 400: the endpoint is not a push service we send to (https, a browser's push service). */
  endpointNotAllowed: 'push-endpoint-not-allowed',
  /** 409: pushes are for instant agents only (and a visitor's agent must be verified). */
  notInstant: 'push-needs-instant-agent',
} as const;

/** What the service worker gets in a push's (decrypted) body. */
export interface PushPayload {
  /** The dwelling's headline. */
  title: string;
  /** The rent, in the subscriber's language ("8.500 kr./md."). */
  body: string;
  /** Absolute link to the dwelling on the language's host. */
  url: string;
  /** The same for every push of one dwelling: a repeated push replaces the notification, never adds one. */
  tag: string;
}

/** base64url without padding, as PushSubscription.toJSON() gives the keys. */
export const BASE64URL_PATTERN = /^[A-Za-z0-9_-]+$/;
