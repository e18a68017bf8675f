import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AdminAccessService, AdminPrincipal } from './admin-access.service';

export type AdminRequest = FastifyRequest & { admin?: AdminPrincipal };

/** What the door itself needs of an admin who has no session yet: /me says the code is due, /session takes it. */
const DOOR = new Set(['GET /api/admin/me', 'POST /api/admin/session']);

/** The 404 of a path no route claims, word for word (Nest's own). */
export const unclaimedPath = (request: FastifyRequest) => ({ statusCode: 404, error: 'Not Found', message: `Cannot ${request.method} ${request.url}` });

/**
 * The desk's gate, before anything else reads the request: on every route under /api/admin (the
 * desk's and Bull Board's), whoever is not an admin with an open session gets the 404 of an unclaimed
 * path before the body is parsed or decoded, so no answer (a 400 for a bad body, a 413, a 415)
 * tells a stranger that a route is there. Only the door lets an admin without a session through.
 * The admin it finds rides on the request for AdminGuard.
 */
export function registerAdminGate(fastify: FastifyInstance, access: AdminAccessService): void {
  fastify.addHook('onRequest', async (request: AdminRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url;
    if (!route || !(route === '/api/admin' || route.startsWith('/api/admin/'))) return;
    const admin = await access.authenticate(request);
    if (admin) {
      request.admin = admin;
      return;
    }
    if (DOOR.has(`${request.method} ${route}`)) {
      const user = await access.userOf(request);
      if (user && (await access.isAdmin(user.id))) return;
    }
    await reply.code(404).send(unclaimedPath(request));
  });
}
