import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { createHash } from 'node:crypto';
import { negotiate as negotiateEncoding } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { bodyBytes, type BodyParts } from './body-parts';

// Every text response leaves compressed (issue 16: pages sent 690–880 KB where 200–250 KB gzip
// would do). The work is done once where the bytes repeat:
// - static files: compressed at build time (tools/precompress.mjs), served as .br/.gz by @fastify/static;
// - bodies made once (the areas list, the translations): StaticBody, at the best level;
// - dwelling lists: once per cached page and encoding, and once per body rebuilt byte for byte (CompressedBodies);
// - server-rendered pages: once per kept page and encoding (web-app.ts, docs/decisions/0028);
// - everything else (JSON): @fastify/compress, per response.

export type ContentEncoding = 'br' | 'gzip';
/** In the order we prefer them when the client likes both as much. */
const ENCODINGS: ContentEncoding[] = ['br', 'gzip'];

/** Below this a response is sent as it is: the headers would outweigh the saving. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Per-response settings: brotli quality 4 compresses a page to within a few percent of quality 11
 * in a small fraction of the time (quality 11 is for the build, which does it once).
 */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export async function registerCompression(fastify: FastifyInstance): Promise<void> {
  await fastify.register(fastifyCompress, {
    global: true,
    // Request bodies are decoded by registerRequestDecoding (request-decoding.ts), in the API's error shape.
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });
}

/**
 * The encoding to answer an Accept-Encoding header with, read by the negotiator @fastify/compress and
 * @fastify/static use (@fastify/accept-negotiator): the highest q above 0, brotli before gzip at the
 * same q, "*" standing for brotli; null for identity.
 */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  // Codings are case-insensitive; the negotiator compares them as written.
  return header ? negotiateEncoding(header.toLowerCase(), ENCODINGS) : null;
}

const brotliOptions = (quality: number, body: Buffer) => ({
  params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
});

/**
 * The body compressed as @fastify/compress compresses a response, off the event loop: zlib's thread
 * pool does the work (on another core when one is free), so requests that need no compression are
 * not queued behind it. `level` is the brotli quality or the gzip level (by default the per-response ones).
 */
export function encodeBodyAsync(body: Buffer, encoding: ContentEncoding, level = encoding === 'br' ? BROTLI_QUALITY : GZIP_LEVEL): Promise<Buffer> {
  return encoding === 'br' ? brotliAsync(body, brotliOptions(level, body)) : gzipAsync(body, { level });
}

/**
 * The bytes to answer this request with: `body` as `encode` compresses it in the encoding the
 * client prefers, or as it is when the client accepts neither or the body is too small to gain; with Vary and
 * Content-Encoding to match. Every body we compress ourselves is sent through here (@fastify/compress
 * leaves a response with Content-Encoding alone): static bodies, cached list pages, rendered pages.
 */
export async function negotiate(reply: FastifyReply, body: Buffer | BodyParts, encode: (encoding: ContentEncoding) => Promise<Buffer>): Promise<Buffer> {
  void reply.header('Vary', 'Accept-Encoding');
  const encoding = body.length >= COMPRESS_THRESHOLD_BYTES ? preferredEncoding(reply.request.headers['accept-encoding']) : null;
  if (!encoding) return bodyBytes(body);
  const encoded = await encode(encoding);
  void reply.header('Content-Encoding', encoding);
  return encoded;
}

/**
 * One body's compressed copy in `encoding`, made once: callers asking while it is made share it; a
 * failed one is forgotten, so the next caller tries again. `encoded` is the body's own map.
 */
export function encodedOnce(encoded: Map<ContentEncoding, Promise<Buffer>>, encoding: ContentEncoding, make: () => Promise<Buffer>): Promise<Buffer> {
  let made = encoded.get(encoding);
  if (!made) {
    const making = make();
    encoded.set(encoding, making);
    making.catch(() => {
      if (encoded.get(encoding) === making) encoded.delete(encoding);
    });
    made = making;
  }
  return made;
}

/**
 * The body compressed as well as it can be (brotli 11, gzip 9), off the event loop (zlib's thread
 * pool): for bodies that are made once and sent many times (the areas list, the translations), where
 * the tens of milliseconds it takes are paid once.
 */
export function encodeBodyBest(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return encodeBodyAsync(body, encoding, encoding === 'br' ? 11 : 9);
}

/** A body made once and sent as it is: its bytes, an ETag, and each encoding compressed once (encodeBodyBest). */
export class StaticBody {
  readonly etag: string;
  private readonly encoded = new Map<ContentEncoding, Promise<Buffer>>();

  constructor(readonly bytes: Buffer) {
    this.etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
  }

  /** Answers the request with it: 304 for a matching If-None-Match, else the bytes in the encoding the client prefers. */
  async send(reply: FastifyReply, contentType: string): Promise<void> {
    const request = reply.request;
    void reply.header('ETag', this.etag).header('Vary', 'Accept-Encoding'); // the 304 too
    if (notModified(request.headers['if-none-match'], this.etag)) {
      await reply.status(304).send();
      return;
    }
    const body = await negotiate(reply, this.bytes, (encoding) => encodedOnce(this.encoded, encoding, () => encodeBodyBest(this.bytes, encoding)));
    await reply.type(contentType).send(body);
  }
}

/** Whether an If-None-Match header names this ETag (strong or weak), or is "*". */
export function notModified(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  const header = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
