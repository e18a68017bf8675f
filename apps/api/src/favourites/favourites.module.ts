import { Module } from '@nestjs/common';
import { DwellingsModule } from '../dwellings/dwellings.module';
import { FavouritesController } from './favourites.controller';
import { FavouritesService } from './favourites.service';

/**
 * Favourites ("Gemte boliger"): the dwellings a logged-in user saved, under /api/users/me/favourites.
 * The list items are the dwellings feature's own (toListItem, place names, image keys by subscription).
 */
@Module({
  imports: [DwellingsModule],
  controllers: [FavouritesController],
  providers: [FavouritesService],
})
export class FavouritesModule {}
