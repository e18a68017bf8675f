import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { BoligagentDeliveryService } from '../boligagent/boligagent-delivery.service';
import { PrismaService } from '../infra/prisma/prisma.service';
import { JobQueue } from '../infra/queue/job-queue.service';
import { QUEUE_NAME } from '../infra/queue/job-definition';
import { JOBS } from '../infra/queue/jobs';
import { runCommand } from './run-command';

// npm run boligagent:send: the nightly boligagent run, now, and exit once every mail is handed to
// SMTP. Without REDIS_URL it runs in this process; with it, through the queue and a worker (this
// process is one unless APP_ROLE=web, and a running worker process takes part as well).
runCommand('boligagent:send', async ({ app }) => {
  const jobs = app.get(JobQueue);
  const prisma = app.get(PrismaService);
  const started = new Date();
  const t0 = performance.now();
  if (jobs.mode === 'in-process') {
    const result = await app.get(BoligagentDeliveryService).runDigest();
    await jobs.drain();
    const pending = await prisma.boligagentMail.count({ where: { status: 'PENDING', createdAt: { gte: started } } });
    console.log(
      `boligagent:send: ${result.agentsScanned} agents matched in ${Math.round(result.matchingMs)} ms, claimed in ${Math.round(result.claimingMs)} ms, ${result.mails} mails ` +
        `(${result.dwellings} dwellings), ${result.changeMails} change mails, ${result.requeued} left over from earlier runs; ${pending} still pending; ` +
        `${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    return pending === 0 ? 0 : 1;
  }

  const queue = app.get<Queue>(getQueueToken(QUEUE_NAME), { strict: false });
  const jobId = await jobs.enqueue(JOBS.boligagentDigest, { trigger: 'command' }, { jobId: `boligagent-digest-command-${started.getTime()}` });
  // The digest job first, then every mail it claimed: PENDING rows of this run reach zero.
  for (;;) {
    const state = await queue.getJobState(jobId);
    if (state === 'completed') break;
    if (state === 'failed') throw new Error('the boligagent digest job failed; see the worker log');
    await new Promise((r) => setTimeout(r, 250));
  }
  // Retries back off exponentially (about 5 minutes over all attempts); what is still pending after
  // that is left for the next run, and the command says so with its exit code.
  const deadline = Date.now() + 15 * 60_000;
  let pending = 0;
  for (;;) {
    pending = await prisma.boligagentMail.count({ where: { status: 'PENDING', createdAt: { gte: started } } });
    if (pending === 0 || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const sent = await prisma.boligagentMail.count({ where: { status: 'SENT', createdAt: { gte: started } } });
  console.log(`boligagent:send: ${sent} mails handed to SMTP through the queue, ${pending} still pending; ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return pending === 0 ? 0 : 1;
});
