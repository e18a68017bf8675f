import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { AccountsModule } from '../accounts/accounts.module';
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
  imports: [AccountsModule],
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
    // Some mail clients send the one-click POST as multipart/form-data (RFC 8058 allows both). No route
    // reads a multipart field, so the body is read (small: a one-click form is a few bytes, more is
    // 413) and dropped; @fastify/multipart and its busboy would buy nothing here.
    if (fastify && !fastify.hasContentTypeParser('multipart/form-data')) {
      fastify.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_request, _body, done) => done(null, {}));
    }
  }
}
