import { HttpException, Injectable } from '@nestjs/common';
import { apiError, type DwellingDetail, type DwellingListItem, type DwellingListResponse, type LatestQuery, type SearchQuery } from '@husly/contracts';
import { DWELLING_FACT_KEYS, DWELLING_STATUS } from '@husly/domain';
import { Clock } from '../infra/clock/clock';
import { PrismaService } from '../infra/prisma/prisma.service';
import { SubscriptionAccessService } from '../subscriptions/subscription-access.service';
import { CitiesService, type Place } from './cities.service';
import { COUNT_CAP, dwellingListSql, type ListFilter, type ListRow } from './dwelling-list.query';
import { PageCursors } from './page-cursors';

/** Rented dwellings stay in lists ("Udlejet {date}") this long after deletedAt, then disappear. */
export const RENTED_VISIBLE_DAYS = 14;
const DAY_MS = 86_400_000;
/** The front page's total of vacant dwellings is an exact count, refreshed at most this often. */
const VACANT_TOTAL_TTL_MS = 60_000;

/** Public URL of a stored image (served by MediaController). */
export const mediaUrl = (key: string): string => `/media/dwellings/${key}.jpg`;

export type Viewer = { userId: number } | null;

@Injectable()
export class DwellingsService {
  private readonly cursors = new PageCursors();
  private vacantTotal?: { at: number; value: Promise<number> };

  constructor(
    private readonly prisma: PrismaService,
    private readonly cities: CitiesService,
    private readonly access: SubscriptionAccessService,
    private readonly clock: Clock,
  ) {}

  /** Whether the viewer sees full images and descriptions (an active subscription right now). */
  async isSubscriber(viewer: Viewer): Promise<boolean> {
    return viewer !== null && (await this.access.isSubscriber(viewer.userId, this.clock.now()));
  }

  /** /search: q names a city (the controller requires it); an unknown q is an empty list (200). */
  async search(query: SearchQuery, viewer: Viewer): Promise<DwellingListResponse> {
    let place: Place | null = null;
    if (query.q !== undefined) {
      place = await this.cities.findPlace(query.q);
      if (!place || !place.active) return { data: [], meta: { total: 0, start: query.start, pageSize: query.pageSize, capped: false } };
    }
    return this.list({ ...this.filterOf(query), cityId: place?.id }, query, viewer);
  }

  /** /area/{slug}: an unknown or inactive city is a 404. */
  async area(slug: string, query: SearchQuery, viewer: Viewer): Promise<DwellingListResponse> {
    const place = await this.cities.findBySlug(slug);
    if (!place || !place.active) throw httpError(404, 'Ukendt by', { code: 'unknown-city' });
    return this.list({ ...this.filterOf(query), cityId: place.id }, query, viewer);
  }

  /** /latest: the newest vacant dwellings of every city; total is the exact number of vacant dwellings. */
  async latest(query: LatestQuery, viewer: Viewer): Promise<DwellingListResponse> {
    const [page, total] = await Promise.all([
      this.list({ rentedSince: null }, { start: query.start, pageSize: query.pageSize }, viewer),
      this.countVacant(),
    ]);
    return { data: page.data, meta: { total, start: query.start, pageSize: query.pageSize } };
  }

  async detail(id: number, viewer: Viewer): Promise<DwellingDetail> {
    const dwelling = await this.prisma.dwelling.findUnique({
      where: { id },
      include: { city: { select: { slug: true, label: true } }, images: { orderBy: { position: 'asc' } } },
    });
    if (!dwelling || dwelling.status === DWELLING_STATUS.notFound) throw notFound();
    const subscribed = await this.isSubscriber(viewer);
    const postal = dwelling.zip ? await this.prisma.postalCode.findUnique({ where: { zip: dwelling.zip }, select: { name: true } }) : null;
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
        city: postal?.name ?? dwelling.city.label,
        zip: dwelling.zip && /^\d{4}$/.test(dwelling.zip) ? dwelling.zip : null,
        citySlug: dwelling.city.slug,
      },
      geolocation: dwelling.lat !== null && dwelling.lng !== null ? { lat: dwelling.lat, lng: dwelling.lng } : null,
      images: dwelling.images.map((image) => mediaUrl(subscribed ? image.fullKey : image.blurredKey)),
      facts,
      status: dwelling.status,
      deletedAt: dwelling.deletedAt?.toISOString() ?? null,
      subscribed,
    };
  }

  private filterOf(query: Pick<SearchQuery, 'rent' | 'rooms' | 'size'>): ListFilter {
    return {
      rent: query.rent,
      rooms: query.rooms,
      size: query.size,
      rentedSince: new Date(this.clock.now().getTime() - RENTED_VISIBLE_DAYS * DAY_MS),
    };
  }

  private async list(filter: ListFilter, page: { start: number; pageSize: number }, viewer: Viewer): Promise<DwellingListResponse> {
    const { start, pageSize } = page;
    const subscribed = await this.isSubscriber(viewer);
    const key = JSON.stringify([filter.cityId ?? null, filter.rent ?? null, filter.rooms ?? null, filter.size ?? null, filter.rentedSince !== null]);
    const now = Date.now();
    const known = this.cursors.nearest(key, start, now);
    const skip = start - known.offset;
    const rows = await this.prisma.$queryRaw<ListRow[]>(
      dwellingListSql(filter, { after: known.after, skip }, pageSize, subscribed ? 'full_key' : 'blurred_key'),
    );
    const counted = rows[0]?.total ?? 0;
    const found = rows.filter((row) => row.id !== null);
    const names = await this.cities.placeNames(new Set(found.map((row) => row.city_id)));
    const data = found.map((row) => toListItem(row, names.name(row.zip, row.city_id)));
    const last = rows[rows.length - 1];
    if (data.length === pageSize && last.id !== null) this.cursors.remember(key, start + pageSize, { createdAt: last.created_at, id: last.id }, now);
    const capped = counted >= skip + Math.max(pageSize, COUNT_CAP);
    return { data, meta: { total: known.offset + counted, start, pageSize, capped } };
  }

  private countVacant(): Promise<number> {
    const now = Date.now();
    if (!this.vacantTotal || now - this.vacantTotal.at > VACANT_TOTAL_TTL_MS) {
      const value = this.prisma.dwelling.count({ where: { deletedAt: null, status: { not: DWELLING_STATUS.notFound } } });
      this.vacantTotal = { at: now, value };
      value.catch(() => (this.vacantTotal = undefined));
    }
    return this.vacantTotal.value;
  }
}

function toListItem(row: ListRow, place: string): DwellingListItem {
  const images = row.image_keys.map(mediaUrl);
  return {
    dwellingId: String(row.id),
    headline: row.headline,
    teaser: row.teaser,
    rent: row.rent,
    rooms: row.rooms,
    size: row.size,
    city: place,
    street: row.street,
    lat: row.lat,
    lng: row.lng,
    image: images[0] ?? null,
    images,
    createdAt: row.created_at.toISOString(),
    deletedAt: row.deleted_at?.toISOString() ?? null,
  };
}

/** An HttpException whose body is an ApiError with the standard reason phrase ("Gone", not "GONE"). */
export function httpError(statusCode: number, message: string, extra: Record<string, unknown> = {}): HttpException {
  return new HttpException({ ...apiError(statusCode, message), ...extra }, statusCode);
}

export function notFound(): HttpException {
  return httpError(404, 'Boligen findes ikke', { code: 'dwelling-not-found' });
}
