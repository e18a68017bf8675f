import { Module } from '@nestjs/common';
import { DwellingsModule } from '../dwellings/dwellings.module';
import { FavouriteMailsController, FavouritesController } from './favourites.controller';
import { FavouritesService } from './favourites.service';
import { FavouriteMailDeliveryService } from './mails/favourite-mail-delivery.service';
import { FavouriteMailsProcessor } from './mails/favourite-mails.processor';
import { FavouriteMailsRepository } from './mails/favourite-mails.repository';

/**
 * Favourites ("Gemte boliger"): the dwellings a logged-in user saved, under /api/users/me/favourites.
 * The list items are the dwellings feature's own (toListItem, place names, image keys by subscription).
 * The favourites' mail about changes of saved dwellings lives in mails/ (ADR 0062).
 */
@Module({
  imports: [DwellingsModule],
  controllers: [FavouritesController, FavouriteMailsController],
  providers: [FavouritesService, FavouriteMailsRepository, FavouriteMailDeliveryService, FavouriteMailsProcessor],
  exports: [FavouritesService],
})
export class FavouritesModule {}
