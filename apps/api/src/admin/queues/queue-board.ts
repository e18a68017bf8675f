import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import type { AdminAccessService } from '../auth/admin-access.service';

export const QUEUE_BOARD_PATH = '/api/admin/queues';

/**
 * Bull Board (its API and its own UI) at /api/admin/queues, for admins with an open desk session
 * only: to anyone else every path under it is the 404 of a path no route claims, as the desk's own
 * routes answer. Its pages send no Authorization header, so the login comes from the token cookie
 * and the session from the admin cookie (Path=/api/admin). Without Redis the jobs run in the process
 * and there is no queue to show: the board is there, empty.
 */
export async function registerQueueBoard(fastify: FastifyInstance, queues: Queue[], access: AdminAccessService): Promise<void> {
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Husly jobs' } },
  });
  await fastify.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      if (await access.authenticate(request)) return;
      await reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `Cannot ${request.method} ${request.url}` });
    });
    await scope.register(serverAdapter.registerPlugin(), { prefix: QUEUE_BOARD_PATH });
  });
}
