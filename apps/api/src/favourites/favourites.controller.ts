import { Controller, Delete, Get, Header, HttpCode, Param, Put, UseGuards } from '@nestjs/common';
import { INT32_MAX, type FavouriteIdsResponse, type FavouritesResponse } from '@husly/contracts';
import { Ctx, type RequestContext } from '../common/request-context';
import type { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, JwtAuthGuard } from '../common/auth/auth.guards';
import { notFound } from '../dwellings/dwellings.service';
import { FavouritesService } from './favourites.service';

/** A dwelling id that cannot exist is "not found" without a query, as an unknown one would be (ADR 0010). */
function dwellingId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > INT32_MAX) throw notFound();
  return Number(raw);
}

/** The logged-in user's saved dwellings (docs/decisions/0016-favourites.md). Never cached: they are one user's. */
@Controller('users/me/favourites')
@UseGuards(JwtAuthGuard)
export class FavouritesController {
  constructor(private readonly favourites: FavouritesService) {}

  /** The saved dwellings as list items (rented ones with deletedAt), newest saved first. */
  @Get()
  @Header('Cache-Control', 'no-store')
  list(@CurrentUser() user: AuthUser): Promise<FavouritesResponse> {
    return this.favourites.list(user.id);
  }

  /** Just the ids, for the hearts: one index read, fetched once per session by the web. */
  @Get('ids')
  @Header('Cache-Control', 'no-store')
  ids(@CurrentUser() user: AuthUser): Promise<FavouriteIdsResponse> {
    return this.favourites.ids(user.id);
  }

  /** Saves (204, also when already saved); 404 for an unknown dwelling; 409 at the cap. */
  @Put(':dwellingId')
  @HttpCode(204)
  async save(@CurrentUser() user: AuthUser, @Param('dwellingId') id: string, @Ctx() ctx: RequestContext): Promise<void> {
    await this.favourites.save(user.id, dwellingId(id), ctx.language);
  }

  /** Removes (204, also when it was not saved). */
  @Delete(':dwellingId')
  @HttpCode(204)
  async remove(@CurrentUser() user: AuthUser, @Param('dwellingId') id: string): Promise<void> {
    await this.favourites.remove(user.id, dwellingId(id));
  }
}
