import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built React app (dist/web) from the API process, so web and API share one port.
 * Pages are answered with index.html and routed in the browser; server-side rendering replaces
 * `serve` in the find-a-home issue.
 */
export class WebAppServer {
  private readonly indexHtml?: string;

  constructor(readonly distDir: string) {
    const index = join(distDir, 'index.html');
    if (existsSync(index)) this.indexHtml = readFileSync(index, 'utf8');
  }

  get available(): boolean {
    return this.indexHtml !== undefined;
  }

  async register(fastify: FastifyInstance): Promise<void> {
    if (!this.available) return;
    await fastify.register(fastifyStatic, {
      root: this.distDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // Hashed assets never change; everything else is revalidated.
      setHeaders: (res, path) => {
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  /** Page requests only: a missing file (an old /assets/ bundle, /favicon.png) stays a real 404. */
  handles(request: FastifyRequest): boolean {
    const path = request.url.split('?')[0];
    return (
      this.available &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api' &&
      !path.startsWith('/assets/') &&
      !/\.[a-z0-9]{2,5}$/i.test(path)
    );
  }

  async serve(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await reply.status(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(this.indexHtml);
  }
}
