import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ContentController } from './content.controller';
import { ContentService } from './content.service';

/** The static information pages' one call: the contact form (POST /api/contact). */
@Module({ imports: [AccountsModule], controllers: [ContentController], providers: [ContentService] })
export class ContentModule {}
