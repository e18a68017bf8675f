import { Controller, Get, Header } from '@nestjs/common';
import type { AreasResponse } from '@husly/contracts';
import { CitiesService } from './cities.service';

@Controller('dwellings')
export class DwellingsController {
  constructor(private readonly cities: CitiesService) {}

  /** Every active city with its zips, and the aliases (zip or postal name → city slug). */
  @Get('areas')
  @Header('Cache-Control', 'public, max-age=300')
  areas(): Promise<AreasResponse> {
    return this.cities.areas();
  }
}
