import { defineJob } from './job-definition';

/**
 * Every job the portal runs. Boot fails if one has no handler, so a producer can never enqueue
 * work that nothing will pick up. Features add their definitions here.
 */
export const JOBS = {
  /** A mail handed to the mail layer with retries (e.g. verification and reset links). */
  mailDeliver: defineJob<{ to: string; subject: string; text: string; html?: string; headers?: Record<string, string> }>(
    'mail.deliver',
    { attempts: 6, backoffMs: 5_000 },
  ),
} as const;

export const ALL_JOBS = Object.values(JOBS);
