import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '@husly/domain';

/** What a route reads from the request besides the body: language, client IP, cookies. */
export interface RequestContext {
  /** en. subdomain = English (spec: the language is chosen by subdomain). */
  language: Language;
  /** The client's address: X-Forwarded-For counts only from a proxy TRUST_PROXY names. */
  ip: string;
  /** As @fastify/cookie parsed them (values URI-decoded). */
  cookies: Record<string, string | undefined>;
}

export function requestContext(request: FastifyRequest): RequestContext {
  const host = request.hostname ?? request.headers.host ?? '';
  return {
    language: /^en\./i.test(host) ? 'en' : DEFAULT_LANGUAGE,
    ip: request.ip,
    cookies: request.cookies,
  };
}

export const Ctx = createParamDecorator((_data: unknown, context: ExecutionContext): RequestContext => {
  return requestContext(context.switchToHttp().getRequest<FastifyRequest>());
});
