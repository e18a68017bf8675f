import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';

/** What a queue holds, by state, as the scrape reads it. */
export type QueueCounts = Partial<Record<'waiting' | 'active' | 'failed' | 'delayed', number>>;

/**
 * The process's metrics in Prometheus' format (prom-client), read by GET /api/metrics (web) and by
 * the worker's metrics port (infra/metrics/metrics-server.ts), both with OPS_TOKEN. A registry per
 * app, not prom-client's global one: the tests run several apps in one process. Every series carries
 * the process's role (web, worker or all); Prometheus adds the instance.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  /** Its _count is the requests by route template (never the raw URL: no unbounded labels) and status. */
  readonly http = new Histogram({
    name: 'husly_http_request_duration_seconds',
    help: 'HTTP requests answered, by method, route template and status, and how long each took',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly mails = new Counter({
    name: 'husly_mails_total',
    help: 'Mails handed to the SMTP relay (or written as files), and those it refused or that failed',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  /** A process falling back to full loads (the change log pruned past it, failures) shows as loads rising. */
  readonly listSnapshots = new Counter({
    name: 'husly_list_snapshot_updates_total',
    help: "The in-memory dwelling list's updates: full loads, and deltas from the change log",
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly payments = new Counter({
    name: 'husly_payments_total',
    help: 'Charges recorded as paid (a receipt), and payments the provider declined at checkout',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly webhookEvents = new Counter({
    name: 'husly_webhook_events_total',
    help: "The payment provider's webhook deliveries: accepted, duplicate (already stored) or refused (bad signature)",
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly webhookLag = new Histogram({
    name: 'husly_webhook_processing_lag_seconds',
    help: 'From a webhook event received to its changes applied',
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
    registers: [this.registry],
  });

  readonly boligagentLastRun = new Gauge({
    name: 'husly_boligagent_last_run_timestamp_seconds',
    help: 'When the last boligagent digest run finished (Unix time)',
    registers: [this.registry],
  });

  readonly boligagentLastRunDuration = new Gauge({
    name: 'husly_boligagent_last_run_duration_seconds',
    help: 'How long the last boligagent digest run took',
    registers: [this.registry],
  });

  readonly boligagentLastRunMails = new Gauge({
    name: 'husly_boligagent_last_run_mails',
    help: 'Mails the last boligagent digest run queued',
    registers: [this.registry],
  });

  private readonly pools = new Map<string, Pool>();
  private queueCounts: (() => Promise<QueueCounts>) | undefined;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.registry.setDefaultLabels({ role: config.role });
    // Node's own: event-loop lag, heap, CPU, handles, under their usual names (nodejs_*, process_*).
    collectDefaultMetrics({ register: this.registry });
    const pools = this.pools;
    new Gauge({
      name: 'husly_db_pool_connections',
      help: 'Database connections of each pool: open (total), idle, and callers waiting for one',
      labelNames: ['pool', 'state'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [name, pool] of pools) {
          this.set({ pool: name, state: 'total' }, pool.totalCount);
          this.set({ pool: name, state: 'idle' }, pool.idleCount);
          this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
        }
      },
    });
    const queue = () => this.queueCounts;
    new Gauge({
      name: 'husly_queue_jobs',
      help: 'Jobs in the queue by state (waiting, active, failed, delayed)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        const counts = await queue()?.();
        this.reset();
        for (const [state, count] of Object.entries(counts ?? {})) this.set({ state }, count);
      },
    });
  }

  /** A pg pool whose connections the scrape reports as `name`. */
  watchPool(name: string, pool: Pool): void {
    this.pools.set(name, pool);
  }

  /** Where the scrape reads the queue's counts (the JobQueue, on BullMQ or in process). */
  watchQueue(counts: () => Promise<QueueCounts>): void {
    this.queueCounts = counts;
  }

  /** The boligagent digest that just finished. */
  boligagentRun(finishedAt: Date, durationMs: number, mails: number): void {
    this.boligagentLastRun.set(finishedAt.getTime() / 1000);
    this.boligagentLastRunDuration.set(durationMs / 1000);
    this.boligagentLastRunMails.set(mails);
  }
}
