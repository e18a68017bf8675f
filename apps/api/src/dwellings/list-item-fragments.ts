/**
 * The serialized JSON of list items (one dwelling each), for the pages built from the list snapshot
 * (docs/decisions/0004). A page is then the concatenation of its items' bytes: no row read, decoded
 * or serialized again while the dwelling is unchanged.
 *
 * An item is valid while its dwelling's row version (PostgreSQL's xmin, moved by every write to the
 * row, the triggers' image keys included) is the one the current snapshot holds, and while its place
 * name is still the name the cities give its zip and city. So a new snapshot after an import keeps
 * the items of every dwelling the import left alone. One store per image class (blurred or full): a
 * visitor's page is never assembled from a subscriber's items.
 *
 * Held off the JS heap (issue 16's list tail): the bytes in a few large slabs written one after the
 * other, and per item only numbers (typed arrays, a Map of id to slot). As objects (a Buffer, a
 * record and a zip string per item, ~250 bytes of heap each) a few hundred thousand items were most
 * of the old generation, and every item read on a miss was promoted there: the mark-compacts that
 * paused the event loop for 10–45 ms once a second under load. Bounded in bytes of slabs; when full,
 * the oldest slab goes with every item in it (insertion order, as before).
 */
export interface ListItemFragment {
  rowVersion: number;
  zip: string | null;
  cityId: number;
  place: string;
  json: Buffer;
}

/** A place name for an item's zip and city (CitiesService's PlaceNames). */
export type PlaceName = (zip: string | null, cityId: number) => string;

/** Slabs of at most this size; an eighth of a smaller store, so that an eviction takes at most that. */
const MAX_SLAB_BYTES = 4 * 1024 * 1024;
/** Distinct zips and place names kept as numbers; past this the store starts over (never in practice). */
const MAX_NAMES = 100_000;
const NO_NAME = -1;

export class ListItemFragments {
  private readonly slabBytes: number;
  private readonly slabs: Buffer[] = [];
  /** Sequence number of the slab being written (its index is seq % slabs.length once all exist). */
  private seq = 0;
  private oldestSeq = 0;
  private pos = 0;
  /** Per slab index: the slots written into it. */
  private readonly slabSlots: number[][] = [];
  private readonly slots = new Map<number, number>();
  private freeSlots: number[] = [];
  /** Slots handed out so far (live or free). */
  private used = 0;
  private capacity = 0;
  private ids = new Int32Array(0);
  private rowVersions = new Uint32Array(0);
  private slabSeqs = new Float64Array(0);
  private offsets = new Int32Array(0);
  private lengths = new Int32Array(0);
  private cityIds = new Int32Array(0);
  private zips = new Int32Array(0);
  private places = new Int32Array(0);
  private readonly nameIds = new Map<string, number>();
  private readonly names: string[] = [];

  constructor(private readonly maxBytes = 128 * 1024 * 1024) {
    this.slabBytes = Math.max(1, Math.min(MAX_SLAB_BYTES, Math.ceil(maxBytes / 8)));
  }

  get size(): number {
    return this.slots.size;
  }

  /**
   * The slot of dwelling `id`'s item at `rowVersion` whose place is still `placeOf` its zip and city,
   * or -1; an item of another row version is dropped. A slot stays valid until the next `set`.
   */
  find(id: number, rowVersion: number, placeOf: PlaceName): number {
    const slot = this.slots.get(id);
    if (slot === undefined) return -1;
    if (this.rowVersions[slot] !== rowVersion) {
      this.drop(id, slot);
      return -1;
    }
    const zip = this.zips[slot];
    const place = placeOf(zip === NO_NAME ? null : this.names[zip], this.cityIds[slot]);
    return this.nameIds.get(place) === this.places[slot] ? slot : -1;
  }

  byteLength(slot: number): number {
    return this.lengths[slot];
  }

  /** Copies the slot's bytes into `target` at `offset`; returns the offset after them. */
  copy(slot: number, target: Buffer, offset: number): number {
    const slab = this.slabs[this.slabSeqs[slot] % this.slabs.length];
    return offset + slab.copy(target, offset, this.offsets[slot], this.offsets[slot] + this.lengths[slot]);
  }

