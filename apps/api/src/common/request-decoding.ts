import { PassThrough, type Readable, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { BadRequestException, UnsupportedMediaTypeException } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { apiError } from '@husly/contracts';

/** `code` of the 400 for a body that does not decode, and of the 415 for a coding we do not take. */
export const REQUEST_DECODING_CODES = { undecodable: 'undecodable-body', unsupported: 'unsupported-content-encoding' } as const;

/** The codings a request body may come in (RFC 9110 8.4.1: names are case-insensitive, x-gzip is gzip). */
const DECODERS: Record<string, () => Transform> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/**
 * The one place request bodies are decoded (issue 29): every route's body passes through here before
 * Fastify's content-type parsers (JSON, forms, the webhook's raw bytes) read it. @fastify/compress's
 * own request decompression is off: its errors are not Nest's HttpExceptions nor named FastifyError,
 * so Nest's exception layer answered every body that did not decode, and every unknown coding, with
 * a 500. Here a coding we do not take is a 415 and bytes that do not decode a 400, both in the API's
 * error shape. The decoded size counts against the body limit (413), so a small bomb is stopped
 * after the limit, not inflated whole.
 */
export function registerRequestDecoding(fastify: FastifyInstance): void {
  fastify.addHook('preParsing', (request, _reply, payload, done) => {
    const header = request.headers['content-encoding'];
    // Fastify reads no body of a GET or HEAD, so there is nothing to decode.
    if (header === undefined || request.method === 'GET' || request.method === 'HEAD') {
      done(null, payload);
      return;
    }
    const coding = header.trim().toLowerCase();
    if (coding === '' || coding === 'identity') {
      done(null, payload);
      return;
    }
    const decoder = Object.hasOwn(DECODERS, coding) ? DECODERS[coding] : undefined;
    if (!decoder) {
      const message = 'The request body is in a Content-Encoding this API does not take (gzip, deflate or br, one at a time).';
      done(new UnsupportedMediaTypeException(apiError(415, message, { code: REQUEST_DECODING_CODES.unsupported })), payload);
      return;
    }
    done(null, decoded(payload, decoder(), coding));
  });
}

/**
 * The body as it is decoded. A decoding error reaches the reader (Fastify's parser) as a 400
 * HttpException instead of zlib's error. `receivedEncodedLength` is what Fastify compares with
 * Content-Length (the bytes on the wire), as @fastify/compress's decoder stream carries it.
 */
function decoded(raw: Readable, decoder: Transform, coding: string): Readable {
  const body = Object.assign(new PassThrough(), { receivedEncodedLength: 0 });
  raw.on('data', (chunk: Buffer) => {
    body.receivedEncodedLength += chunk.length;
  });
  raw.on('error', (error) => body.destroy(error)); // an aborted request stays what it is
  decoder.on('error', () => {
    raw.unpipe(decoder);
    const message = `The request body is not valid ${coding === 'x-gzip' ? 'gzip' : coding} (Content-Encoding).`;
    body.destroy(new BadRequestException(apiError(400, message, { code: REQUEST_DECODING_CODES.undecodable })));
  });
  // Fastify stops reading at the body limit; the decoder then stops at the stream's buffer, not at the bomb's end.
  body.on('close', () => decoder.destroy());
  raw.pipe(decoder).pipe(body);
  return body;
}
