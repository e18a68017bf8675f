import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { FAVOURITE_ERROR_CODES, type FavouriteIdsResponse, type FavouriteSettings, type FavouritesResponse } from '@husly/contracts';
import { canSaveFavourite, DWELLING_STATUS, FAVOURITE_MESSAGES, FAVOURITES, type Language } from '@husly/domain';
import { PrismaService } from '../infra/prisma/prisma.service';
import { Clock } from '../infra/clock/clock';
import { JobQueue } from '../infra/queue/job-queue.service';
import { JOBS } from '../infra/queue/jobs';
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
    private readonly jobs: JobQueue,
    @Inject(Clock) private readonly clock: Clock,
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
          savedRent: true,
          savedStatus: true,
          dwelling: {
            select: {
              id: true, status: true, headline: true, teaser: true, rent: true, rooms: true, size: true, street: true, lat: true, lng: true,
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
      data: rows.map(({ createdAt, savedRent, savedStatus, dwelling }) => {
        const { listBlurredKeys, listFullKeys, status, ...listed } = dwelling;
        const item = this.dwellings.listItemOf({ ...listed, imageKeys: subscribed ? listFullKeys : listBlurredKeys }, names.name(dwelling.zip, dwelling.cityId));
        return { ...item, savedAt: createdAt.toISOString(), sinceSaved: sinceSaved({ savedAt: createdAt, savedRent, savedStatus }, { ...dwelling, status }) };
      }),
    };
  }

  /**
   * Idempotent: saving a saved dwelling changes nothing (and is never refused by the cap). The
   * user's row is locked while counting, so two saves at once cannot both pass the cap.
   */
  async save(userId: number, dwellingId: number, language: Language): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const dwelling = await tx.dwelling.findUnique({ where: { id: dwellingId }, select: { status: true, rent: true } });
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
      // What it was when saved: the list marks what changes after (ADR 0062).
      await tx.favourite.create({ data: { userId, dwellingId, savedRent: dwelling.rent, savedStatus: dwelling.status } });
    });
  }

  /** Idempotent: removing what is not saved is no error. */
  async remove(userId: number, dwellingId: number): Promise<void> {
    await this.prisma.favourite.deleteMany({ where: { userId, dwellingId } });
  }

  // ---- the favourites' mail (issue 34, docs/decisions/0062-change-alerts.md) ---------------------

  /** The feed import calls this with the changes it recorded: the users who saved those dwellings are mailed now. */
  async dwellingsChanged(changeIds: number[]): Promise<void> {
    if (changeIds.length === 0) return;
    await this.jobs.enqueue(JOBS.favouriteChanges, { changeIds });
  }

  async settings(userId: number): Promise<FavouriteSettings> {
    const user = await this.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { favouriteMailsAt: true } });
    return { mails: user.favouriteMailsAt !== null };
  }

  /**
   * "Mail me when a saved dwelling changes", on or off. One UPDATE each, so a repeat or two at once
   * end the same: on keeps the first time it was switched on and the token made then (COALESCE on
   * the row the UPDATE locked); off only clears the time. Only changes after the time are mailed.
   */
  async setSettings(userId: number, settings: FavouriteSettings): Promise<FavouriteSettings> {
    if (settings.mails) {
      await this.prisma.$executeRaw`UPDATE users SET favourite_mails_at = COALESCE(favourite_mails_at, ${this.clock.now()}),
        favourite_mails_token = COALESCE(favourite_mails_token, ${randomBytes(24).toString('base64url')}) WHERE id = ${userId}`;
    } else {
      await this.prisma.user.updateMany({ where: { id: userId, favouriteMailsAt: { not: null } }, data: { favouriteMailsAt: null } });
    }
    return this.settings(userId);
  }

  /** The mail's one-click off (and its List-Unsubscribe POST): switches the mail off and nothing else; idempotent. */
  async mailsOff(token: string): Promise<void> {
    const user = await this.prisma.user.findUnique({ where: { favouriteMailsToken: token }, select: { id: true } });
    if (!user) throw notFound();
    await this.prisma.user.updateMany({ where: { id: user.id, favouriteMailsAt: { not: null } }, data: { favouriteMailsAt: null } });
  }
}

/**
 * The marks of a saved dwelling (issue 34, ADR 0062): rented after it was saved; reserved (status
 * neither available nor not-found, not rented) when it was saved with another status; the rent when
 * saved if both rents are known and differ. Rows saved before the marks existed have no saved values
 * (the migration gave them the values of its day), so only later changes mark them.
 */
export function sinceSaved(
  saved: { savedAt: Date; savedRent: number | null; savedStatus: number | null },
  now: { rent: number; status: number; deletedAt: Date | null },
): { rented: boolean; reserved: boolean; rentWhenSaved: number | null } {
  const rented = now.deletedAt !== null && now.deletedAt > saved.savedAt;
  const reserved = now.deletedAt === null && now.status !== DWELLING_STATUS.available && saved.savedStatus !== null && saved.savedStatus !== now.status;
  const priceChanged = saved.savedRent !== null && saved.savedRent >= 0 && now.rent >= 0 && now.rent !== saved.savedRent;
  return { rented, reserved, rentWhenSaved: priceChanged ? saved.savedRent : null };
}
