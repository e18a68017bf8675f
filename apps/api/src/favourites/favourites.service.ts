import { Injectable } from '@nestjs/common';
import { FAVOURITE_ERROR_CODES, type FavouriteIdsResponse, type FavouritesResponse } from '@husly/contracts';
import { canSaveFavourite, DWELLING_STATUS, FAVOURITE_MESSAGES, FAVOURITES, type Language } from '@husly/domain';
import { PrismaService } from '../infra/prisma/prisma.service';
import { CitiesService } from '../dwellings/cities.service';
import { DwellingsService, httpError, notFound } from '../dwellings/dwellings.service';

/** Newest saved first; the dwelling id orders saves of the same millisecond. */
const NEWEST_SAVED_FIRST = [{ createdAt: 'desc' }, { dwellingId: 'desc' }] as const;

@Injectable()
export class FavouritesService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly dwellings: DwellingsService,
    private readonly cities: CitiesService,
  ) {}

  async ids(userId: number): Promise<FavouriteIdsResponse> {
    const rows = await this.prisma.favourite.findMany({ where: { userId }, select: { dwellingId: true }, orderBy: [...NEWEST_SAVED_FIRST] });
    return { ids: rows.map((row) => String(row.dwellingId)) };
  }

  /**
   * The saved dwellings as the lists send them, with the images a subscriber or a visitor sees.
   * Rented ones stay (deletedAt set: "Udlejet {date}"); a dwelling withdrawn as not found (status 0)
   * is left out, as its page is a 404.
   */
  async list(userId: number): Promise<FavouritesResponse> {
    const [rows, subscribed] = await Promise.all([
      this.prisma.favourite.findMany({
        where: { userId, dwelling: { status: { not: DWELLING_STATUS.notFound } } },
        orderBy: [...NEWEST_SAVED_FIRST],
        select: {
          createdAt: true,
          dwelling: {
            select: {
              id: true, headline: true, teaser: true, rent: true, rooms: true, size: true, street: true, lat: true, lng: true,
              zip: true, cityId: true, createdAt: true, deletedAt: true, listBlurredKeys: true, listFullKeys: true,
              // The costs every list item carries (docs/decisions/0013).
              monthlyCost: true, moveInCost: true,
            },
          },
        },
      }),
      this.dwellings.isSubscriber({ userId }),
    ]);
    const names = await this.cities.placeNames(new Set(rows.map((row) => row.dwelling.cityId)));
    return {
      data: rows.map(({ createdAt, dwelling }) => {
        const { listBlurredKeys, listFullKeys, ...listed } = dwelling;
        const item = this.dwellings.listItemOf({ ...listed, imageKeys: subscribed ? listFullKeys : listBlurredKeys }, names.name(dwelling.zip, dwelling.cityId));
        return { ...item, savedAt: createdAt.toISOString() };
      }),
    };
  }

  /**
   * Idempotent: saving a saved dwelling changes nothing (and is never refused by the cap). The
   * user's row is locked while counting, so two saves at once cannot both pass the cap.
   */
  async save(userId: number, dwellingId: number, language: Language): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const dwelling = await tx.dwelling.findUnique({ where: { id: dwellingId }, select: { status: true } });
      if (!dwelling || dwelling.status === DWELLING_STATUS.notFound) throw notFound();
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
      const saved = await tx.favourite.findUnique({ where: { userId_dwellingId: { userId, dwellingId } }, select: { userId: true } });
      if (saved) return;
      const count = await tx.favourite.count({ where: { userId } });
      if (!canSaveFavourite(count)) {
        throw httpError(409, FAVOURITE_MESSAGES[language].limitReached(FAVOURITES.maxPerUser), {
          code: FAVOURITE_ERROR_CODES.limitReached,
          limit: FAVOURITES.maxPerUser,
        });
      }
      await tx.favourite.create({ data: { userId, dwellingId } });
    });
  }

  /** Idempotent: removing what is not saved is no error. */
  async remove(userId: number, dwellingId: number): Promise<void> {
    await this.prisma.favourite.deleteMany({ where: { userId, dwellingId } });
  }
}
