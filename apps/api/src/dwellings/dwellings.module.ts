import { Module } from '@nestjs/common';
import { CitiesService } from './cities.service';
import { DwellingsController } from './dwellings.controller';

@Module({ controllers: [DwellingsController], providers: [CitiesService], exports: [CitiesService] })
export class DwellingsModule {}
