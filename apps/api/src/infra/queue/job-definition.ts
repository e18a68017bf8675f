/** A typed, registered job: the name is the contract between the producer and its processor. */
export interface JobDefinition<TData> {
  readonly name: string;
  readonly attempts: number;
  /** First retry delay; doubles on each further attempt. */
  readonly backoffMs: number;
  /** Phantom field carrying the data type. */
  readonly __data?: TData;
}

export function defineJob<TData>(name: string, options: { attempts?: number; backoffMs?: number } = {}): JobDefinition<TData> {
  return { name, attempts: options.attempts ?? 5, backoffMs: options.backoffMs ?? 2_000 };
}

export interface JobContext {
  jobId: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

export type JobHandler<TData> = (data: TData, context: JobContext) => Promise<void>;

export interface EnqueueOptions {
  /** Same id, same job: a second enqueue with an id already waiting or running is a no-op. */
  jobId?: string;
  delayMs?: number;
}

export const QUEUE_NAME = 'husly';
