import { Logger } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { relative } from 'node:path';
import { boot } from './bootstrap';
import { MailService } from './infra/mail/mail.service';
import { Metrics } from './infra/metrics/metrics';
import { startMetricsServer } from './infra/metrics/metrics-server';
import { JobQueue } from './infra/queue/job-queue.service';
import { PrismaService } from './infra/prisma/prisma.service';
import { describeWarmUp, warmUp } from './warm-up';
import { seedDatabase } from '../../../prisma/seed/seed';

async function main(): Promise<void> {
  const started = performance.now();
  const { config, database, app, migrations, close } = await boot();
  const line = (part: string, text: string) => console.log(`  ${part.padEnd(9)}${text}`);
  const shown = (path: string) => relative(process.cwd(), path) || '.';

  console.log(`Husly (${config.env}, role ${config.role})`);
  line('database', `${database.description} (${migrations})`);
  const jobs = app.get(JobQueue);
  line('jobs', jobs.mode === 'redis' ? `BullMQ on ${new URL(config.queue.redisUrl as string).host}` : 'in-process (REDIS_URL not set)');
  const mail = app.get(MailService);
  line('mail', mail.mode === 'smtp' ? `SMTP via ${mail.target}` : `.eml files in ${shown(mail.target)} (SMTP_URL not set)`);

  const seeded = await seedDatabase(app.get(PrismaService), { demoData: config.seed.demoData, dataDir: config.dataDir });
  line('data', seeded.summary);

  const shutdown = async (signal: string) => {
    Logger.log(`${signal}: shutting down`, 'Husly');
    await close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (config.role === 'worker') {
    const { token, metricsPort } = config.ops;
    if (token && metricsPort > 0) {
      await startMetricsServer(app.get(Metrics), { port: metricsPort, host: config.http.host, token });
      line('metrics', `http://${config.http.host}:${metricsPort}/metrics (Bearer OPS_TOKEN)`);
    }
    line('worker', `processing jobs (ready in ${Math.round(performance.now() - started)} ms)`);
    return;
  }
  // Ready means warmed: it listens (and /api/health answers) once its caches are loaded, so the
  // first request a load balancer sends is no slower than the next (docs/decisions/0068).
  const warmed = await warmUp(app, config);
  if (warmed) line('warm', describeWarmUp(warmed));
  await app.listen({ port: config.http.port, host: config.http.host });
  const web = config.http.publicUrl;
  line('web', `${web}  (API under ${web}/api, English on ${web.replace('://', '://en.')}; ready in ${Math.round(performance.now() - started)} ms)`);
}

main().catch((error: unknown) => {
  console.error('Husly failed to start:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
