import { Module, type DynamicModule } from '@nestjs/common';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { GraphQLModule } from '@nestjs/graphql';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import type { AppConfig } from './config/app-config';
import { AccountsModule } from './accounts/accounts.module';
import { AlertsModule } from './alerts/alerts.module';
import { AuthModule } from './common/auth/auth.module';
import { BoligagentModule } from './boligagent/boligagent.module';
import { ConfigModule } from './config/config.module';
import { ContentModule } from './content/content.module';
import { DwellingsModule } from './dwellings/dwellings.module';
import { EventsModule } from './events/events.module';
import { FavouritesModule } from './favourites/favourites.module';
import { HealthModule } from './health/health.module';
import type { DatabaseHandle } from './infra/database/database';
import { Clock, ClockModule } from './infra/clock/clock';
import { MailModule } from './infra/mail/mail.module';
import { PrismaModule } from './infra/prisma/prisma.module';
import { QueueModule } from './infra/queue/queue.module';
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
        MailModule,
        AuthModule,
        HealthModule,
        // POST /api/graph (spec section 7), code first. The schema is built in memory; the committed
        // apps/api/src/schema.gql is checked against it by graphql-schema.e2e-spec.ts.
        GraphQLModule.forRoot<ApolloDriverConfig>({
          driver: ApolloDriver,
          path: '/graph',
          useGlobalPrefix: true,
          autoSchemaFile: true,
          sortSchema: true,
          graphiql: false,
          introspection: config.env !== 'production',
          plugins: [ApolloServerPluginLandingPageDisabled()],
        }),
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
      ],
    };
  }
}
