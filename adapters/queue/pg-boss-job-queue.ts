import { createHash } from 'node:crypto';
import { PgBoss, type JobWithMetadata } from 'pg-boss';
import type { JobPayload, JobQueue, SendJobOptions } from '../../core/shared/job-queue.port';
import { storableError } from '../logging/error-content';
import type { Logger } from '../logging/logger';
import { JobDispatcher } from './job-dispatcher';

type ListenHandle = { close(): Promise<void> };

export interface QueueDefinition {
  name: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /**
   * The longest wait before a retry: the delay doubles with each retry (pg-boss backoff), so
   * without a cap a job that failed six times waits a minute or more.
   */
  retryDelayMaxSeconds?: number;
  expireInSeconds?: number;
  /**
   * pg-boss queue policy, fixed when the queue is created: `singleton` lets one job of the queue
   * be active at a time across all workers, `stately` also keeps at most one waiting.
   */
  policy?: 'standard' | 'singleton' | 'stately';
  /** Cron expression (UTC): the worker sends an empty job on this schedule. */
  cron?: string;
  /** The worker sends an empty job each time it starts (work that resumes where it stopped; `stately` keeps one waiting). */
  atStart?: boolean;
  /**
   * How often an idle worker looks for jobs even without a NOTIFY (default: pg-boss's 30 s
   * backstop). Jobs held back by a singleton policy, and retries coming due, are not announced,
   * so such queues poll faster.
   */
  pollingIntervalSeconds?: number;
  /**
   * Delivering queues (answers, workflow steps, summaries): worked by one fetch loop per process
   * with many jobs in flight (`JobDispatcher`, ADR 32), each job grouped by its payload's
   * `teamId` so a workspace's burst is capped across every worker (group concurrency).
   */
  dispatched?: boolean;
  /** A job whose worker stops touching it for this long is failed and retried (pg-boss heartbeat, ≥ 10). */
  heartbeatSeconds?: number;
}

export type JobHandler = (
  payload: JobPayload,
  job: {
    id: string;
    name: string;
    /** Retries pg-boss still has for this job if this attempt fails (0: the last attempt); queues worked one job at a time only. */
    retriesLeft?: number;
  },
) => Promise<unknown>;

export interface WorkOptions {
  concurrency?: number;
  /** Dispatched queues: jobs of one workspace in flight at once across every worker process. */
  groupConcurrency?: number;
}

/**
 * pg-boss on Tomo's own PostgreSQL. LISTEN/NOTIFY is on, so a worker wakes the moment
 * a job is sent instead of at its next poll; polling stays as the correctness floor.
 */
export class PgBossJobQueue implements JobQueue {
  private readonly working = new Set<string>();
  private readonly definitions = new Map<string, QueueDefinition>();
  private readonly dispatchers = new Map<string, JobDispatcher>();
  private listening: Promise<ListenHandle | undefined> | undefined;
  private stopped: Promise<void> | undefined;

  private constructor(
    readonly boss: PgBoss,
    private readonly logger: Logger,
  ) {}

  static async start(
    connectionString: string,
    options: {
      logger: Logger;
      queues: QueueDefinition[];
      poolMax?: number;
      /** false for processes that only send (the HTTP server): the worker runs maintenance. */
      supervise?: boolean;
      /** `ANSWER_HEARTBEAT_SECONDS`: replaces the heartbeat of every queue that has one. */
      heartbeatSeconds?: number;
      /** `ANSWER_RETRIES`: replaces the retry limit of every dispatched (delivering) queue. */
      deliveryRetries?: number;
    },
  ): Promise<PgBossJobQueue> {
    const boss = new PgBoss({
      connectionString,
      schema: 'pgboss',
      useListenNotify: true,
      max: options.poolMax ?? 4,
      application_name: 'tomo-queue',
      supervise: options.supervise ?? true,
      schedule: options.supervise ?? true,
      // Lapsed heartbeats are found on the supervisor's pass: a third of the shortest heartbeat
      // (at most 10 s), so a killed worker's answer is retried well within a minute.
      ...heartbeatMonitoring(options.queues, options.heartbeatSeconds),
    });
    boss.on('error', (error: Error) => options.logger.error({ err: error }, 'queue error'));
    boss.on('warning', (warning: unknown) => options.logger.warn({ warning }, 'queue warning'));
    const queue = new PgBossJobQueue(boss, options.logger);
    try {
      await boss.start();
      for (const given of options.queues) {
        const beating = given.heartbeatSeconds && options.heartbeatSeconds ? { ...given, heartbeatSeconds: options.heartbeatSeconds } : given;
        const definition = beating.dispatched && options.deliveryRetries !== undefined ? { ...beating, retryLimit: options.deliveryRetries } : beating;
        queue.definitions.set(definition.name, definition);
        await queue.ensureQueue(definition);
      }
    } catch (error) {
      // A start cut short (PostgreSQL went away) leaves no pool or timer behind for a retry to trip on.
      await boss.stop({ graceful: false, close: true, timeout: 1_000 }).catch(() => undefined);
      throw error;
    }
    return queue;
  }

