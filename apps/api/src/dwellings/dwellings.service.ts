import { HttpException, Injectable, Logger } from '@nestjs/common';
import { apiError, type DwellingDetail, type DwellingListItem, type DwellingListResponse, type LatestQuery, type SearchQuery } from '@husly/contracts';
import { DWELLING_FACT_KEYS, DWELLING_STATUS, fairRentHint, LIST_FILTER_NAMES, rentedListedSince, sizeBandOf, type FairRentComparables } from '@husly/domain';
import { BodyParts } from '../common/body-parts';
import { CompressedBodies } from '../common/compressed-bodies';
import { encodedOnce, type ContentEncoding } from '../common/compression';
import { Clock } from '../infra/clock/clock';
import { Prisma } from '../infra/prisma/generated/client';
import { PrismaService } from '../infra/prisma/prisma.service';
import { SubscriptionAccessService } from '../subscriptions/subscription-access.service';
import { CitiesService, type Place } from './cities.service';
import { DwellingListMemory } from './list/dwelling-list.memory';
import { COUNT_CAP, dwellingListStatement, type ListedDwelling } from './list/dwelling-list.query';
import { DwellingListReader } from './list/dwelling-list.reader';
import { mediaUrl, toListItem } from './list/list-items';
import { listKey, type ListFilter } from './list/list-filters';
import { ListPageCache, ListVersionReader } from './list/list-page-cache';
import { PageCursors } from './list/page-cursors';

/** The fair-rent medians per city and size band are read again after this long. */
const FAIR_RENT_TTL_MS = 10 * 60_000;
/** How long a sorted list waits for the list snapshot being loaded before the statement answers it. */
const SORTED_WAIT_MS = 10_000;
/** The change rows behind the list version are folded into its base at most this often. */
const VERSION_FOLD_MS = 60_000;

export type Viewer = { userId: number } | null;

/**
 * A list response as the controller sends it: the JSON body (UTF-8), whether it came from the page
 * cache, and on a miss whether the in-memory snapshot or the database answered.
 */
export interface ListPage {
  body: BodyParts;
  cache: 'hit' | 'miss';
  source?: 'memory' | 'database';
  /**
   * The page's compressed bodies by encoding, filled as clients ask (shared with the cache): a
   * promise, so that requests arriving while it is compressed wait for that one compression.
   */
  encoded: Map<ContentEncoding, Promise<Buffer>>;
}

type ListMeta = DwellingListResponse['meta'];
const DATA_OPEN = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');
const META_OPEN = Buffer.from('],"meta":');
const CLOSE = Buffer.from('}');

@Injectable()
export class DwellingsService {
  private readonly logger = new Logger(DwellingsService.name);
  private readonly cursors = new PageCursors();
  private readonly pages = new ListPageCache();
  private readonly versions = new ListVersionReader(() => this.reader.version());
  /**
   * List pages' compressed bodies, kept past the page cache for pages rebuilt byte for byte: brotli 1
   * (gzip 1) first, brotli 4 (gzip 6) for a body built a third time (docs/decisions/0026).
   */
  private readonly compressed = new CompressedBodies(32 * 1024 * 1024, { first: { br: 1, gzip: 1 }, upgraded: { br: 4, gzip: 6 }, upgradeAfter: 2 });
  private lastVersion?: string;
  private foldedAt = 0;
  private vacantTotal?: { version: string; value: Promise<number> };
  private readonly fairRentMedians = new Map<string, { at: number; value: Promise<FairRentComparables>; refreshing: boolean }>();

  constructor(
    private readonly prisma: PrismaService,
    private readonly reader: DwellingListReader,
    private readonly memory: DwellingListMemory,
    private readonly cities: CitiesService,
    private readonly access: SubscriptionAccessService,
    private readonly clock: Clock,
  ) {}

  /** Whether the viewer sees full images and descriptions (an active subscription right now). */
  async isSubscriber(viewer: Viewer): Promise<boolean> {
    return viewer !== null && (await this.access.isSubscriber(viewer.userId, this.clock.now()));
  }

  /**
   * A dwelling as every list sends it, for a list kept elsewhere (the favourites): the list item's
   * shape is the dwellings feature's, whoever reads the rows.
   */
  listItemOf(dwelling: ListedDwelling, place: string): DwellingListItem {
    return toListItem(dwelling, place);
  }

  /** List bodies compressed (first compressions), compressed again at the better level, and answered from the store. */
  get compression(): Readonly<{ compressed: number; upgraded: number; reused: number }> {
    return this.compressed.counts;
  }

  /**
   * The page's body compressed in `encoding`: once per page (requests that come while it is being
   * compressed wait for it), and not again for a page rebuilt with the same bytes.
   */
  encodedBody(page: ListPage, encoding: ContentEncoding): Promise<Buffer> {
    return encodedOnce(page.encoded, encoding, () => this.compressed.encode(page.body, encoding));
  }

