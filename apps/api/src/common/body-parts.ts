/**
 * A response body kept as the buffers it was assembled from, without joining them into one
 * (docs/decisions/0031): a dwelling list page from memory is its items' JSON, already held by the
 * item cache, with commas and the meta between them. Joined, each page kept for its 5 s in the page
 * cache was ~85 KB of new off-heap memory, and V8 starts a full GC for every 64 MB of that
 * ("external memory pressure"): one every second or two under load, the lists' slowest answers.
 * Joined bytes are made only for the moment they are needed (compressing, an identity client) and
 * die young.
 */
export class BodyParts {
  readonly length: number;

  constructor(readonly parts: readonly Buffer[]) {
    let length = 0;
    for (const part of parts) length += part.length;
    this.length = length;
  }

  /** The body in one buffer, made now and not kept (a body of one part is that part). */
  bytes(): Buffer {
    return this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts as Buffer[], this.length);
  }
}

/** A body as one buffer, when the caller may hold either. */
export function bodyBytes(body: Buffer | BodyParts): Buffer {
  return body instanceof BodyParts ? body.bytes() : body;
}
