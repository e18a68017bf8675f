import { Inject, Injectable, Logger } from '@nestjs/common';
import { errorSummary } from '../common/error-summary';
import { Clock } from '../infra/clock/clock';
import { PrismaService } from '../infra/prisma/prisma.service';

export interface BoligagentRunRecord {
  finished(mails: number): Promise<void>;
  failed(error: unknown): Promise<void>;
}

/**
 * One boligagent_runs row per digest run, for support: started, then the mails it queued or why it
 * failed. A retried run is a run of its own, so it gets a row of its own. The record never decides
 * the run: a row that cannot be written is a warning, since a throw would fail (and retry) a run
 * whose mails are already claimed and queued.
 */
@Injectable()
export class BoligagentRunLog {
  private readonly logger = new Logger(BoligagentRunLog.name);

  constructor(
    private readonly prisma: PrismaService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async start(): Promise<BoligagentRunRecord> {
    let id: number | null = null;
    try {
      id = (await this.prisma.boligagentRun.create({ data: { startedAt: this.clock.now() }, select: { id: true } })).id;
    } catch (error) {
      this.logger.warn(`boligagent run not recorded: ${errorSummary(error)}`);
    }
    const end = async (data: { mails?: number; error?: string }) => {
      if (id === null) return;
      try {
        await this.prisma.boligagentRun.update({ where: { id }, data: { ...data, finishedAt: this.clock.now() } });
      } catch (error) {
        this.logger.warn(`boligagent run ${id} ended but its record was not updated: ${errorSummary(error)}`);
      }
    };
    return { finished: (mails) => end({ mails }), failed: (error) => end({ error: errorSummary(error) }) };
  }
}
