import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// The decrypting side of RFC 8188/8291 (aes128gcm), from the package web-push encrypts with.
import * as ece from 'http_ece';

/** One message a browser's push service accepted, decrypted with that browser's keys. */
export interface ReceivedPush {
  /** The subscription's id in this service (the endpoint's last path part). */
  id: string;
  headers: Record<string, string | undefined>;
  payload: unknown;
}

/** A browser's side of a subscription: the endpoint, and the keys it gives the application server. */
export interface TestBrowser {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** PushSubscription.toJSON() shape, as the web posts it. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface TestPushService {
  origin: string;
  received: ReceivedPush[];
  /** A new browser subscription: its own P-256 key pair and 16-byte auth secret (RFC 8291 §3). */
  browser(): TestBrowser;
  /** Makes the service answer `status` for this browser's endpoint from now on (410: the user unsubscribed). */
  answer(id: string, status: number): void;
  close(): Promise<void>;
}

/**
 * A local push service speaking RFC 8030 as far as an application server sees it: POST to a
 * subscription's endpoint with TTL and Content-Encoding: aes128gcm, answered 201 with a Location;
 * the body is decrypted with the test browser's private key and auth secret (what a browser does),
 * so a test reads the payload the service worker would get. VAPID (RFC 8292) is checked for shape.
 */
export async function startPushService(): Promise<TestPushService> {
  const browsers = new Map<string, { ecdh: ECDH; auth: Buffer; status: number }>();
  const received: ReceivedPush[] = [];
  let messages = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(request.url ?? '')?.[1];
      const browser = id === undefined ? undefined : browsers.get(id);
      if (request.method !== 'POST' || id === undefined || browser === undefined) return end(404);
      if (browser.status !== 201) return end(browser.status);
      // RFC 8030 §5.2: TTL is required; RFC 8291: aes128gcm; RFC 8292: vapid t=…, k=….
      const ttl = request.headers.ttl;
      const authorization = request.headers.authorization ?? '';
      if (ttl === undefined || !/^\d+$/.test(String(ttl))) return end(400);
      if (request.headers['content-encoding'] !== 'aes128gcm') return end(415);
      if (!/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/.test(authorization)) return end(401);
      let payload: unknown;
      try {
        const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth.toString('base64url') });
        payload = JSON.parse(plain.toString('utf8'));
      } catch {
        return end(400);
      }
      received.push({
        id,
        headers: { ttl: String(ttl), topic: header(request.headers.topic), urgency: header(request.headers.urgency), authorization },
        payload,
      });
      messages += 1;
      response.setHeader('Location', `/message/${messages}`);
      return end(201);
    });
    function end(status: number) {
      response.statusCode = status;
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    browser() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(12).toString('base64url');
      browsers.set(id, { ecdh, auth, status: 201 });
      const endpoint = `${origin}/push/${id}`;
      const keys = { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') };
      return { id, endpoint, keys, subscription: { endpoint, keys } };
    },
    answer(id, status) {
      const browser = browsers.get(id);
      if (browser) browser.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
