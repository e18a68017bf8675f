import { createServer, type Server } from 'node:http';
import { isOpsBearer } from '../../common/ops-token';
import type { Metrics } from './metrics';

/**
 * The worker serves no site, so its metrics get a port of their own (METRICS_PORT, inside the compose
 * network only), with the same OPS_TOKEN as the web's /api/metrics: GET /metrics, nothing else.
 */
export async function startMetricsServer(metrics: Metrics, options: { port: number; host: string; token: string }): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    if (!isOpsBearer(request.headers.authorization, options.token)) {
      response.writeHead(401, { 'WWW-Authenticate': 'Bearer' }).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