  /** /search: q names a city, or an area is drawn (the controller requires one); an unknown q is an empty list (200) with the nearest places. */
  async search(query: SearchQuery, viewer: Viewer): Promise<ListPage> {
    let place: Place | null = null;
    if (query.q !== undefined) {
      place = await this.cities.findPlace(query.q);
      if (!place || !place.active) {
        // Names no place we list: say so, with the places nearest to what was typed.
        const suggestions = await this.cities.nearest(query.q);
        const empty: DwellingListResponse = { data: [], meta: { total: 0, start: query.start, pageSize: query.pageSize, capped: false, suggestions } };
        return { body: new BodyParts([Buffer.from(JSON.stringify(empty))]), cache: 'miss', encoded: new Map() };
      }
    }
    return this.cachedList({ ...this.filterOf(query), cityId: place?.id }, query, viewer);
  }

  /** /area/{slug}: an unknown or inactive city is a 404. */
  async area(slug: string, query: SearchQuery, viewer: Viewer): Promise<ListPage> {
    const place = await this.cities.findBySlug(slug);
    if (!place || !place.active) throw httpError(404, 'Ukendt by', { code: 'unknown-city' });
    return this.cachedList({ ...this.filterOf(query), cityId: place.id }, query, viewer);
  }

  /** /latest: the newest vacant dwellings of every city; total is the exact number of vacant dwellings. */
  latest(query: LatestQuery, viewer: Viewer): Promise<ListPage> {
    return this.cachedList({ rentedSince: null }, { start: query.start, pageSize: query.pageSize }, viewer, async (_meta, version) => {
      const total = await this.countVacant(version);
      return { total, start: query.start, pageSize: query.pageSize };
    });
  }

  /**
   * The current dwelling list version (it moves with every committed change to dwellings), or
   * undefined when it cannot be read: the rendered-page cache keeps a page only at one version.
   */
  listVersion(): Promise<string | undefined> {
    return this.currentVersion();
  }

  /**
   * GET /api/dwellings/{id}: one statement for the dwelling, its city, postal name and image keys
   * (dwelling-detail.query.ts), and beside it the subscription check of a logged-in viewer; the
   * fair-rent median comes from memory. Visitors and non-subscribers get blurred images and no
   * description.
   */
  async detail(id: number, viewer: Viewer): Promise<DwellingDetail> {
    const [dwelling, subscribed] = await Promise.all([this.reader.detail(id), this.isSubscriber(viewer)]);
    if (!dwelling || dwelling.status === DWELLING_STATUS.notFound) throw notFound();
    const facts: DwellingDetail['facts'] = {};
    const stored = (dwelling.facts ?? {}) as Record<string, unknown>;
    for (const key of DWELLING_FACT_KEYS) {
      const value = stored[key];
      if (typeof value === 'number' || typeof value === 'string' || value === null) facts[key] = value;
      else if (Array.isArray(value)) facts[key] = value.map(String);
    }
    return {
      dwellingId: String(dwelling.id),
      headline: dwelling.headline,
      teaser: dwelling.teaser,
      // Withheld from visitors and non-subscribers: it never leaves the server for them.
      description: subscribed ? dwelling.description : null,
      remarks: dwelling.remarks,
      rent: dwelling.rent,
      rooms: dwelling.rooms,
      size: dwelling.size,
      pets: dwelling.pets === 1 ? 1 : dwelling.pets === -1 ? -1 : null,
      economy: dwelling.economy,
      available: dwelling.available,
      timeframe: dwelling.timeframe,
      location: {
        street: dwelling.street,
        city: dwelling.postalName ?? dwelling.cityLabel,
        zip: dwelling.zip && /^\d{4}$/.test(dwelling.zip) ? dwelling.zip : null,
        citySlug: dwelling.citySlug,
      },
      geolocation: dwelling.lat !== null && dwelling.lng !== null ? { lat: dwelling.lat, lng: dwelling.lng } : null,
      images: (subscribed ? dwelling.fullKeys : dwelling.blurredKeys).map(mediaUrl),
      facts,
      status: dwelling.status,
      deletedAt: dwelling.deletedAt?.toISOString() ?? null,
      subscribed,
      costs: { monthly: dwelling.monthlyCost, moveIn: dwelling.moveInCost },
      fairRent: await this.fairRent(dwelling, dwelling.cityLabel),
    };
  }

