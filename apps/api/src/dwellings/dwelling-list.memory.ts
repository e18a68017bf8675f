import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { rentedListedSince } from '@husly/domain';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { Clock } from '../infra/clock/clock';
import { CitiesService } from './cities.service';
import type { ListFilter } from './dwelling-list.query';
import { DwellingListReader } from './dwelling-list.reader';
import type { DwellingListSnapshot } from './dwelling-list.snapshot';
import { ListItemFragments, type ListItemFragment } from './list-item-fragments';
import { toListItem } from './list-items';

/** The snapshot holds rented dwellings a day beyond the rented window, so it serves that long as time passes. */
const CUTOFF_MARGIN_MS = 86_400_000;
/** After a failed load, requests do not start another for this long (they read the database meanwhile). */
const RETRY_AFTER_MS = 5_000;
const COMMA = 0x2c;
const DATA_OPEN = Buffer.from('{"data":[');
const META_OPEN = Buffer.from('],"meta":');
const CLOSE = 0x7d;

/** The response's meta as JSON, from the count of the page's list. */
export type MetaJson = (count: { total: number; capped: boolean }) => Promise<string>;

/** An item read from the database for a page: its JSON, and where it lands in the page's bytes. */
interface ReadItem {
  json: string;
  bytes: number;
  at: number;
  item: Omit<ListItemFragment, 'json'>;
}

/** A page from memory: the response's JSON, the count as the list statement gives it, and its list version. */
export interface MemoryPage {
  version: string;
  /** `{"data":[items],"meta":meta}`: the same bytes as JSON.stringify of it, from the items' own JSON. */
  body: Buffer;
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
  async page(filter: ListFilter, start: number, pageSize: number, subscribed: boolean, version: string, meta: MetaJson): Promise<MemoryPage | null> {
    if (!this.enabled) return null;
    const snapshot = this.snapshot;
    if (!snapshot || snapshot.version !== version || !snapshot.covers(filter)) {
      this.reload();
      return null;
    }
    return this.pageOf(snapshot, filter, start, pageSize, subscribed, meta);
  }

  /**
   * The page once the snapshot being loaded has landed, if it is at `version` or newer (so never
   * behind a commit the caller has seen); null when it is not, or not within `maxWaitMs`. For the
   * lists the statement can only answer with a sort of a whole city (docs/decisions/0013).
   */
  async pageWhenLoaded(
    filter: ListFilter,
    start: number,
    pageSize: number,
    subscribed: boolean,
    version: string,
    meta: MetaJson,
    maxWaitMs: number,
  ): Promise<MemoryPage | null> {
    if (!this.enabled) return null;
    if (this.loading) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, maxWaitMs)));
      await Promise.race([this.loading, timeout]);
      clearTimeout(timer);
    }
    const snapshot = this.snapshot;
    if (!snapshot || BigInt(snapshot.version) < BigInt(version) || !snapshot.covers(filter)) return null;
    return this.pageOf(snapshot, filter, start, pageSize, subscribed, meta);
  }

  private async pageOf(
    snapshot: DwellingListSnapshot,
    filter: ListFilter,
    start: number,
    pageSize: number,
    subscribed: boolean,
    meta: MetaJson,
  ): Promise<MemoryPage | null> {
    const found = snapshot.page(filter, start, pageSize);
    const rows = found.rows;
    const fragments = subscribed ? this.fragments.full : this.fragments.blurred;
    const cityIds = new Set<number>();
    for (const row of rows) cityIds.add(snapshot.cityId(row));
    const [names, metaJson] = await Promise.all([this.cities.placeNames(cityIds), meta({ total: found.total, capped: found.capped })]);
    const metaBytes = Buffer.byteLength(metaJson);
    // A second try only when items held at the first were evicted during the read of the missing ones.
    for (let attempt = 0; attempt < 3; attempt++) {
      const missing: number[] = [];
      for (let i = 0; i < rows.length; i++) {
        if (fragments.find(snapshot.id(rows[i]), snapshot.rowVersion(rows[i]), names.name) < 0) missing.push(i);
      }
      const read = new Map<number, ReadItem>();
      if (missing.length > 0) {
        const result = await this.reader.items(
          missing.map((i) => snapshot.id(rows[i])),
          subscribed ? 'full_key' : 'blurred_key',
        );
        // A commit between the version read and this one: the database answers this request.
        if (result.version !== snapshot.version) {
          this.reload();
          return null;
        }
        const byId = new Map(result.items.map((item) => [item.id, item]));
        for (const i of missing) {
          const dwelling = byId.get(snapshot.id(rows[i]));
          if (!dwelling || dwelling.rowVersion !== snapshot.rowVersion(rows[i])) return null; // cannot happen at one version
          const place = names.name(dwelling.zip, dwelling.cityId);
          const json = JSON.stringify(toListItem(dwelling, place));
          read.set(i, { json, bytes: Buffer.byteLength(json), at: 0, item: { rowVersion: dwelling.rowVersion, zip: dwelling.zip, cityId: dwelling.cityId, place } });
        }
      }
      // The response in one buffer (each large buffer made adds to V8's external memory, whose growth
      // starts the mark-compacts), in one synchronous pass: the slots found here stay valid until the
      // read items are stored, which is after they have been copied.
      const slots = new Int32Array(rows.length).fill(-1);
      let bytes = DATA_OPEN.length + Math.max(0, rows.length - 1) + META_OPEN.length + metaBytes + 1;
      let held = true;
      for (let i = 0; i < rows.length && held; i++) {
        const fresh = read.get(i);
        if (fresh) bytes += fresh.bytes;
        else {
          slots[i] = fragments.find(snapshot.id(rows[i]), snapshot.rowVersion(rows[i]), names.name);
          held = slots[i] >= 0;
          bytes += held ? fragments.byteLength(slots[i]) : 0;
        }
      }
      if (!held) continue;
      const body = Buffer.allocUnsafe(bytes);
      let at = DATA_OPEN.copy(body, 0);
      for (let i = 0; i < rows.length; i++) {
        if (i > 0) body[at++] = COMMA;
        const fresh = read.get(i);
        if (fresh) {
          fresh.at = at;
          at += body.write(fresh.json, at);
        } else at = fragments.copy(slots[i], body, at);
      }
      at += META_OPEN.copy(body, at);
      at += body.write(metaJson, at);
      body[at] = CLOSE;
      for (const [i, fresh] of read) fragments.set(snapshot.id(rows[i]), fresh.item, body, fresh.at, fresh.at + fresh.bytes);
      return { version: snapshot.version, body, total: found.total, capped: found.capped };
    }
    return null;
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
