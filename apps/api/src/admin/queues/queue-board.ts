import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { Queue } from 'bullmq';
import { HttpException, Logger } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { toApiError } from '../../common/api-exception.filter';
import { unclaimedPath, type AdminRequest } from '../auth/admin-gate';

export const QUEUE_BOARD_PATH = '/api/admin/queues';
const logger = new Logger('QueueBoard');

/**
 * Bull Board (its API and its own UI) at /api/admin/queues, for admins with an open desk session
 * only: the desk's gate (admin-gate.ts) answers anyone else the 404 of a path no route claims, and
 * the board checks again that the gate found an admin. Its pages send no Authorization header, so
 * the login comes from the token cookie and the session from the admin cookie (Path=/api/admin).
 * Without Redis the jobs run in the process and there is no queue to show: the board is there, empty.
 */
export async function registerQueueBoard(fastify: FastifyInstance, queues: Queue[]): Promise<void> {
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Husly jobs' } },
  });
  // Errors in the API's shape and status, as on every other route: the board's own handler answers
  // a body that does not decode (our 400) or a coding we do not take (our 415) with a 500.
  serverAdapter.setErrorHandler((error) => {
    const status = error instanceof HttpException ? error.getStatus() : 500;
    if (status >= 500) logger.error(error.stack ?? error.message);
    return { status: status as 500, body: toApiError(error, status) };
  });
  await fastify.register(async (scope) => {
    scope.addHook('onRequest', async (request: AdminRequest, reply) => {
      if (!request.admin) await reply.code(404).send(unclaimedPath(request));
    });
    // The board's page has two inline <style> elements (its loading animation, its theme): allowed
    // here only, for admins, where our own pages allow none. Its Google Fonts stay blocked: an
    // admin's page asks nothing of a third party.
    scope.addHook('onSend', async (_request, reply, payload) => {
      const policy = reply.raw.getHeader('content-security-policy');
      if (typeof policy === 'string') reply.raw.setHeader('content-security-policy', policy.replace("style-src-elem 'self'", "style-src-elem 'self' 'unsafe-inline'"));
      return payload;
    });
    await scope.register(serverAdapter.registerPlugin(), { prefix: QUEUE_BOARD_PATH });
  });
}
