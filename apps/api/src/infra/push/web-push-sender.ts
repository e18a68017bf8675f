import { Inject, Injectable } from '@nestjs/common';
import { generateRequestDetails } from 'web-push';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';

/** A browser's subscription as stored: its push service URL and the keys of RFC 8291. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushMessageOptions {
  /** RFC 8030 §5.2: how long the push service keeps it for an offline browser, in seconds. */
  ttlSeconds: number;
  /** RFC 8030 §5.4: a later message with the same topic replaces one not yet delivered (base64url, ≤ 32). */
  topic: string;
}

/** How long one push service may take to answer. */
const TIMEOUT_MS = 10_000;

/**
 * The one way out to push services. The `web-push` library encrypts (aes128gcm, RFC 8291) and signs
 * the VAPID header (RFC 8292); the request itself goes through fetch, which speaks http as well as
 * https, so tests can run a plain local push service (web-push's own sender is https only).
 * Answers the push service's status; a network error or timeout throws.
 */
@Injectable()
export class WebPushSender {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async send(target: PushTarget, payload: string, options: PushMessageOptions): Promise<{ status: number; body: string }> {
    const push = this.config.push;
    if (!push) throw new Error('push is off (no VAPID keys)');
    const request = generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
      vapidDetails: { subject: push.subject, publicKey: push.publicKey, privateKey: push.privateKey },
      TTL: options.ttlSeconds,
      topic: options.topic,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    });
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body,
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return { status: response.status, body: (await response.text()).slice(0, 500) };
  }
}
