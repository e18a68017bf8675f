import { fastifyRequestContext, requestContext } from '@fastify/request-context';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

declare module '@fastify/request-context' {
  interface RequestContextData {
    requestId: string;
  }
}

/**
 * Every request's id: ours, never the client's (a chosen X-Request-Id would let anyone make their
 * requests look like another's to support). Given to Fastify as its genReqId.
 */
export const newRequestId = (): string => randomUUID();

/**
 * The request id goes back in X-Request-Id, so support can find a visitor's request in the logs,
 * and rides along in an AsyncLocalStorage (@fastify/request-context) for every log line the request
 * causes (common/app-logger.ts), however deep in the services it is written.
 */
export async function registerRequestId(fastify: FastifyInstance): Promise<void> {
  await fastify.register(fastifyRequestContext, { defaultStoreValues: (request) => ({ requestId: request.id }) });
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('X-Request-Id', request.id);
    done();
  });
}

/** The id of the request this code runs for, if any (a job or the boot runs for none). */
export const currentRequestId = (): string | undefined => requestContext.get('requestId');
