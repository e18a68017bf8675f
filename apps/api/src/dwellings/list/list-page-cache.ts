import type { LRUCache } from 'lru-cache';
import type { BodyParts } from '../../common/body-parts';
import { boundedCache } from '../../common/bounded-cache';
import type { ContentEncoding } from '../../common/compression';

/**
 * The serialized bodies of recently served list pages (docs/decisions/0004-search-queries.md). The key
 * is the normalised list plus the viewer's image class, so a visitor's entry and a subscriber's entry
 * are different entries. A page is kept with the dwelling list version it was read at; the caller
 * serves it only while that version is still current, and at most `ttlMs` after it was read (the
 * rented cut-off, "now - 14 days", moves with the clock). Bounded in entries and in bytes of body,
 * evicting the least recently used. Bodies are kept as the UTF-8 bytes sent, so a hit costs no
 * serialization and no encoding; a page from memory as its items' bytes, not joined (BodyParts).
 */
export interface CachedPage {
  version: string;
  body: BodyParts;
  /** Clock time the page was read at. */
  at: number;
  /**
   * The body compressed, per encoding, made the first time a client asks for it (compress once,
   * not per request; DwellingsService.encodedBody). Small beside the body (about a sixth), so not
   * counted against maxBytes.
   */
  encoded?: Map<ContentEncoding, Promise<Buffer>>;
}

export class ListPageCache {
  private readonly pages: LRUCache<string, CachedPage>;

  constructor(
    readonly ttlMs = 5_000,
    maxEntries = 5_000,
    maxBytes = 64 * 1024 * 1024,
  ) {
    this.pages = boundedCache((page) => page.body.length, maxBytes, maxEntries);
  }

  get size(): number {
    return this.pages.size;
  }

  get(key: string, now: number): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    // Also a page "from the future": the clock was set back (tests move it).
    if (now - page.at >= this.ttlMs || now < page.at) {
      this.pages.delete(key);
      return undefined;
    }
    return page;
  }

  set(key: string, page: CachedPage): void {
    this.pages.set(key, page);
  }

  clear(): void {
    this.pages.clear();
  }
}

/**
 * Reads the current dwelling list version for cache hits. Requests that ask within one turn of the
 * event loop share one read, which is sent after all of them asked: each still gets a version at
 * least as new as the moment it asked, so a change committed before a request arrived is never
 * hidden from it.
 */
export class ListVersionReader {
  private batch?: Promise<string>;

  constructor(private readonly read: () => Promise<string>) {}

  current(): Promise<string> {
    this.batch ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.batch = undefined;
      return this.read();
    });
    return this.batch;
  }
}