  async send(name: string, payload: JobPayload, options: SendJobOptions = {}): Promise<string | null> {
    return this.boss.send(name, payload, {
      ...this.groupOf(name, payload),
      ...(options.dedupeKey ? { id: dedupeId(name, options.dedupeKey) } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
    });
  }

  async sendMany(name: string, jobs: readonly { payload: JobPayload; dedupeKey?: string }[]): Promise<void> {
    if (jobs.length === 0) return;
    // The same insert as send() (queue defaults, ON CONFLICT DO NOTHING), for many rows at once.
    await this.boss.insert(
      name,
      jobs.map((job) => ({
        data: job.payload,
        ...this.groupOf(name, job.payload),
        ...(job.dedupeKey ? { id: dedupeId(name, job.dedupeKey) } : {}),
      })),
    );
  }

  async retryFailed(name: string, dedupeKey: string): Promise<boolean> {
    // pg-boss moves a failed job back to `retry` (one more attempt); any other state is left alone.
    const result = (await this.boss.retry(name, dedupeId(name, dedupeKey))) as { affected?: number };
    return (result.affected ?? 0) > 0;
  }

  /** A dispatched queue's jobs are grouped by workspace, for the per-workspace cap. */
  private groupOf(name: string, payload: JobPayload): { group?: { id: string } } {
    const teamId = payload.teamId;
    return this.definitions.get(name)?.dispatched && typeof teamId === 'string' && teamId !== '' ? { group: { id: teamId } } : {};
  }

  /** Runs `handler` for each job of `name`; a thrown error fails the job (and retries per queue policy). */
  async work(name: string, handler: JobHandler, options: WorkOptions = {}): Promise<void> {
    this.working.add(name);
    const definition = this.definitions.get(name);
    if (definition?.dispatched) {
      const heartbeat = definition.heartbeatSeconds;
      const dispatcher = new JobDispatcher(this.boss, name, handler, this.logger, {
        concurrency: options.concurrency ?? 1,
        ...(options.groupConcurrency ? { groupConcurrency: options.groupConcurrency } : {}),
        ...(heartbeat ? { heartbeatRefreshMs: Math.min(5_000, (heartbeat * 1000) / 3) } : {}),
        pollMs: definition.pollingIntervalSeconds ? definition.pollingIntervalSeconds * 1000 : 1_000,
      });
      this.dispatchers.set(name, dispatcher);
      await this.listen();
      dispatcher.start();
      return;
    }
    const polling = this.definitions.get(name)?.pollingIntervalSeconds;
    // One pg-boss worker per slot, so each can be told to look again right after a job: with
    // batchSize 1 a worker otherwise sleeps until the next NOTIFY or poll (30 s), and one NOTIFY
    // can announce many jobs (a batch insert, or a backlog left while no worker ran). A worker
    // keeps fetching while it finds jobs and goes back to waiting when the queue is empty.
    for (let slot = 0; slot < (options.concurrency ?? 1); slot += 1) {
      const worker: { id?: string } = {};
      const lookAgain = () => {
        if (worker.id) this.boss.notifyWorker(worker.id);
      };
      worker.id = await this.boss.work(
        name,
        {
          localConcurrency: 1,
          batchSize: 1,
          includeMetadata: true,
          ...(polling ? { pollingIntervalSeconds: polling, notifyPollingIntervalSeconds: polling } : {}),
        },
        // batchSize 1: what the handler returns is stored as the job's output.
        async ([job]: JobWithMetadata<JobPayload>[]) => {
          if (!job) return null;
          const started = performance.now();
          try {
            const output = await handler(job.data, { id: job.id, name: job.name, retriesLeft: Math.max(0, job.retryLimit - job.retryCount) });
            this.logger.debug({ queue: name, jobId: job.id, ms: Math.round(performance.now() - started) }, 'job done');
            return output ?? null;
          } catch (error) {
            // pg-boss stores what is thrown as the failed job's output: its name and message only,
            // never the data an error quotes (PostgreSQL's detail, a response body).
            throw storableError(error);
          } finally {
            lookAgain();
          }
        },
      );
      // Its first job may have run before its id was known.
      lookAgain();
    }
  }

  /** Sends `name` an empty job on the cron schedule (stored in the database, so once across workers). */
  async schedule(name: string, cron: string): Promise<void> {
    await this.boss.schedule(name, cron, {});
  }

  /**
   * Stops taking new jobs and waits for running ones to finish; a dispatched queue's jobs get
   * up to `timeoutMs`, then go back to the queue for another worker.
   */
  async stopWorking(timeoutMs = 10_000): Promise<void> {
    const dispatched = [...this.dispatchers.values()];
    this.dispatchers.clear();
    await Promise.all([
      ...dispatched.map((dispatcher) => dispatcher.stop(timeoutMs)),
      ...[...this.working].filter((name) => !dispatched.some((d) => d.queue === name)).map((name) => this.boss.offWork(name, { wait: true })),
    ]);
    this.working.clear();
    const listener = await this.listening;
    this.listening = undefined;
    await listener?.close().catch(() => undefined);
  }

  /** Jobs of dispatched queues running in this process right now. */
  get inFlight(): number {
    return [...this.dispatchers.values()].reduce((sum, dispatcher) => sum + dispatcher.running, 0);
  }

  /**
   * One LISTEN connection per process for the dispatched queues (pg-boss's own channel, which
   * its sends NOTIFY), reconnecting by itself; polling stays the floor when it is down.
   */
  private listen(): Promise<ListenHandle | undefined> {
    this.listening ??= (async () => {
      const db = this.boss.getDb();
      if (!db.listen) return undefined;
      try {
        const { rows } = await db.executeSql(`SELECT ('pgboss_' || left(encode(sha224('pgboss'::bytea), 'hex'), 24)) AS channel`);
        return await db.listen(
          String(rows[0]!.channel),
          (queue) => this.dispatchers.get(queue)?.wake(),
          () => this.dispatchers.forEach((dispatcher) => dispatcher.wake()),
        );
      } catch (error) {
        this.logger.warn({ err: error }, 'queue notifications unavailable; polling');
        return undefined;
      }
    })();
    return this.listening;
  }

  /** Graceful: running jobs get up to timeoutMs. Safe to call twice. */
  stop(timeoutMs = 10_000): Promise<void> {
    this.stopped ??= this.boss.stop({ graceful: true, close: true, timeout: timeoutMs });
    return this.stopped;
  }

  private async ensureQueue(definition: QueueDefinition): Promise<void> {
    const existing = await this.boss.getQueue(definition.name);
    const options = {
      notify: true,
      retryLimit: definition.retryLimit ?? 2,
      retryDelay: definition.retryDelaySeconds ?? 5,
      retryBackoff: true,
      expireInSeconds: definition.expireInSeconds ?? 300,
      ...(definition.heartbeatSeconds ? { heartbeatSeconds: definition.heartbeatSeconds } : {}),
    };
    const retryDelayMax = definition.retryDelayMaxSeconds;
    if (existing) await this.boss.updateQueue(definition.name, { ...options, retryDelayMax: retryDelayMax ?? null });
    else await this.boss.createQueue(definition.name, { ...options, ...(retryDelayMax ? { retryDelayMax } : {}), ...(definition.policy ? { policy: definition.policy } : {}) });
  }
}

function heartbeatMonitoring(queues: QueueDefinition[], override: number | undefined): { monitorIntervalSeconds?: number; superviseIntervalSeconds?: number } {
  const beats = queues.flatMap((q) => (q.heartbeatSeconds ? [override ?? q.heartbeatSeconds] : []));
  if (beats.length === 0) return {};
  const seconds = Math.max(1, Math.min(10, Math.floor(Math.min(...beats) / 3)));
  return { monitorIntervalSeconds: seconds, superviseIntervalSeconds: seconds };
}

/**
 * pg-boss ignores a job whose id already exists, so a name-based UUID (RFC 9562 v5 layout,
 * SHA-1 of queue and key) turns "send once per key" into a plain insert.
 */
export function dedupeId(queue: string, key: string): string {
  const hash = createHash('sha1').update(`${queue}\u0000${key}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
