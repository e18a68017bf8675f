import { createHash } from 'node:crypto';
import { encodeBodyAsync, type ContentEncoding } from './compression';

export type Compress = (body: Buffer, encoding: ContentEncoding) => Promise<Buffer>;

/**
 * Compressed bodies by the SHA-256 of the bytes they were made from, for responses that are built
 * again and again with the same bytes (a dwelling list page leaves the page cache after 5 s, or when
 * any dwelling changes, and is mostly rebuilt byte for byte): such a body is compressed once, not
 * once per rebuild. Hashing 85 KB takes about 0.08 ms, compressing it 0.5 to 1.5 ms.
 *
 * Compression runs off the event loop, and callers asking for the same bytes while it runs share it.
 * Bounded in bytes of compressed output, evicting the least recently used.
 */
export class CompressedBodies {
  private readonly done = new Map<string, Buffer>();
  private readonly running = new Map<string, Promise<Buffer>>();
  private bytes = 0;
  /** Bodies compressed, and bodies answered from the store (for tests and benchmarks). */
  readonly counts = { compressed: 0, reused: 0 };

  constructor(
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly compress: Compress = (body, encoding) => encodeBodyAsync(body, encoding),
  ) {}

  get size(): number {
    return this.done.size;
  }

  /** The body compressed in `encoding`: the stored bytes when an identical body was compressed before. */
  encode(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
    const key = `${encoding}:${body.length}:${createHash('sha256').update(body).digest('base64')}`;
    const stored = this.done.get(key);
    if (stored) {
      this.done.delete(key); // re-insert: Map order is the LRU order
      this.done.set(key, stored);
      this.counts.reused++;
      return Promise.resolve(stored);
    }
    let running = this.running.get(key);
    if (running) {
      this.counts.reused++;
      return running;
    }
    this.counts.compressed++;
    running = this.compress(body, encoding).then(
      (encoded) => {
        this.running.delete(key);
        this.store(key, encoded);
        return encoded;
      },
      (error: unknown) => {
        this.running.delete(key); // the next caller tries again
        throw error;
      },
    );
    this.running.set(key, running);
    return running;
  }

  private store(key: string, encoded: Buffer): void {
    if (encoded.length > this.maxBytes / 16) return;
    this.done.set(key, encoded);
    this.bytes += encoded.length;
    while (this.bytes > this.maxBytes) {
      const [oldestKey, oldest] = this.done.entries().next().value as [string, Buffer];
      this.done.delete(oldestKey);
      this.bytes -= oldest.length;
    }
  }
}
