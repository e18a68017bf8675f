import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '@husly/domain';

/** What the accounts routes read from the request besides the body: language, client IP, cookies. */
export interface RequestContext {
  /** en. subdomain = English (spec: the language is chosen by subdomain). */
  language: Language;
  /** The client's address: X-Forwarded-For counts only from a proxy TRUST_PROXY names. */
  ip: string;
  cookies: Record<string, string>;
}

export function requestContext(request: FastifyRequest): RequestContext {
  const host = request.hostname ?? request.headers.host ?? '';
  return {
    language: /^en\./i.test(host) ? 'en' : DEFAULT_LANGUAGE,
    ip: request.ip,
    cookies: parseCookieHeader(request.headers.cookie),
  };
}

export const Ctx = createParamDecorator((_data: unknown, context: ExecutionContext): RequestContext => {
  return requestContext(context.switchToHttp().getRequest<FastifyRequest>());
});

export function parseCookieHeader(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    // Left encoded: each reader decodes its own cookie.
    if (!(name in cookies)) cookies[name] = part.slice(eq + 1).trim();
  }
  return cookies;
}
