import { createHmac, randomUUID } from 'node:crypto';

/**
 * Message-IDs (RFC 5322 §3.6.4) must be unique worldwide: mail stores thread and drop duplicates by
 * them. The right side is PUBLIC_URL's host (ours, unlike "localhost" or the relay's name); the left
 * side is random, or for a mail that may be sent twice, stable per mail and per installation.
 */
export function mailDomain(publicUrl: string): string {
  return new URL(publicUrl).hostname;
}

/** A fresh id for a mail sent once (account mails): a random UUID. */
export function randomMessageId(publicUrl: string): string {
  return `<${randomUUID()}@${mailDomain(publicUrl)}>`;
}

/**
 * The same id every time `kind` `id` is sent (a boligagent mail re-sent after a crash, ADR 0006), so
 * mail clients collapse the duplicate, and still unique across installations: the delivery's own id
 * (unique only in its database) is kept, followed by an HMAC of it under the installation's secret
 * (JWT_SECRET), which no other installation shares and which the id does not reveal.
 */
export function stableMessageId(kind: string, id: number, secret: string, publicUrl: string): string {
  const tag = createHmac('sha256', secret).update(`message-id:${kind}:${id}`).digest('hex').slice(0, 24);
  return `<${kind}-${id}.${tag}@${mailDomain(publicUrl)}>`;
}
