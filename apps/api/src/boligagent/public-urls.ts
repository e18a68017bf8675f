import { listUnsubscribeHeaders as oneClickHeaders } from '../infra/mail/list-unsubscribe';
import { createHmac, timingSafeEqual } from 'node:crypto';

export type MailLanguage = 'da' | 'en';

/** The portal's origin in a language: English lives on the en. subdomain (en.husly.dk, en.localhost:3000). */
export function publicOrigin(publicUrl: string, language: MailLanguage): string {
  const url = new URL(publicUrl);
  if (language === 'en' && !/^en\./i.test(url.hostname)) url.hostname = `en.${url.hostname.replace(/^www\./i, '')}`;
  return url.origin;
}

/** The language of a request from its Host header, as the web decides it. */
export function languageFromHost(host: string | undefined): MailLanguage {
  return /^en\./i.test((host ?? '').trim()) ? 'en' : 'da';
}

// The `user` parameter of mail links names the agent without being its token: a forwarded link must
// not let the reader edit or stop someone's agent. It is the agent id with a short HMAC.
const SIGNATURE_LENGTH = 16;

export function signUserParam(agentId: number, secret: string): string {
  return `${agentId}.${signature(agentId, secret)}`;
}

/** The agent id of a `user` parameter, or null when it was not signed by us. */
export function verifyUserParam(value: string, secret: string): number | null {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]+)$/.exec(value);
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(signature(id, secret));
  const given = Buffer.from(match[2]);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

function signature(agentId: number, secret: string): string {
  return createHmac('sha256', secret).update(`boligagent-user:${agentId}`).digest('base64url').slice(0, SIGNATURE_LENGTH);
}

/**
 * The RFC 8058 one-click URL of an agent: a POST stops it, a GET shows the confirmation page, on the
 * mail's language host (an English mail's link opened the Danish page, issue 15).
 */
export function unsubscribeUrlOf(publicUrl: string, token: string, language: MailLanguage): string {
  return `${publicOrigin(publicUrl, language)}${unsubscribePathOf(token)}`;
}

/** The one-click path, for the link in the mail's body (the mail module puts it on the language's host). */
export function unsubscribePathOf(token: string): string {
  return `/api/boligagents/unsubscribe/${encodeURIComponent(token)}`;
}

/**
 * The change mail's "stop mails about changes" path (ADR 0062): the unsubscribe token, which can only
 * stop things; a POST switches change alerts off, a GET leads a browser to the confirmation page.
 */
export function changeAlertsOffPathOf(token: string): string {
  return `/api/boligagents/change-alerts-off/${encodeURIComponent(token)}`;
}

/** List-Unsubscribe (an https URL and a mailto) and List-Unsubscribe-Post: every boligagent mail carries them. */
export function listUnsubscribeHeaders(unsubscribeUrl: string, mailFrom: string, token: string): Record<string, string> {
  return oneClickHeaders(unsubscribeUrl, { mailFrom, token });
}
