import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * An admin's TOTP secret is kept sealed (AES-256-GCM) under a key derived from the JWT secret, so a
 * copy of the database (a backup, a support dump) gives no second factor. Rotating JWT_SECRET means
 * granting the admins again (docs/decisions/0061-support-desk.md).
 */
const VERSION = 'v1';

function keyOf(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'husly-admin-totp', 'totp-secret-v1', 32));
}

export function sealTotpSecret(base32: string, jwtSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(jwtSecret), iv);
  const sealed = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The base32 secret; throws when the seal was not made with this JWT secret. */
export function openTotpSecret(sealed: string, jwtSecret: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || !data) throw new Error('Not a sealed TOTP secret');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(jwtSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
