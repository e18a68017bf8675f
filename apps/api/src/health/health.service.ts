import { Inject, Injectable } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HealthDetailsResponse } from '@husly/contracts';
import { DATABASE_HANDLE } from '../infra/prisma/prisma.module';
import { PrismaService } from '../infra/prisma/prisma.service';
import type { DatabaseHandle } from '../infra/database/database';
import { MailService } from '../infra/mail/mail.service';
import { JobQueue } from '../infra/queue/job-queue.service';
import { workspaceRoot } from '../infra/database/migrate';

const PACKAGE_VERSION = (JSON.parse(readFileSync(join(workspaceRoot(), 'package.json'), 'utf8')) as { version: string }).version;

@Injectable()
export class HealthService {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(DATABASE_HANDLE) private readonly database: DatabaseHandle,
    private readonly jobs: JobQueue,
    private readonly mail: MailService,
  ) {}

  /**
   * 503 only when the portal cannot work at all (database or queue gone). A mail relay outage is
   * reported as degraded with 200: mails are retried by the queue, pages keep working, and a load
   * balancer must not take every replica out for it.
   */
  static httpStatus(report: HealthDetailsResponse): number {
    return report.database.ok && report.queue.ok ? 200 : 503;
  }

  async check(): Promise<HealthDetailsResponse> {
    const [database, queueOk, mailOk] = await Promise.all([
      this.prisma.ping().then(
        (latencyMs) => ({ ok: true, latencyMs: Math.round(latencyMs * 10) / 10 }),
        () => ({ ok: false, latencyMs: null }),
      ),
      this.jobs.ping(),
      this.mail.verify(),
    ]);
    return {
      status: database.ok && queueOk && mailOk ? 'ok' : 'degraded',
      database: { mode: this.database.mode, ...database },
      queue: { mode: this.jobs.mode, ok: queueOk },
      mail: { mode: this.mail.mode, ok: mailOk, target: this.mail.target },
      version: PACKAGE_VERSION,
    };
  }
}
