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
  /** Insertion order; an entry whose item was replaced or dropped since is skipped. */
  private order: Array<{ id: number; item: ListItemFragment }> = [];
  private head = 0;
  private bytes = 0;

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
    const old = this.items.get(id);
    if (old) this.delete(id, old);
    this.items.set(id, item);
    this.order.push({ id, item });
    this.bytes += item.json.length;
    while (this.bytes > this.maxBytes) {
      const oldest = this.order[this.head++];
      if (this.items.get(oldest.id) === oldest.item) this.delete(oldest.id, oldest.item);
    }
    // Keep the queue within twice the live items (skipped entries and the taken head go).
    if (this.order.length - this.head > 2 * this.items.size + 1024) {
      this.order = this.order.slice(this.head).filter((entry) => this.items.get(entry.id) === entry.item);
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.order.length) {
      this.order = this.order.slice(this.head);
      this.head = 0;
    }
  }

  private delete(id: number, item: ListItemFragment): void {
    this.items.delete(id);
    this.bytes -= item.json.length;
  }
}
