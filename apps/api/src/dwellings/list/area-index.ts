// The list snapshot's spatial index for area searches (issue 34, docs/decisions/0064): a static
// kd-tree of the dwellings' positions (kdbush), built with the snapshot, so an area list reads the
// dwellings inside its ring's box instead of testing every dwelling's point.
import KDBush from 'kdbush';

/** A box in degrees, bounds included: x = lng, y = lat, as the area's polygon holds them. */
export interface AreaBox {
  west: number;
  east: number;
  south: number;
  north: number;
}

/** One point in this many goes into the sample that estimates how many points a box holds. */
const SAMPLE_EVERY = 32;

export class AreaIndex {
  /** Item k: the k-th row with a position, in list order (so item order is list order). */
  private readonly tree: KDBush;
  /** Item k's row in the snapshot. */
  private readonly rows: Int32Array;
  /** Every SAMPLE_EVERY-th item: what estimate() counts. */
  private readonly sample: KDBush;

  /**
   * @param order the snapshot's rows in list order (newest first).
   * @param lats the rows' latitudes, lngs their longitudes; NaN: no position, left out (in no area).
   */
  constructor(order: Int32Array, lats: Float64Array, lngs: Float64Array) {
    let placed = 0;
    for (let i = 0; i < order.length; i++) if (hasPosition(lats, lngs, order[i])) placed++;
    this.rows = new Int32Array(placed);
    // The database's doubles as they are (Float64Array, kdbush's default): the box test is exact.
    this.tree = new KDBush(placed);
    this.sample = new KDBush(Math.ceil(placed / SAMPLE_EVERY));
    let k = 0;
    for (let i = 0; i < order.length; i++) {
      const row = order[i];
      if (!hasPosition(lats, lngs, row)) continue;
      this.rows[k] = row;
      this.tree.add(lngs[row], lats[row]);
      if (k % SAMPLE_EVERY === 0) this.sample.add(lngs[row], lats[row]);
      k++;
    }
    this.tree.finish();
    this.sample.finish();
  }

  /** The rows whose position lies in `box` (its bounds included), in list order. */
  rowsInBox(box: AreaBox): Int32Array {
    const found = Uint32Array.from(this.tree.range(box.west, box.south, box.east, box.north));
    // Items were added in list order: sorted items are rows in list order (numeric typed-array sort).
    found.sort();
    const rows = new Int32Array(found.length);
    for (let i = 0; i < found.length; i++) rows[i] = this.rows[found[i]];
    return rows;
  }

  /** About how many rows rowsInBox(box) gives, from a sample (a 32nd of the cost). */
  estimate(box: AreaBox): number {
    return this.sample.range(box.west, box.south, box.east, box.north).length * SAMPLE_EVERY;
  }

  /** How many rows have a position. */
  get size(): number {
    return this.rows.length;
  }

  /** The bytes held: both trees' buffers and the rows. */
  get bytes(): number {
    return this.tree.data.byteLength + this.sample.data.byteLength + this.rows.byteLength;
  }
}

function hasPosition(lats: Float64Array, lngs: Float64Array, row: number): boolean {
  // NaN fails every comparison; a position is a pair.
  return lats[row] === lats[row] && lngs[row] === lngs[row];
}
