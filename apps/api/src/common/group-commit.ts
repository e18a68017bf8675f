/**
 * Group commit for small writes that many concurrent callers make one at a time (a sent mail's
 * mark): the first call writes at once, and the calls that arrive while a write runs are written
 * together by the next one. No timer and no batch to fill: alone, a call waits for its own write
 * only; under load, one statement carries as many rows as arrived during the last. Each call
 * resolves when the statement holding its row has committed, so a caller that awaits it knows what
 * it knew before (the row is written), and a crash loses only what was not yet acknowledged.
 */
export class GroupCommit<T> {
  private queued: Array<{ item: T; resolve: () => void; reject: (error: unknown) => void }> = [];
  private writing = false;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    /** Rows per statement at most (its parameter arrays). */
    private readonly maxRows = 1_000,
  ) {}

  add(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queued.push({ item, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.queued.length > 0) {
        const group = this.queued.splice(0, this.maxRows);
        try {
          await this.write(group.map((g) => g.item));
          for (const g of group) g.resolve();
        } catch (error) {
          for (const g of group) g.reject(error);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}
