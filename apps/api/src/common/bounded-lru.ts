/**
 * A map bounded in entries and in bytes (as `sizeOf` counts them), evicting the least recently used
 * entry first: what the response caches (list pages, rendered pages) keep their bodies in, so a flood
 * of made-up keys only evicts, it never grows memory. Map order is the LRU order.
 */
export class BoundedLru<V> {
  private readonly entries = new Map<string, V>();
  /** Bytes counted per entry when it was added or grew, so removing it takes back exactly that. */
  private readonly counted = new Map<string, number>();
  private bytes = 0;

  constructor(
    private readonly sizeOf: (value: V) => number,
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The entry, without making it the most recently used. */
  peek(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** Makes the entry the most recently used. */
  touch(key: string): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.entries.set(key, value);
  }

  /** Adds or replaces the entry; one bigger than a sixteenth of the bytes is not kept (it would flush everything else). */
  set(key: string, value: V): void {
    const size = this.sizeOf(value);
    if (size > this.maxBytes / 16) return;
    this.delete(key);
    this.entries.set(key, value);
    this.counted.set(key, size);
    this.bytes += size;
    this.evict();
  }

  /**
   * Counts `bytes` more for the entry (a compressed copy kept beside it), or fewer when negative (a
   * copy replaced by a smaller one), if it is still the one kept.
   */
  grow(key: string, value: V, bytes: number): void {
    if (this.entries.get(key) !== value) return;
    this.counted.set(key, (this.counted.get(key) ?? 0) + bytes);
    this.bytes += bytes;
    this.evict();
  }

  delete(key: string): void {
    if (!this.entries.delete(key)) return;
    this.bytes -= this.counted.get(key) ?? 0;
    this.counted.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.counted.clear();
    this.bytes = 0;
  }

  private evict(): void {
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value as string;
      this.delete(oldest);
    }
  }
}
