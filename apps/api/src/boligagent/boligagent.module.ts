import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { BoligagentDeliveryService } from './boligagent-delivery.service';
import { BoligagentRepository } from './boligagent.repository';
import { BoligagentsController, NotificationLogController } from './boligagent.controller';
import { BoligagentService } from './boligagent.service';
import { BoligagentProcessor } from './jobs/boligagent.processor';

/**
 * Boligagents: the API of section 7, the nightly and instant mail job, and one-click unsubscribe.
 * Other features call BoligagentDeliveryService.dwellingsCreated(ids) after creating or importing dwellings.
 */
@Module({
  controllers: [BoligagentsController, NotificationLogController],
  providers: [BoligagentService, BoligagentRepository, BoligagentDeliveryService, BoligagentProcessor],
  exports: [BoligagentService, BoligagentDeliveryService],
})
export class BoligagentModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    // RFC 8058 one-click POSTs are application/x-www-form-urlencoded ("List-Unsubscribe=One-Click");
    // Fastify parses only JSON by default, and our route needs no field of the body.
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (fastify && !fastify.hasContentTypeParser('application/x-www-form-urlencoded')) {
      fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      });
    }
  }
}
