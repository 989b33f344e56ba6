import { describe, expect, it } from 'vitest';
import { EventJobBatcher } from '../../../apps/server/http/slack/event-job-batcher';
import type { JobPayload } from '../../../core/shared/job-queue.port';

/** A queue in memory whose inserts finish when the test says so, to see what goes together. */
class HeldQueue {
  readonly inserts: { name: string; keys: string[] }[] = [];
  readonly rows = new Map<string, JobPayload>();
  private release: (() => void)[] = [];
  failNext = false;

  sendMany(name: string, jobs: readonly { payload: JobPayload; dedupeKey?: string }[]): Promise<void> {
    this.inserts.push({ name, keys: jobs.map((j) => j.dedupeKey ?? '') });
    const fail = this.failNext;
    this.failNext = false;
    return new Promise((resolve, reject) => {
      this.release.push(() => {
        if (fail) return reject(new Error('database down'));
        for (const job of jobs) if (!this.rows.has(job.dedupeKey!)) this.rows.set(job.dedupeKey!, job.payload);
        resolve();
      });
    });
  }

  async finishAll(): Promise<void> {
    while (this.release.length > 0) {
      this.release.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }
}

describe('acknowledging events: jobs stored together while an insert is in flight', () => {
  it('stores the first event at once and the ones arriving meanwhile in one next insert', async () => {
    const queue = new HeldQueue();
    const batcher = new EventJobBatcher(queue);
    const first = batcher.enqueue('q', { n: 1 }, 'a');
    const rest = ['b', 'c', 'd'].map((key, i) => batcher.enqueue('q', { n: i + 2 }, key));
    await queue.finishAll();
    await Promise.all([first, ...rest]);
    expect(queue.inserts.map((i) => i.keys)).toEqual([['a'], ['b', 'c', 'd']]);
    expect([...queue.rows.keys()]).toEqual(['a', 'b', 'c', 'd']);
  });

  it('lets a retry waiting with the first delivery ride on the same row', async () => {
    const queue = new HeldQueue();
    const batcher = new EventJobBatcher(queue);
    const busy = batcher.enqueue('q', { n: 0 }, 'x');
    const original = batcher.enqueue('q', { n: 1 }, 'same');
    const retry = batcher.enqueue('q', { n: 2 }, 'same');
    await queue.finishAll();
    await Promise.all([busy, original, retry]);
    expect(queue.inserts[1]!.keys).toEqual(['same']);
    expect(queue.rows.get('same')).toEqual({ n: 1 });
  });

  it('fails the acks of a batch whose insert failed, and keeps serving later events', async () => {
    const queue = new HeldQueue();
    const batcher = new EventJobBatcher(queue, 2);
    queue.failNext = true;
    const lost = batcher.enqueue('q', { n: 1 }, 'a');
    const later = ['b', 'c', 'd'].map((key) => batcher.enqueue('q', {}, key));
    const outcome = Promise.allSettled([lost, ...later]);
    await queue.finishAll();
    expect((await outcome).map((o) => o.status)).toEqual(['rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    // At most two per insert.
    expect(queue.inserts.map((i) => i.keys)).toEqual([['a'], ['b', 'c'], ['d']]);
  });
});
