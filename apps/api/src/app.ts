import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import fastifyCookie from '@fastify/cookie';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { join } from 'node:path';
import { AlertsService } from './alerts/alerts.service';
import { AppModule, type AppOptions } from './app.module';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { AppLogger } from './common/app-logger';
import { registerNoStoreByDefault } from './common/cache-control';
import { registerCompression } from './common/compression';
import { registerFormBodies } from './common/form-bodies';
import { registerRequestDecoding } from './common/request-decoding';
import { newRequestId, registerRequestId } from './common/request-id';
import { registerSecurityHeaders } from './common/security-headers';
import { registerHttpMetrics } from './infra/metrics/http-metrics';
import { JobQueue } from './infra/queue/job-queue.service';
import { AdminAccessService } from './admin/auth/admin-access.service';
import { registerQueueBoard } from './admin/queues/queue-board';
import { registerAdminGate } from './admin/auth/admin-gate';
import { Metrics } from './infra/metrics/metrics';
import type { AppConfig } from './config/app-config';
import { CitiesService } from './dwellings/cities.service';
import { DwellingsService } from './dwellings/dwellings.service';
import type { DatabaseHandle } from './infra/database/database';
import { workspaceRoot } from './infra/database/migrate';
import { WebAppServer } from './web/web-app';

/** The page renderer createApp registered on each app, for the warm-up before it listens (warm-up.ts). */
const webServers = new WeakMap<NestFastifyApplication, WebAppServer>();

/** The page renderer of an app built by createApp. */
export function webAppServerOf(app: NestFastifyApplication): WebAppServer | undefined {
  return webServers.get(app);
}

/**
 * Builds the whole application (API under /api plus the web app) without listening, so main.ts,
 * the commands and the integration tests all run the same thing.
 */
export async function createApp(config: AppConfig, database: DatabaseHandle, options: AppOptions = {}): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, database, options),
    new FastifyAdapter({ trustProxy: fastifyTrustProxy(config.http.trustProxy), bodyLimit: 2 * 1024 * 1024, genReqId: newRequestId }),
    // rawBody: the Stripe webhook verifies its signature on the exact bytes received.
    { rawBody: true, logger: new AppLogger(config.logLevel, config.logFormat), abortOnError: false },
  );
  // Everything under /api, except the few root files crawlers and <img> tags ask for.
  app.setGlobalPrefix('api', { exclude: ['sitemap.xml', 'robots.txt', 'media/{*path}', 'i.gif'] });
  const fastify = app.getHttpAdapter().getInstance();
  await registerRequestId(fastify);
  registerHttpMetrics(fastify, app.get(Metrics));
  registerSecurityHeaders(fastify, config);
  registerRequestDecoding(fastify);
  registerNoStoreByDefault(fastify);
  // request.cookies (decoded, the first of a repeated name) and reply.setCookie / clearCookie.
  await fastify.register(fastifyCookie);
  // Before any route: @fastify/compress hooks each route as it is added.
  await registerCompression(fastify);
  registerFormBodies(fastify);
  const web = new WebAppServer(join(workspaceRoot(), 'dist/web'), {
    serverEntry: join(workspaceRoot(), 'dist/web-server/entry-server.cjs'),
    publicUrl: config.http.publicUrl,
    // localhost and en.localhost on any port are configured hosts outside production.
    localHosts: config.env !== 'production',
    map: config.map,
    company: { name: config.payments.company.name, address: config.payments.company.address, zip: config.payments.company.zip, city: config.payments.company.city, cvr: config.payments.company.tax },
  });
  await web.register(fastify);
  registerAdminGate(fastify, app.get(AdminAccessService));
  await registerQueueBoard(fastify, app.get(JobQueue).bullQueues);
  app.useGlobalFilters(new ApiExceptionFilter(web));
  await app.init();
  // Every page embeds the city names and the site alerts: straight from the services' caches.
  const cities = app.get(CitiesService, { strict: false });
  const alerts = app.get(AlertsService, { strict: false });
  const dwellings = app.get(DwellingsService, { strict: false });
  web.useSources({ areas: () => cities.areas(), alerts: () => alerts.published(), listVersion: () => dwellings.listVersion() });
  webServers.set(app, web);
  return app;
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify 5 treats a bare number as "trust nothing", so a hop
 * count becomes the function older versions built: the nearest `hops` addresses are proxies.
 */
export function fastifyTrustProxy(trust: AppConfig['http']['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
