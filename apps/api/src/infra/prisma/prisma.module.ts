import { Global, Module, type DynamicModule } from '@nestjs/common';
import { DATABASE_POOL_SIZE, DATABASE_URL, PrismaService } from './prisma.service';
import type { DatabaseHandle } from '../database/database';

export const DATABASE_HANDLE = Symbol('DATABASE_HANDLE');

@Global()
@Module({})
export class PrismaModule {
  static forRoot(database: DatabaseHandle, poolSize: number): DynamicModule {
    return {
      module: PrismaModule,
      providers: [
        { provide: DATABASE_HANDLE, useValue: database },
        { provide: DATABASE_URL, useValue: database.url },
        // PGlite serves one query at a time; a big pool only queues inside the socket server.
        { provide: DATABASE_POOL_SIZE, useValue: database.mode === 'embedded' ? Math.min(poolSize, 4) : poolSize },
        PrismaService,
      ],
      exports: [PrismaService, DATABASE_HANDLE],
    };
  }
}
