import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DwellingsModule } from './dwellings/dwellings.module';
import { HealthModule } from './health/health.module';
import type { DatabaseHandle } from './infra/database/database';
import { MailModule } from './infra/mail/mail.module';
import { PrismaModule } from './infra/prisma/prisma.module';
import { QueueModule } from './infra/queue/queue.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, database: DatabaseHandle): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        PrismaModule.forRoot(database, config.database.poolSize),
        QueueModule.forRoot(config),
        MailModule,
        HealthModule,
        DwellingsModule,
      ],
    };
  }
}
