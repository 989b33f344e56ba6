import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../../apps/shared/queues';
import { capturingLogger } from '../../support/logger';
import { startTestWorker, type TestWorker } from '../../support/worker';
import { eventually } from '../slack-app/support/slack-app-world';

/**
 * The answer pipeline, ingestion and the trigger jobs all use the knowledge and integration
 * services: the worker's composition root (apps/worker/container.ts) builds each once and hands
 * it to all of them. Two builds meant two vector stores (the portable one holds up to 256 MB of
 * vectors each) and every start logging its store twice.
 */
describe('a worker builds its knowledge services once', () => {
  const log = capturingLogger('info');
  let started: TestWorker;

  beforeAll(async () => {
    started = await startTestWorker(log.logger);
  });

  afterAll(() => started?.close());

  const storeLines = () => log.output().split('\n').filter((line) => line.includes('"msg":"knowledge vector store"'));

  it('logs its vector store once, however many jobs use it', async () => {
    const { queue } = started;
    await eventually(async () => expect(storeLines().length).toBeGreaterThan(0));
    // A job's round trip after the first line: a second store, chosen at the same moment, would have logged by now.
    const id = (await queue.send(QUEUES.ping.name, { requestId: 'r-1' }))!;
    await eventually(async () => expect((await queue.boss.getJobById(QUEUES.ping.name, id))?.state).toBe('completed'));
    expect(storeLines()).toHaveLength(1);
  });
});
