import type { Job, JobWithMetadata, PgBoss } from 'pg-boss';
import { errorMessage } from '../logging/error-content';
import type { JobPayload } from '../../core/shared/job-queue.port';
import type { Logger } from '../logging/logger';
import { jobAttempts, type JobAttemptContext } from './job-context';

export type DispatchedHandler = (payload: JobPayload, job: { id: string; name: string }) => Promise<unknown>;

export interface JobDispatcherOptions {
  /** Jobs of this queue in flight at once in this process (I/O-bound answers: hundreds). */
  concurrency: number;
  /** Active jobs per group (workspace) across every worker process; pg-boss counts them in the database. */
  groupConcurrency?: number;
  /** Touch in-flight jobs this often, so pg-boss's heartbeat check sees them alive. */
  heartbeatRefreshMs?: number;
  /** Look for jobs at least this often without a NOTIFY (other processes freeing a group's slots). */
  pollMs?: number;
  /** Jobs fetched per round trip at most. */
  batchSize?: number;
}

/**
 * One fetch loop per queue and process instead of one pg-boss worker per slot (ADR 32): it
 * fetches as many jobs as it has free slots (up to a batch) in one query, honouring the
 * per-workspace cap (pg-boss group concurrency), runs them side by side, completes or fails
 * each attempt by itself (the attempt fence: a job retried elsewhere is left alone), and
 * touches the in-flight ones in one query per refresh so a killed process's jobs come back
 * after the heartbeat lapses. Each job runs inside its attempt's context (job-context.ts).
 */
export class JobDispatcher {
  private readonly inflight = new Map<string, { job: Job<JobPayload>; context: JobAttemptContext; done: Promise<void> }>();
  private wakeUp: (() => void) | undefined;
  private woken = false;
  private stopping = false;
  private loop: Promise<void> | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly boss: PgBoss,
    readonly queue: string,
    private readonly handler: DispatchedHandler,
    private readonly logger: Logger,
    private readonly options: JobDispatcherOptions,
  ) {}

  start(): void {
    this.loop = this.run();
    const refresh = this.options.heartbeatRefreshMs;
    if (refresh) {
      this.heartbeat = setInterval(() => void this.touch(), refresh);
      this.heartbeat.unref();
    }
  }

  /** A NOTIFY said jobs arrived, or a slot freed. */
  wake(): void {
    const wake = this.wakeUp;
    this.wakeUp = undefined;
    // No one asleep (a fetch is on its way): the next sleep returns at once instead.
    if (wake) wake();
    else this.woken = true;
  }

  get running(): number {
    return this.inflight.size;
  }

  /**
   * Stops fetching; in-flight jobs get up to `timeoutMs` to finish. Whatever is still running
   * then is failed at once (not left to the heartbeat), so another worker retries it now.
   */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loop;
    const all = Promise.all([...this.inflight.values()].map((entry) => entry.done));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
    const leftEntries = [...this.inflight.values()];
    for (const entry of leftEntries) entry.context.abandoned = true;
    const left = leftEntries.map((entry) => entry.job);
    if (left.length > 0) {
      this.logger.warn({ queue: this.queue, jobs: left.length }, 'shutdown: handing unfinished jobs back for another worker');
      await this.boss
        .fail(this.queue, left.map((job) => ({ id: job.id, retryCount: job.retryCount })), { message: 'worker shutting down' })
        .catch((error: unknown) => this.logger.error({ err: error, queue: this.queue }, 'could not hand jobs back'));
    }
    if (this.heartbeat) clearInterval(this.heartbeat);
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      const free = this.options.concurrency - this.inflight.size;
      if (free <= 0) {
        await this.sleep(this.options.pollMs ?? 1_000);
        continue;
      }
      let jobs: JobWithMetadata<JobPayload>[];
      try {
        // With its metadata: the job's retry limit says whether a failure of this attempt is retried.
        jobs = await this.boss.fetch<JobPayload>(this.queue, {
          includeMetadata: true,
          batchSize: Math.min(free, this.options.batchSize ?? 50),
          ...(this.options.groupConcurrency ? { groupConcurrency: this.options.groupConcurrency } : {}),
        });
        failures = 0;
      } catch (error) {
        // The database is away (a restart, a network cut): keep trying, a little slower each time.
        failures += 1;
        if (failures === 1) this.logger.warn({ err: error, queue: this.queue }, 'cannot fetch jobs; retrying');
        await this.sleep(Math.min(5_000, 250 * 2 ** Math.min(failures, 5)));
        continue;
      }
      for (const job of jobs) this.begin(job);
      // A full batch may mean more are waiting: look again at once.
      if (jobs.length === 0) await this.sleep(this.options.pollMs ?? 1_000);
    }
  }

  private begin(job: JobWithMetadata<JobPayload>): void {
    const context: JobAttemptContext = { attempt: job.retryCount, jobId: job.id, retriesLeft: Math.max(0, job.retryLimit - job.retryCount) };
    const done = jobAttempts
      .run(context, () => this.execute(job, context))
      .finally(() => {
        this.inflight.delete(job.id);
        this.wake();
      });
    this.inflight.set(job.id, { job, context, done });
  }

  private async execute(job: Job<JobPayload>, context: JobAttemptContext): Promise<void> {
    const attempt = { id: job.id, retryCount: job.retryCount };
    const started = performance.now();
    let output: unknown;
    try {
      output = await this.handler(job.data, { id: job.id, name: job.name });
    } catch (error) {
      await this.settle(() => this.boss.fail(this.queue, attempt, { message: errorMessage(error) }));
      return;
    }
    // The delivery is whole: a later retry (e.g. a completion lost to a database outage) does nothing.
    if (context.delivery) await this.settle(() => context.delivery!.finish());
    await this.settle(() => this.boss.complete(this.queue, attempt, (output ?? null) as object | null));
    this.logger.debug({ queue: this.queue, jobId: job.id, ms: Math.round(performance.now() - started) }, 'job done');
  }

  /**
   * Bookkeeping after the work: retried for a while when the database is away. If it never
   * gets through, the heartbeat lapses and the job is retried; the delivery record keeps the
   * retry from saying anything twice.
   */
  private async settle(write: () => Promise<unknown>): Promise<void> {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      try {
        await write();
        return;
      } catch (error) {
        if (attempt === 0) this.logger.warn({ err: error, queue: this.queue }, 'job bookkeeping failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** Math.min(attempt, 4)));
      }
    }
  }

  private async touch(): Promise<void> {
    if (this.inflight.size === 0) return;
    const attempts = [...this.inflight.values()].map(({ job }) => ({ id: job.id, retryCount: job.retryCount }));
    try {
      await this.boss.touch(this.queue, attempts);
    } catch (error) {
      this.logger.warn({ err: error, queue: this.queue }, 'job heartbeat failed');
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopping || this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.wakeUp === done) this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }
}
