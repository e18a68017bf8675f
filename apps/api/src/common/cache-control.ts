import type { FastifyInstance } from 'fastify';

/** An /api path (the global prefix), not a page, a static file, the sitemap or a media file. */
const API_PATH = /^\/api(?:[/?#]|$)/;

/**
 * Every /api answer is `Cache-Control: no-store` unless its route set its own (issue 29). Tokens
 * (login, signup, a verification link, a password reset), the user's own data (/api/users/me, the
 * subscriptions, the receipts, a boligagent read by its link's token) and error bodies must never be
 * kept by a browser's or a proxy's cache, and a default covers the routes added later too. What may be
 * cached says so itself and keeps it: the dwelling lists and details ('private, no-cache' per viewer),
 * the areas list and the alerts (public), and outside /api the pages, static files, sitemap and media.
 */
export function registerNoStoreByDefault(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && API_PATH.test(request.url)) void reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