  /** The item as it was set (tests). */
  get(id: number, rowVersion: number): ListItemFragment | undefined {
    const slot = this.slots.get(id);
    if (slot === undefined || this.rowVersions[slot] !== rowVersion) return undefined;
    const json = Buffer.alloc(this.lengths[slot]);
    this.copy(slot, json, 0);
    const zip = this.zips[slot];
    return { rowVersion, zip: zip === NO_NAME ? null : this.names[zip], cityId: this.cityIds[slot], place: this.names[this.places[slot]], json };
  }

  /** Keeps the item, from `json[start, end)` (by default all of it). Too large an item is not kept. */
  set(id: number, item: Omit<ListItemFragment, 'json'>, json: Buffer, start = 0, end = json.length): void {
    const length = end - start;
    const old = this.slots.get(id);
    if (old !== undefined) this.drop(id, old);
    if (length > this.slabBytes) return;
    if (this.names.length + 2 > MAX_NAMES) this.clear();
    if (this.pos + length > this.slabBytes || this.slabs.length === 0) this.nextSlab();
    const slot = this.freeSlots.pop() ?? this.newSlot();
    json.copy(this.slabs[this.seq % this.slabs.length], this.pos, start, end);
    this.ids[slot] = id;
    this.rowVersions[slot] = item.rowVersion;
    this.slabSeqs[slot] = this.seq;
    this.offsets[slot] = this.pos;
    this.lengths[slot] = length;
    this.cityIds[slot] = item.cityId;
    this.zips[slot] = item.zip === null ? NO_NAME : this.nameId(item.zip);
    this.places[slot] = this.nameId(item.place);
    this.slabSlots[this.seq % this.slabs.length].push(slot);
    this.slots.set(id, slot);
    this.pos += length;
  }

  private nextSlab(): void {
    const count = Math.max(1, Math.floor(this.maxBytes / this.slabBytes));
    if (this.slabs.length === 0) {
      this.slabs.push(Buffer.allocUnsafeSlow(this.slabBytes));
      this.slabSlots.push([]);
      this.seq = 0;
    } else if (this.slabs.length < count) {
      this.slabs.push(Buffer.allocUnsafeSlow(this.slabBytes));
      this.slabSlots.push([]);
      this.seq++;
    } else {
      // Full: the oldest slab is written over, and its items go.
      this.seq++;
      const index = this.seq % this.slabs.length;
      for (const slot of this.slabSlots[index]) {
        if (this.slabSeqs[slot] === this.oldestSeq && this.slots.get(this.ids[slot]) === slot) this.drop(this.ids[slot], slot);
      }
      this.slabSlots[index] = [];
      this.oldestSeq++;
    }
    this.pos = 0;
  }

  private drop(id: number, slot: number): void {
    this.slots.delete(id);
    this.slabSeqs[slot] = -1;
    this.freeSlots.push(slot);
  }

  private newSlot(): number {
    if (this.used >= this.capacity) this.grow(Math.max(1024, this.capacity * 2));
    return this.used++;
  }

  private grow(capacity: number): void {
    const grown = <T extends Int32Array | Uint32Array | Float64Array>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.ids = grown(this.ids, (n) => new Int32Array(n));
    this.rowVersions = grown(this.rowVersions, (n) => new Uint32Array(n));
    this.slabSeqs = grown(this.slabSeqs, (n) => new Float64Array(n));
    this.offsets = grown(this.offsets, (n) => new Int32Array(n));
    this.lengths = grown(this.lengths, (n) => new Int32Array(n));
    this.cityIds = grown(this.cityIds, (n) => new Int32Array(n));
    this.zips = grown(this.zips, (n) => new Int32Array(n));
    this.places = grown(this.places, (n) => new Int32Array(n));
    this.capacity = capacity;
  }

  private nameId(name: string): number {
    let id = this.nameIds.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.nameIds.set(name, id);
    }
    return id;
  }

  private clear(): void {
    this.slots.clear();
    this.freeSlots = [];
    this.used = 0;
    this.nameIds.clear();
    this.names.length = 0;
    this.slabs.length = 0;
    this.slabSlots.length = 0;
    this.seq = 0;
    this.oldestSeq = 0;
    this.pos = 0;
  }
}
