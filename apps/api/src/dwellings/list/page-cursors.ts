/**
 * Remembers where pages ended, so the public `start` offset can be served as a keyset seek: the
 * "næste" link (start + pageSize) continues after the last row of the page before instead of
 * skipping `start` rows again. Per list (filter key) it keeps sorted offsets → (createdAt, id);
 * a request starts from the nearest known offset at or below `start` and skips only the rest.
 * Bounded (LRU over lists, a few offsets per list) and short-lived, so it stays small and new
 * dwellings at the top shift a remembered position by at most what arrived in `ttlMs`.
 */
export interface PagePosition {
  createdAt: Date;
  id: number;
}

interface ListEntry {
  at: number;
  offsets: Map<number, PagePosition>;
}

export class PageCursors {
  private readonly lists = new Map<string, ListEntry>();

  constructor(
    private readonly maxLists = 5000,
    private readonly maxOffsetsPerList = 32,
    private readonly ttlMs = 60_000,
  ) {}

  /** The nearest remembered position at or below `start` (offset 0 = the top, always known). */
  nearest(key: string, start: number, now: number): { offset: number; after: PagePosition | null } {
    const entry = this.lists.get(key);
    if (!entry || now - entry.at > this.ttlMs) return { offset: 0, after: null };
    let best: { offset: number; after: PagePosition | null } = { offset: 0, after: null };
    for (const [offset, after] of entry.offsets) {
      if (offset <= start && offset > best.offset) best = { offset, after };
    }
    return best;
  }

  /** Remembers that the row at `offset` comes right after `position`. */
  remember(key: string, offset: number, position: PagePosition, now: number): void {
    if (offset <= 0) return;
    let entry = this.lists.get(key);
    if (!entry || now - entry.at > this.ttlMs) {
      entry = { at: now, offsets: new Map() };
    }
    this.lists.delete(key); // re-insert: Map order is the LRU order
    this.lists.set(key, entry);
    entry.offsets.set(offset, position);
    if (entry.offsets.size > this.maxOffsetsPerList) entry.offsets.delete(entry.offsets.keys().next().value as number);
    if (this.lists.size > this.maxLists) this.lists.delete(this.lists.keys().next().value as string);
  }
}
