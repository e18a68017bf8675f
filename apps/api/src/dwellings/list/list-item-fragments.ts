/**
 * The serialized JSON of list items (one dwelling each), for the pages built from the list snapshot
 * (docs/decisions/0004). A page is then the concatenation of its items' bytes: no row read, decoded
 * or serialized again while the dwelling is unchanged.
 *
 * An item is valid while its dwelling's row version (PostgreSQL's xmin, moved by every write to the
 * row, the triggers' image keys included) is the one the current snapshot holds, and while its place
 * name is still the name the cities give its zip and city. So a new snapshot after an import keeps
 * the items of every dwelling the import left alone. One cache per image class (blurred or full): a
 * visitor's page is never assembled from a subscriber's items.
 *
 * Bounded in bytes; when full, the oldest items go first (insertion order: a touch per item and
 * request would cost more than refetching the few hot items that fall out). The order is a queue of
 * its own: taking the oldest from the Map's iterator costs a walk over every deleted slot in front of
 * it (V8 keeps them until a rehash), which made each eviction O(n) and a page of them 10 ms.
 *
 * Held for minutes in the old generation, hundreds of thousands of them at 1M dwellings: every full
 * GC marks them all (docs/decisions/0031). So an item is as few heap objects as it can be: the queue
 * is two parallel arrays, not an entry object per item, and each zip is one shared string, not one
 * per row read.
 */
export interface ListItemFragment {
  rowVersion: number;
  zip: string | null;
  cityId: number;
  place: string;
  json: Buffer;
}

export class ListItemFragments {
  private readonly items = new Map<number, ListItemFragment>();
  /** Insertion order, as parallel arrays; an entry whose item was replaced or dropped since is skipped. */
  private orderIds: number[] = [];
  private orderItems: ListItemFragment[] = [];
  private head = 0;
  private bytes = 0;
  /** One string per zip (about 1,100 in Denmark), shared by every item in it. */
  private readonly zips = new Map<string, string>();

  constructor(private readonly maxBytes = 128 * 1024 * 1024) {}

  get size(): number {
    return this.items.size;
  }

  /** The item of dwelling `id` at `rowVersion`, if held; an outdated one is dropped. */
  get(id: number, rowVersion: number): ListItemFragment | undefined {
    const item = this.items.get(id);
    if (item === undefined) return undefined;
    if (item.rowVersion !== rowVersion) {
      this.delete(id, item);
      return undefined;
    }
    return item;
  }

  set(id: number, item: ListItemFragment): void {
    if (item.zip !== null) item.zip = this.sharedZip(item.zip);
    const old = this.items.get(id);
    if (old) this.delete(id, old);
    this.items.set(id, item);
    this.orderIds.push(id);
    this.orderItems.push(item);
    this.bytes += item.json.length;
    while (this.bytes > this.maxBytes) {
      const at = this.head++;
      const oldest = this.orderItems[at];
      if (this.items.get(this.orderIds[at]) === oldest) this.delete(this.orderIds[at], oldest);
    }
    // Keep the queue within twice the live items (skipped entries and the taken head go).
    const queued = this.orderIds.length;
    if (queued - this.head > 2 * this.items.size + 1024) this.compact(true);
    else if (this.head > 1024 && this.head * 2 > queued) this.compact(false);
  }

  /** Drops the taken head of the queue and, with `skipped`, the entries of replaced or dropped items. */
  private compact(skipped: boolean): void {
    const ids: number[] = [];
    const items: ListItemFragment[] = [];
    for (let i = this.head; i < this.orderIds.length; i++) {
      if (skipped && this.items.get(this.orderIds[i]) !== this.orderItems[i]) continue;
      ids.push(this.orderIds[i]);
      items.push(this.orderItems[i]);
    }
    this.orderIds = ids;
    this.orderItems = items;
    this.head = 0;
  }

  private sharedZip(zip: string): string {
    const known = this.zips.get(zip);
    if (known !== undefined) return known;
    // Bounded all the same: zips come from the feed, and a flood of odd ones must not grow it for ever.
    if (this.zips.size >= 10_000) this.zips.clear();
    this.zips.set(zip, zip);
    return zip;
  }

  private delete(id: number, item: ListItemFragment): void {
    this.items.delete(id);
    this.bytes -= item.json.length;
  }
}