  /**
   * The fair-rent hint (libs/domain fairRentHint): the median rent per m² of the vacant dwellings
   * (list membership: deleted_at alone, as the lists) of the city and size band, kept a while per
   * city and band, since it moves slowly and reads a city's index (tens of ms in København on the
   * 1M-row benchmark database). Only the first detail of a city and band waits for it: once it is
   * older than FAIR_RENT_TTL_MS, details go on with it while the next one is read beside them, and
   * it is replaced when that arrives (so no detail waits every ten minutes per city and band).
   */
  private async fairRent(dwelling: { rent: number; size: number; cityId: number }, city: string): Promise<DwellingDetail['fairRent']> {
    const band = sizeBandOf(dwelling.size);
    if (band === null || !(dwelling.rent > 0)) return null;
    const key = `${dwelling.cityId}:${band.min}`;
    const now = this.clock.now().getTime();
    let cached = this.fairRentMedians.get(key);
    if (!cached) {
      const entry = { at: now, value: this.readMedian(dwelling.cityId, band), refreshing: false };
      cached = entry;
      this.fairRentMedians.set(key, entry);
      entry.value.catch(() => {
        if (this.fairRentMedians.get(key) === entry) this.fairRentMedians.delete(key);
      });
      if (this.fairRentMedians.size > 2_000) this.fairRentMedians.delete(this.fairRentMedians.keys().next().value as string);
    } else if ((now - cached.at >= FAIR_RENT_TTL_MS || now < cached.at) && !cached.refreshing) {
      const stale = cached;
      stale.refreshing = true;
      const fresh = { at: now, value: this.readMedian(dwelling.cityId, band), refreshing: false };
      fresh.value.then(
        () => {
          if (this.fairRentMedians.get(key) === stale) this.fairRentMedians.set(key, fresh);
        },
        (error: unknown) => {
          stale.refreshing = false; // the next detail tries again
          this.logger.warn(`fair-rent median ${key}: ${String(error)}`);
        },
      );
    }
    const hint = fairRentHint(dwelling, await cached.value);
    return hint && { ...hint, city };
  }

  private readMedian(cityId: number, band: { min: number; max: number | null }): Promise<FairRentComparables> {
    const upper = band.max === null ? Prisma.empty : Prisma.sql`AND d.size < ${band.max}`;
    return this.prisma.$queryRaw<Array<{ count: number; median: number | null }>>`
      SELECT count(*)::int AS count, percentile_cont(0.5) WITHIN GROUP (ORDER BY d.rent::float8 / d.size) AS median
      FROM dwellings d
      WHERE d.city_id = ${cityId} AND d.deleted_at IS NULL AND d.rent > 0 AND d.size >= ${band.min} ${upper}`.then((rows) => ({
      count: rows[0]?.count ?? 0,
      medianPerM2: rows[0]?.median ?? null,
    }));
  }

  /** The list a query asks for: the filters it sets (only those), and the rented window at this moment. */
  private filterOf(query: SearchQuery): ListFilter {
    const filter: ListFilter = { rentedSince: rentedListedSince(this.clock.now()) };
    for (const name of LIST_FILTER_NAMES) if (query[name] !== undefined) Object.assign(filter, { [name]: query[name] });
    return filter;
  }

  /**
   * A list page from the cache while the dwelling list version it was read at is current (and for at
   * most the cache's TTL), else from the in-memory snapshot when it is at that version, else from
   * the database; then cached. The key is the normalised list: the /search and /area of one city
   * share entries, and visitors and subscribers never do (their image keys differ). `metaOf` turns
   * the list's meta, read at `version`, into the response's (/latest counts every vacant dwelling).
   */
  private async cachedList(
    filter: ListFilter,
    page: { start: number; pageSize: number },
    viewer: Viewer,
    metaOf: (meta: ListMeta, version: string) => Promise<ListMeta> = async (meta) => meta,
  ): Promise<ListPage> {
    const subscribed = await this.isSubscriber(viewer);
    const key = JSON.stringify([listKey(filter), page.start, page.pageSize, subscribed ? 'full' : 'blurred']);
    const now = this.clock.now().getTime();
    const cached = this.pages.get(key, now);
    // Memory answers only at the current version, so it needs the version even without a cached page.
    const current = cached || this.memory.enabled ? await this.currentVersion() : undefined;
    if (cached && cached.version === current) {
      cached.encoded ??= new Map();
      return { body: cached.body, cache: 'hit', encoded: cached.encoded };
    }

    let body: BodyParts;
    let version: string;
    let source: ListPage['source'];
    let remembered = current === undefined ? null : await this.memory.page(filter, page.start, page.pageSize, subscribed, current);
    if (!remembered && current !== undefined && filter.sort !== undefined && (filter.cityId !== undefined || filter.area !== undefined)) {
      // A sorted list is a sort of the whole city in SQL (~400 ms at 1M dwellings, docs/decisions/0013),
      // or of an area's matches found by testing every dwelling's point (0064): wait for the snapshot
      // the commit started loading (~5 s at 1M, ms at the demo's size) instead.
      remembered = await this.memory.pageWhenLoaded(filter, page.start, page.pageSize, subscribed, current, SORTED_WAIT_MS);
    }
    if (remembered) {
      const meta = await metaOf({ total: remembered.total, start: page.start, pageSize: page.pageSize, capped: remembered.capped }, remembered.version);
      // The same bytes as JSON.stringify({ data, meta }), from the items' own serialized JSON, not
      // joined: the items are held by the item cache already (BodyParts).
      const parts: Buffer[] = [DATA_OPEN];
      for (let i = 0; i < remembered.items.length; i++) {
        if (i > 0) parts.push(COMMA);
        parts.push(remembered.items[i]);
      }
      parts.push(META_OPEN, Buffer.from(JSON.stringify(meta)), CLOSE);
      body = new BodyParts(parts);
      version = remembered.version;
      source = 'memory';
    } else {
      const read = await this.list(filter, page, subscribed);
      body = new BodyParts([Buffer.from(JSON.stringify({ data: read.response.data, meta: await metaOf(read.response.meta, read.version) }))]);
      version = read.version;
      source = 'database';
    }
    // A slower read of an older version must not replace a newer page.
    const stored = this.pages.get(key, now);
    const encoded = new Map<ContentEncoding, Promise<Buffer>>();
    if (!stored || BigInt(stored.version) <= BigInt(version)) this.pages.set(key, { version, body, at: now, encoded });
    return { body, cache: 'miss', source, encoded };
  }

