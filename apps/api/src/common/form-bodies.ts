import type { FastifyInstance } from 'fastify';

/**
 * Bodies that browsers and mail clients post without JavaScript. application/x-www-form-urlencoded
 * (RFC 8058 one-click unsubscribe, the language switch's handoff form) is parsed by Nest's Fastify
 * adapter. multipart/form-data is not: some mail clients send the one-click POST that way (RFC 8058
 * allows both). No route reads a multipart field, so the body is read (small: a one-click form is a
 * few bytes, more is 413) and dropped; @fastify/multipart and its busboy would buy nothing here.
 */
export function registerFormBodies(fastify: FastifyInstance): void {
  if (!fastify.hasContentTypeParser('multipart/form-data')) {
    fastify.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_request, _body, done) => done(null, {}));
  }
}
