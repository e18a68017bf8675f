import { Module } from '@nestjs/common';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { CitiesService } from './cities.service';
import { DwellingListMemory } from './list/dwelling-list.memory';
import { DwellingListReader } from './list/dwelling-list.reader';
import { DwellingsController } from './dwellings.controller';
import { DwellingsService } from './dwellings.service';
import { LandlordContactService } from './landlord-contact.service';
import { MediaController } from './media.controller';

@Module({
  imports: [SubscriptionsModule],
  controllers: [DwellingsController, MediaController],
  providers: [CitiesService, DwellingListReader, DwellingListMemory, DwellingsService, LandlordContactService],
  exports: [CitiesService, DwellingsService],
})
export class DwellingsModule {}
