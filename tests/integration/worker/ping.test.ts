import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../adapters/postgres/database';
import { PgBossJobQueue } from '../../../adapters/queue/pg-boss-job-queue';
import { ALL_QUEUES, QUEUES } from '../../../apps/shared/queues';
import { loadWorkerConfig } from '../../../apps/worker/config';
import { startWorker, type RunningWorker } from '../../../apps/worker/worker';
import { testDatabase } from '../../support/database';
import { testLogger } from '../../support/logger';

describe('worker', () => {
  let database: Database;
  let queue: PgBossJobQueue;
  let worker: RunningWorker;

  beforeAll(async () => {
    const db = await testDatabase();
    database = await openDatabase(db.url, { poolMax: 2 });
    queue = await PgBossJobQueue.start(db.url, { logger: testLogger, queues: ALL_QUEUES });
    worker = await startWorker({ config: loadWorkerConfig({ DATABASE_URL: db.url, ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') }), logger: testLogger, database, queue });
  });

  afterAll(async () => {
    await worker?.stop();
    await queue?.stop(1000);
    await database?.close();
  });

  it('handles a job sent through pg-boss and records its result', async () => {
    const id = await queue.send(QUEUES.ping.name, { requestId: 'r-1' });
    expect(id).toBeTruthy();
    const job = await waitForJob(queue, QUEUES.ping.name, id!);
    expect(job.state).toBe('completed');
    expect(job.output).toEqual({ pong: true, echo: { requestId: 'r-1' } });
  });

  it('sends a job only once per dedupe key (how Slack retries are absorbed)', async () => {
    const first = await queue.send(QUEUES.ping.name, { requestId: 'r-2' }, { dedupeKey: 'event-Ev1' });
    const second = await queue.send(QUEUES.ping.name, { requestId: 'r-2' }, { dedupeKey: 'event-Ev1' });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
  });
});

async function waitForJob(queue: PgBossJobQueue, name: string, id: string) {
  for (let i = 0; i < 200; i += 1) {
    const job = await queue.boss.getJobById(name, id);
    if (job && ['completed', 'failed'].includes(job.state)) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('job was not handled');
}