  private async currentVersion(): Promise<string | undefined> {
    try {
      return this.observe(await this.versions.current());
    } catch (error) {
      // Not knowing the version is a miss, never a stale hit; the list statement reports its own error.
      this.logger.warn(`dwelling list version: ${String(error)}`);
      return undefined;
    }
  }

  /** Folds the version's change rows now and then, when it moved (after writes). */
  private observe(version: string): string {
    if (version !== this.lastVersion) {
      this.lastVersion = version;
      const now = Date.now();
      if (now - this.foldedAt >= VERSION_FOLD_MS) {
        this.foldedAt = now;
        this.reader.fold().catch((error: unknown) => this.logger.warn(`dwelling list version fold: ${String(error)}`));
      }
    }
    return version;
  }

  private async list(filter: ListFilter, page: { start: number; pageSize: number }, subscribed: boolean): Promise<{ response: DwellingListResponse; version: string }> {
    const { start, pageSize } = page;
    const key = listKey(filter);
    const now = Date.now();
    // The remembered positions are (created_at, id) keysets: newest-first lists only. A sorted
    // list skips from its top (docs/decisions/0013).
    const newest = filter.sort === undefined;
    const known = newest ? this.cursors.nearest(key, start, now) : { offset: 0, after: null };
    const skip = start - known.offset;
    const result = await this.reader.list(dwellingListStatement(filter, { after: known.after, skip }, pageSize, subscribed ? 'full_key' : 'blurred_key'));
    const found = result.dwellings;
    const names = await this.cities.placeNames(new Set(found.map((dwelling) => dwelling.cityId)));
    const data = found.map((dwelling) => toListItem(dwelling, names.name(dwelling.zip, dwelling.cityId)));
    const last = found[found.length - 1];
    if (newest && data.length === pageSize) this.cursors.remember(key, start + pageSize, { createdAt: last.createdAt, id: last.id }, now);
    const counted = result.total;
    const capped = counted >= skip + Math.max(pageSize, COUNT_CAP);
    const version = this.observe(result.version);
    return { response: { data, meta: { total: known.offset + counted, start, pageSize, capped } }, version };
  }

  /**
   * The vacant dwellings, counted once per list version: the count moves only with a commit to
   * dwellings, so the total of /latest and the front page is the list's own, and two web processes at
   * one version send the same number (a count kept for a time was behind the list it came with, and
   * each process behind by its own amount: issue 35).
   */
  private countVacant(version: string): Promise<number> {
    if (this.vacantTotal?.version !== version) {
      const value = this.prisma.dwelling.count({ where: { deletedAt: null, status: { not: DWELLING_STATUS.notFound } } });
      const counted = { version, value };
      this.vacantTotal = counted;
      value.catch(() => {
        if (this.vacantTotal === counted) this.vacantTotal = undefined;
      });
    }
    return this.vacantTotal.value;
  }
}

/** An HttpException whose body is an ApiError with the standard reason phrase ("Gone", not "GONE"). */
export function httpError(statusCode: number, message: string, extra: Record<string, unknown> = {}): HttpException {
  return new HttpException({ ...apiError(statusCode, message), ...extra }, statusCode);
}

export function notFound(): HttpException {
  return httpError(404, 'Boligen findes ikke', { code: 'dwelling-not-found' });
}
