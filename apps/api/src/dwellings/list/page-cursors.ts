import { LRUCache } from 'lru-cache';

/**
 * Remembers where pages ended, so the public `start` offset can be served as a keyset seek: the
 * "næste" link (start + pageSize) continues after the last row of the page before instead of
 * skipping `start` rows again. Per list (filter key) it keeps sorted offsets → (createdAt, id);
 * a request starts from the nearest known offset at or below `start` and skips only the rest.
 * Bounded (an lru-cache over lists, a few offsets per list) and short-lived, so it stays small and
 * new dwellings at the top shift a remembered position by at most what arrived in `ttlMs`.
 */
export interface PagePosition {
  createdAt: Date;
  id: number;
}

export class PageCursors {
  /** Offset → position for each list; a list's time to live counts from its first remembered offset. */
  private readonly lists: LRUCache<string, Map<number, PagePosition>>;
  /** The caller's time for the call in progress: the cache's clock, so a test moves it, not the wall. */
  private now = 0;

  constructor(
    maxLists = 5000,
    private readonly maxOffsetsPerList = 32,
    ttlMs = 60_000,
  ) {
    this.lists = new LRUCache({
      max: maxLists,
      ttl: ttlMs,
      // No caching of the clock for a millisecond of real time: the caller's `now` is the time.
      ttlResolution: 0,
      // +1: lru-cache reads an entry set at time 0 as having no TTL, and a test's clock may start there.
      perf: { now: () => this.now + 1 },
    });
  }

  /** The nearest remembered position at or below `start` (offset 0 = the top, always known). */
  nearest(key: string, start: number, now: number): { offset: number; after: PagePosition | null } {
    this.now = now;
    // peek: reading a list does not make it recently used, remembering does.
    const offsets = this.lists.peek(key);
    let best: { offset: number; after: PagePosition | null } = { offset: 0, after: null };
    for (const [offset, after] of offsets ?? []) {
      if (offset <= start && offset > best.offset) best = { offset, after };
    }
    return best;
  }

  /** Remembers that the row at `offset` comes right after `position`. */
  remember(key: string, offset: number, position: PagePosition, now: number): void {
    if (offset <= 0) return;
    this.now = now;
    // get makes the list the most recently used; an expired one is gone and starts again.
    let offsets = this.lists.get(key);
    if (!offsets) {
      offsets = new Map();
      this.lists.set(key, offsets);
    }
    offsets.set(offset, position);
    if (offsets.size > this.maxOffsetsPerList) offsets.delete(offsets.keys().next().value as number);
  }
}
