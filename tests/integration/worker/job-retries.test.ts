import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgBossJobQueue } from '../../../adapters/queue/pg-boss-job-queue';
import { SLACK_QUEUES } from '../../../apps/shared/slack-jobs';
import { testDatabase } from '../../support/database';
import { eventually } from '../slack-app/support/slack-app-world';
import { testLogger } from '../../support/logger';

// A retry's wait doubles with each failure (pg-boss backoff). A job that already failed often (a
// worker killed again and again under it) must not then wait minutes: someone is waiting for it.
describe('job retries', () => {
  const capped = { name: 'capped-retries', retryLimit: 8, retryDelaySeconds: 1, retryDelayMaxSeconds: 3 };
  let queue: PgBossJobQueue;
  let client: pg.Client;

  beforeAll(async () => {
    const db = await testDatabase();
    queue = await PgBossJobQueue.start(db.url, { logger: testLogger, queues: [capped, SLACK_QUEUES.slackAnswer] });
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await queue?.stop(1000);
  });

  it('waits at most the queue’s longest retry delay, however often the job failed', async () => {
    const id = (await queue.send(capped.name, { n: 1 }, { startAfterSeconds: 3_600 }))!;
    // As if it had failed six times already: uncapped, the next wait would be 64–128 s.
    await client.query(`update pgboss.job set retry_count = 6, start_after = now() where id = $1`, [id]);
    let attempts = 0;
    await queue.work(capped.name, async () => {
      attempts += 1;
      throw new Error('worker lost');
    });
    await eventually(async () => {
      const { rows } = await client.query<{ state: string; wait: number }>(
        `select state, extract(epoch from start_after - now())::float as wait from pgboss.job where id = $1`,
        [id],
      );
      expect(rows[0]!.state).toBe('retry');
      expect(rows[0]!.wait).toBeLessThanOrEqual(3);
    });
    expect(attempts).toBe(1);
  });

  it('gives the answer queues a longest retry delay of ten seconds', async () => {
    const { rows } = await client.query(`select retry_delay, retry_delay_max from pgboss.queue where name = $1`, [SLACK_QUEUES.slackAnswer.name]);
    expect(rows).toEqual([{ retry_delay: 1, retry_delay_max: 10 }]);
  });
});
