import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Route {
  status?: number;
  body?: unknown;
  /** Response headers besides Content-Type (e.g. the API's X-Request-Id). */
  headers?: Record<string, string>;
  /** Answer this much later (a slow request racing a faster one). */
  delayMs?: number;
}

/**
 * A real HTTP server on a free port, so tests exercise our fetch client instead of mocking it.
 * A route given as a list answers with its entries in turn, repeating the last.
 */
export async function startApiServer(routes: Record<string, Route | Route[]>) {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const path = (req.url ?? '').split('?')[0] ?? '';
      const entry = routes[`${req.method} ${path}`];
      const route = Array.isArray(entry) ? (entry.length > 1 ? entry.shift() : entry[0]) : entry;
      const status = route ? (route.status ?? 200) : 404;
      const payload = route ? route.body : { statusCode: 404, message: 'Not Found' };
      const answer = () => {
        res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Access-Control-Allow-Origin': '*', ...route?.headers });
        res.end(payload === undefined ? '' : JSON.stringify(payload));
      };
      if (route?.delayMs) setTimeout(answer, route.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
