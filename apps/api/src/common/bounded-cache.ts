import { LRUCache } from 'lru-cache';

/**
 * An lru-cache bounded in entries and in bytes (as `sizeOf` counts them), evicting the least
 * recently used first: what the response caches (list pages, rendered pages, compressed bodies) keep
 * their bodies in, so a flood of made-up keys only evicts, it never grows memory. An entry over a
 * sixteenth of the bytes is not kept (it would flush everything else). `get` makes an entry the most
 * recently used, `peek` does not. lru-cache sizes an entry when it is set: one whose size changes is
 * set again (and a value set again as the same object keeps its old size, so delete it first).
 */
export function boundedCache<V extends object>(sizeOf: (value: V) => number, maxBytes: number, maxEntries?: number): LRUCache<string, V> {
  return new LRUCache<string, V>({
    max: maxEntries,
    maxSize: maxBytes,
    maxEntrySize: Math.floor(maxBytes / 16),
    // lru-cache refuses a size of 0.
    sizeCalculation: (value) => Math.max(1, sizeOf(value)),
  });
}
