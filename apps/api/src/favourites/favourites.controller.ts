import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  favouriteMailsTokenParamSchema,
  favouriteSettingsSchema,
  INT32_MAX,
  type FavouriteIdsResponse,
  type FavouriteSettings,
  type FavouritesResponse,
} from '@husly/contracts';
import { parseInput } from '../common/parse-input';
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

  /** The favourites' mail setting (ADR 0062): off until the user switches it on. */
  @Get('settings')
  @Header('Cache-Control', 'no-store')
  settings(@CurrentUser() user: AuthUser): Promise<FavouriteSettings> {
    return this.favourites.settings(user.id);
  }

  /** {mails: boolean}; idempotent; anything else is a 400 that changes nothing. */
  @Post('settings')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  setSettings(@CurrentUser() user: AuthUser, @Body() body: unknown): Promise<FavouriteSettings> {
    return this.favourites.setSettings(user.id, parseInput(favouriteSettingsSchema, body));
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

/**
 * The favourites' mail's one-click off (ADR 0062), without a login: the token in the mail can only
 * switch that mail off. RFC 8058 clients POST `List-Unsubscribe=One-Click` here.
 */
@Controller('favourite-mails')
export class FavouriteMailsController {
  constructor(private readonly favourites: FavouritesService) {}

  @Post('off/:token')
  @HttpCode(200)
  async off(@Param('token') token: string): Promise<FavouriteSettings> {
    await this.favourites.mailsOff(parseInput(favouriteMailsTokenParamSchema, { token }).token);
    return { mails: false };
  }

  /** A browser (or a link scanner) opening the link changes nothing: the profile's favourites tab has the switch. */
  @Get('off/:token')
  offPage(@Res() reply: FastifyReply): void {
    void reply.redirect('/profile/favourites', 303);
  }
}
