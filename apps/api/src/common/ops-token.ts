import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether an Authorization header carries OPS_TOKEN as its bearer: for what ops may read and visitors
 * may not (health details, metrics). Compared in constant time, whatever either length: the digests
 * are always 32 bytes.
 */
export function isOpsBearer(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}
