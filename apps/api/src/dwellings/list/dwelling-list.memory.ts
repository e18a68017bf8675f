import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { rentedListedSince } from '@husly/domain';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Clock } from '../../infra/clock/clock';
import { CitiesService } from '../cities.service';
import type { ListFilter } from './dwelling-list.query';
import { DwellingListReader } from './dwelling-list.reader';
import type { DwellingListSnapshot } from './dwelling-list.snapshot';
import { ListItemFragments } from './list-item-fragments';
import { toListItem } from './list-items';

/** The snapshot holds rented dwellings a day beyond the rented window, so it serves that long as time passes. */
const CUTOFF_MARGIN_MS = 86_400_000;
/** After a failed load, requests do not start another for this long (they read the database meanwhile). */
const RETRY_AFTER_MS = 5_000;

/** A page from memory: its items' JSON, the count as the list statement gives it, and its list version. */
export interface MemoryPage {
  version: string;
  items: Buffer[];
  total: number;
  capped: boolean;
}

/**
 * Lists from memory (docs/decisions/0004): the list snapshot answers which dwellings a page shows,
 * the item fragments what they say. Memory answers only for the list version the caller has just
 * read from the database, so a page from here is exactly the page the list statement would read;
 * otherwise (not loaded yet, behind a commit, a rented window older than the snapshot holds) the
 * caller reads the database, and a reload is started in the background, one at a time.
 */
@Injectable()
export class DwellingListMemory implements OnModuleDestroy {
  private readonly logger = new Logger(DwellingListMemory.name);
  readonly enabled: boolean;
  private snapshot?: DwellingListSnapshot;
  private loading?: Promise<void>;
  private failedAt = -Infinity;
  private closed = false;
  private readonly fragments: { blurred: ListItemFragments; full: ListItemFragments };

  constructor(
    private readonly reader: DwellingListReader,
    private readonly cities: CitiesService,
    private readonly clock: Clock,
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
    const snapshot = this.snapshot;
    if (!snapshot || snapshot.version !== version || !snapshot.covers(filter)) {
      this.reload();
      return null;
    }
    return this.pageOf(snapshot, filter, start, pageSize, subscribed);
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
    const snapshot = this.snapshot;
    if (!snapshot || BigInt(snapshot.version) < BigInt(version) || !snapshot.covers(filter)) return null;
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
      // A commit between the version read and this one: the database answers this request.
      if (read.version !== snapshot.version) {
        this.reload();
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
    if (!this.enabled || this.closed || this.loading || Date.now() - this.failedAt < RETRY_AFTER_MS) return;
    this.loading = this.load().finally(() => (this.loading = undefined));
  }

  /** Resolves when the load under way, if any, has ended (tests). */
  async settled(): Promise<void> {
    await this.loading;
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    await this.loading;
  }

  private async load(): Promise<void> {
    const started = Date.now();
    try {
      const cutoff = new Date(rentedListedSince(this.clock.now()).getTime() - CUTOFF_MARGIN_MS);
      const snapshot = await this.reader.snapshot(cutoff);
      if (this.closed) return;
      // A load that started before a newer one ended must not replace it (versions only grow).
      if (!this.snapshot || BigInt(snapshot.version) >= BigInt(this.snapshot.version)) this.snapshot = snapshot;
      this.logger.debug(`list snapshot: ${snapshot.size} dwellings at version ${snapshot.version} in ${Date.now() - started} ms`);
    } catch (error) {
      this.failedAt = Date.now();
      if (!this.closed) this.logger.warn(`list snapshot: ${String(error)}`);
    }
  }
}
