import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { rentedListedSince } from '@husly/domain';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Clock } from '../../infra/clock/clock';
import { Metrics } from '../../infra/metrics/metrics';
import { CitiesService } from '../cities.service';
import type { ListFilter } from './dwelling-list.query';
import { DwellingListReader } from './dwelling-list.reader';
import type { DwellingListSnapshot } from './dwelling-list.snapshot';
import { ListItemFragments } from './list-item-fragments';
import { toListItem } from './list-items';

/** The snapshot holds rented dwellings a day beyond the rented window, so it serves that long as time passes. */
const CUTOFF_MARGIN_MS = 86_400_000;
/** After a failed load, requests do not start another for this long by the app's clock (they read the database meanwhile). */
const RETRY_AFTER_MS = 5_000;
/**
 * Rounds of the change log a request waits for before the database answers it: a round reads what
 * committed up to its start, so a request whose version was read during one needs the next.
 */
const FOLLOW_ROUNDS = 3;
/**
 * A process at the current version still asks the log this often, so that its PostgreSQL snapshot
 * moves on: the log keeps ten minutes (docs/decisions/0066), and a process whose snapshot is older
 * than that when the next write comes would load everything again.
 */
const REFRESH_MS = 60_000;

/** A page from memory: its items' JSON, the count as the list statement gives it, and its list version. */
export interface MemoryPage {
  version: string;
  items: Buffer[];
  total: number;
  capped: boolean;
}

/**
 * Lists from memory (docs/decisions/0004): the list snapshot answers which dwellings a page shows,
 * the item fragments what they say. Memory answers only at or after the list version the caller has
 * just read from the database, so a page from here is never behind a commit the caller has seen.
 * Behind one, the request waits for the change log's round (docs/decisions/0066): the dwellings
 * changed since the snapshot's PostgreSQL snapshot, applied as a delta, milliseconds for a feed's
 * thousand. A full load only at start, and when the log cannot tell (pruned past the snapshot, a
 * TRUNCATE, a write of more than MAX_CHANGED): then the database answers until it lands.
 */
@Injectable()
export class DwellingListMemory implements OnModuleDestroy {
  private readonly logger = new Logger(DwellingListMemory.name);
  readonly enabled: boolean;
  private snapshot?: DwellingListSnapshot;
  /** The PostgreSQL snapshot `snapshot` was read at: where the next round of the change log starts. */
  private since?: string;
  private loading?: Promise<void>;
  /** The change log's round under way: every request behind a commit waits for the same one. */
  private following?: Promise<void>;
  /** How the snapshot was brought up to date, since start (also in metrics: husly_list_snapshot_updates_total). */
  readonly updates = { load: 0, delta: 0, rounds: 0 };
  /** When the snapshot was last brought to the log's present (clock ms): a load or a round. */
  private followedAt = 0;
  private failedAt = -Infinity;
  private closed = false;
  private readonly fragments: { blurred: ListItemFragments; full: ListItemFragments };

  constructor(
    private readonly reader: DwellingListReader,
    private readonly cities: CitiesService,
    private readonly clock: Clock,
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.enabled = config.lists.inMemory;
    this.fragments = { blurred: new ListItemFragments(config.lists.itemBytes), full: new ListItemFragments(config.lists.itemBytes) };
  }

  /**
   * The page at list version `version` (just read from the database), or null when memory cannot
   * answer for it (or is turned off): the caller then reads the database.
   */
  async page(filter: ListFilter, start: number, pageSize: number, subscribed: boolean, version: string): Promise<MemoryPage | null> {
    if (!this.enabled) return null;
    const snapshot = await this.atLeast(version);
    if (!snapshot) {
      this.reload();
      return null;
    }
    if (!snapshot.covers(filter)) {
      // A rented window older than the snapshot holds (the clock moved back, a window made longer):
      // a load from now holds it. A list memory never answers (sorted across cities) needs none.
      if (filter.rentedSince !== null && filter.rentedSince.getTime() < snapshot.rentedCutoff) this.reload();
      return null;
    }
    return this.pageOf(snapshot, filter, start, pageSize, subscribed);
  }

  /**
   * The snapshot at `version` or after it: the one held, or the one the change log's rounds bring it
   * to; undefined when there is none (not loaded, the log cannot tell, or a round failed).
   */
  private async atLeast(version: string): Promise<DwellingListSnapshot | undefined> {
    const wanted = BigInt(version);
    for (let round = 0; ; round++) {
      const snapshot = this.snapshot;
      if (!snapshot) return undefined;
      if (BigInt(snapshot.version) >= wanted) {
        if (this.clock.now().getTime() - this.followedAt >= REFRESH_MS) void this.follow();
        return snapshot;
      }
      if (round === FOLLOW_ROUNDS || this.since === undefined) return undefined;
      await this.follow();
    }
  }

  /** One round of the change log, shared by the requests that wait for it. */
  private follow(): Promise<void> {
    return (this.following ??= this.applyChanges().finally(() => (this.following = undefined)));
  }

