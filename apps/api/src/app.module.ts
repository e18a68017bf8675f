import { Module, type DynamicModule } from '@nestjs/common';
import type { ApolloDriverConfig } from '@nestjs/apollo';
import { GraphQLModule } from '@nestjs/graphql';
import type { AppConfig } from './config/app-config';
import { AccountsModule } from './accounts/accounts.module';
import { AdminModule } from './admin/admin.module';
import { AlertsModule } from './alerts/alerts.module';
import { AuthModule } from './common/auth/auth.module';
import { BoligagentModule } from './boligagent/boligagent.module';
import { ConfigModule } from './config/config.module';
import { ContentModule } from './content/content.module';
import { DwellingsModule } from './dwellings/dwellings.module';
import { EventsModule } from './events/events.module';
import { FavouritesModule } from './favourites/favourites.module';
import { graphqlOptions } from './graphql/graphql-options';
import { HealthModule } from './health/health.module';
import { SitemapModule } from './sitemap/sitemap.module';
import type { DatabaseHandle } from './infra/database/database';
import { Clock, ClockModule } from './infra/clock/clock';
import { MailModule } from './infra/mail/mail.module';
import { PrismaModule } from './infra/prisma/prisma.module';
import { QueueModule } from './infra/queue/queue.module';
import { MetricsModule } from './infra/metrics/metrics.module';
import { SubscriptionsModule } from './subscriptions/subscriptions.module';
import { UnsubscribeModule } from './subscriptions/unsubscribe/unsubscribe.module';
import { TenantAdModule } from './tenant-ad/tenant-ad.module';

export interface AppOptions {
  /** Tests pass a clock they move; production uses the real time. */
  clock?: Clock;
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, database: DatabaseHandle, options: AppOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ClockModule.forRoot(options.clock),
        PrismaModule.forRoot(database, config.database.poolSize),
        QueueModule.forRoot(config),
        MetricsModule,
        MailModule,
        AuthModule,
        HealthModule,
        GraphQLModule.forRoot<ApolloDriverConfig>(graphqlOptions(config)),
        SubscriptionsModule,
        UnsubscribeModule,
        AccountsModule,
        ContentModule,
        DwellingsModule,
        BoligagentModule,
        EventsModule,
        AlertsModule,
        TenantAdModule,
        FavouritesModule,
        SitemapModule,
        AdminModule,
      ],
    };
  }
}
