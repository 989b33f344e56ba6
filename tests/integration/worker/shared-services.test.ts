import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../adapters/postgres/database';
import { PgBossJobQueue } from '../../../adapters/queue/pg-boss-job-queue';
import { ALL_QUEUES, QUEUES } from '../../../apps/shared/queues';
import { loadWorkerConfig } from '../../../apps/worker/config';
import { startWorker, type RunningWorker } from '../../../apps/worker/worker';
import { testDatabase } from '../../support/database';
import { capturingLogger } from '../../support/logger';
import { eventually } from '../slack-app/support/slack-app-world';

/**
 * The answer pipeline, ingestion and the trigger jobs all use the knowledge and integration
 * services: a worker builds each once. Two builds meant two vector stores (the portable one
 * holds up to 256 MB of vectors each) and every start logging its store twice.
 */
describe('a worker builds its knowledge services once', () => {
  const log = capturingLogger('info');
  let database: Database;
  let queue: PgBossJobQueue;
  let worker: RunningWorker;

  beforeAll(async () => {
    const db = await testDatabase();
    database = await openDatabase(db.url, { poolMax: 2 });
    queue = await PgBossJobQueue.start(db.url, { logger: log.logger, queues: ALL_QUEUES });
    const config = loadWorkerConfig({ DATABASE_URL: db.url, ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') });
    worker = await startWorker({ config, logger: log.logger, database, queue });
  });

  afterAll(async () => {
    await worker?.stop();
    await queue?.stop(1000);
    await database?.close();
  });

  const storeLines = () => log.output().split('\n').filter((line) => line.includes('"msg":"knowledge vector store"'));

  it('logs its vector store once, however many jobs use it', async () => {
    await eventually(async () => expect(storeLines().length).toBeGreaterThan(0));
    // A job's round trip after the first line: a second store, chosen at the same moment, would have logged by now.
    const id = (await queue.send(QUEUES.ping.name, { requestId: 'r-1' }))!;
    await eventually(async () => expect((await queue.boss.getJobById(QUEUES.ping.name, id))?.state).toBe('completed'));
    expect(storeLines()).toHaveLength(1);
  });
});
