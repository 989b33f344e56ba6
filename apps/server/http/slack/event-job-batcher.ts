import type { JobPayload, JobQueue } from '../../../../core/shared/job-queue.port';

interface Waiting {
  payload: JobPayload;
  done: { resolve(): void; reject(error: unknown): void }[];
}

/**
 * Group commit for the ack path: while one insert is on its way to PostgreSQL, the events
 * that arrive meanwhile wait and then go together in the next insert. At low traffic every
 * event is inserted at once; under a burst, one commit (and one NOTIFY) serves many acks
 * instead of each paying for its own. An event is acknowledged only once its job is stored.
 */
export class EventJobBatcher {
  private readonly waiting = new Map<string, Map<string, Waiting>>();
  private readonly flushing = new Set<string>();

  constructor(
    private readonly queue: Pick<JobQueue, 'sendMany'>,
    private readonly maxBatch = 500,
  ) {}

  /** Resolves once the job is stored (or already was, under the same dedupe key). */
  enqueue(name: string, payload: JobPayload, dedupeKey: string): Promise<void> {
    const jobs = this.waiting.get(name) ?? new Map<string, Waiting>();
    this.waiting.set(name, jobs);
    const stored = new Promise<void>((resolve, reject) => {
      // A retry arriving while the first delivery still waits rides on the same row.
      const same = jobs.get(dedupeKey);
      if (same) same.done.push({ resolve, reject });
      else jobs.set(dedupeKey, { payload, done: [{ resolve, reject }] });
    });
    if (!this.flushing.has(name)) void this.flush(name);
    return stored;
  }

  private async flush(name: string): Promise<void> {
    this.flushing.add(name);
    try {
      for (let jobs = this.waiting.get(name); jobs && jobs.size > 0; jobs = this.waiting.get(name)) {
        const batch = [...jobs].slice(0, this.maxBatch);
        for (const [key] of batch) jobs.delete(key);
        try {
          await this.queue.sendMany(
            name,
            batch.map(([dedupeKey, { payload }]) => ({ payload, dedupeKey })),
          );
          for (const [, { done }] of batch) for (const waiter of done) waiter.resolve();
        } catch (error) {
          for (const [, { done }] of batch) for (const waiter of done) waiter.reject(error);
        }
      }
    } finally {
      this.flushing.delete(name);
    }
  }
}
