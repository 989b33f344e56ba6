import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgBossJobQueue } from '../../../adapters/queue/pg-boss-job-queue';
import { QUEUES } from '../../../apps/shared/queues';
import { startTestWorker, type TestWorker } from '../../support/worker';

describe('worker', () => {
  let started: TestWorker;
  let queue: PgBossJobQueue;

  beforeAll(async () => {
    started = await startTestWorker();
    queue = started.queue;
  });

  afterAll(() => started?.close());

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