  private async applyChanges(): Promise<void> {
    const snapshot = this.snapshot;
    const since = this.since;
    if (!snapshot || since === undefined || this.closed) return;
    const started = process.hrtime.bigint();
    const at = this.clock.now().getTime();
    try {
      const changes = await this.reader.changes(since, new Date(snapshot.rentedCutoff));
      this.updates.rounds++;
      // A full load landed meanwhile: it is at least as new as what was asked for.
      if (this.snapshot !== snapshot) return;
      if (changes.reload) {
        this.since = undefined;
        this.reload();
        return;
      }
      this.followedAt = at;
      if (BigInt(changes.version) <= BigInt(snapshot.version)) {
        this.since = changes.snapshot;
        return;
      }
      this.snapshot = snapshot.withChanges(changes.version, changes.changed, changes.removed);
      this.since = changes.snapshot;
      this.updates.delta++;
      this.metrics.listSnapshots.inc({ kind: 'delta' });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      this.logger.debug(`list snapshot: ${changes.changed.length} changed, ${changes.removed.length} removed, at version ${changes.version} in ${ms.toFixed(1)} ms`);
    } catch (error) {
      // The database answers meanwhile; a full load starts over from a known snapshot.
      if (!this.closed) this.logger.warn(`list snapshot changes: ${String(error)}`);
      this.since = undefined;
      this.reload();
    }
  }

  /**
   * The page once the snapshot being loaded has landed, if it is at `version` or newer (so never
   * behind a commit the caller has seen); null when it is not, or not within `maxWaitMs`. For the
   * lists the statement can only answer with a sort of a whole city (docs/decisions/0013).
   */
  async pageWhenLoaded(filter: ListFilter, start: number, pageSize: number, subscribed: boolean, version: string, maxWaitMs: number): Promise<MemoryPage | null> {
    if (!this.enabled) return null;
    if (this.loading) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, maxWaitMs)));
      await Promise.race([this.loading, timeout]);
      clearTimeout(timer);
    }
    const snapshot = await this.atLeast(version);
    if (!snapshot || !snapshot.covers(filter)) return null;
    return this.pageOf(snapshot, filter, start, pageSize, subscribed);
  }

  private async pageOf(snapshot: DwellingListSnapshot, filter: ListFilter, start: number, pageSize: number, subscribed: boolean): Promise<MemoryPage | null> {
    const found = snapshot.page(filter, start, pageSize);
    const fragments = subscribed ? this.fragments.full : this.fragments.blurred;
    const names = await this.cities.placeNames(new Set(found.rows.map((row) => snapshot.cityId(row))));
    const items: Buffer[] = new Array<Buffer>(found.rows.length);
    const missing: number[] = [];
    found.rows.forEach((row, i) => {
      const item = fragments.get(snapshot.id(row), snapshot.rowVersion(row));
      if (item && item.place === names.name(item.zip, item.cityId)) items[i] = item.json;
      else missing.push(i);
    });
    if (missing.length > 0) {
      const read = await this.reader.items(
        missing.map((i) => snapshot.id(found.rows[i])),
        subscribed ? 'full_key' : 'blurred_key',
      );
      // A commit between the version read and this one: the database answers this request, and the
      // next round of the change log brings the snapshot to it.
      if (read.version !== snapshot.version) {
        void this.follow();
        return null;
      }
      const byId = new Map(read.items.map((item) => [item.id, item]));
      for (const i of missing) {
        const row = found.rows[i];
        const dwelling = byId.get(snapshot.id(row));
        if (!dwelling || dwelling.rowVersion !== snapshot.rowVersion(row)) return null; // cannot happen at one version
        const place = names.name(dwelling.zip, dwelling.cityId);
        const json = Buffer.from(JSON.stringify(toListItem(dwelling, place)));
        fragments.set(dwelling.id, { rowVersion: dwelling.rowVersion, zip: dwelling.zip, cityId: dwelling.cityId, place, json });
        items[i] = json;
      }
    }
    return { version: snapshot.version, items, total: found.total, capped: found.capped };
  }

  /** Loads a new snapshot in the background unless one is loading (or the last load failed just now). */
  reload(): void {
    if (!this.enabled || this.closed || this.loading) return;
    const sinceFailure = this.clock.now().getTime() - this.failedAt;
    if (sinceFailure >= 0 && sinceFailure < RETRY_AFTER_MS) return;
    this.loading = this.load().finally(() => (this.loading = undefined));
  }

  /**
   * Loads the snapshot now, or waits for the load under way; resolves whether a snapshot is held once
   * it ended, and never rejects: a failed load leaves the lists to the database and is retried as a
   * request finds it missing. A web process calls this before it listens (docs/decisions/0068).
   */
  async warm(): Promise<boolean> {
    if (!this.enabled) return false;
    this.reload();
    await this.loading;
    return this.snapshot !== undefined;
  }

  /** How many listable dwellings the snapshot holds (none loaded: undefined). */
  get size(): number | undefined {
    return this.snapshot?.size;
  }

  /** Resolves when the load or the round of the change log under way, if any, has ended (tests). */
  async settled(): Promise<void> {
    await Promise.all([this.loading, this.following]);
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    await Promise.all([this.loading, this.following]);
  }

  private async load(): Promise<void> {
    const started = Date.now();
    try {
      const cutoff = new Date(rentedListedSince(this.clock.now()).getTime() - CUTOFF_MARGIN_MS);
      const snapshot = await this.reader.snapshot(cutoff);
      if (this.closed) return;
      // A load that started before a newer one ended must not replace it (versions only grow).
      if (!this.snapshot || BigInt(snapshot.version) >= BigInt(this.snapshot.version)) {
        this.snapshot = snapshot;
        this.since = snapshot.pgSnapshot;
        this.followedAt = this.clock.now().getTime();
        this.updates.load++;
        this.metrics.listSnapshots.inc({ kind: 'load' });
      }
      this.logger.debug(`list snapshot: ${snapshot.size} dwellings at version ${snapshot.version} in ${Date.now() - started} ms`);
    } catch (error) {
      this.failedAt = this.clock.now().getTime();
      if (!this.closed) this.logger.warn(`list snapshot: ${String(error)}`);
    }
  }
}
