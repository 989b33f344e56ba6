import { describe, expect, it } from 'vitest';
import { coalescedReads } from '../../../adapters/postgres/coalesced-reads';

/** A repository stand-in that counts its queries and answers when told to. */
class CountingRepository {
  queries: string[] = [];
  private pending: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  saved: string[] = [];

  find(teamId: string): Promise<string> {
    this.queries.push(teamId);
    return new Promise((resolve, reject) => this.pending.push({ resolve: () => resolve(`record of ${teamId}`), reject }));
  }

  async save(value: string): Promise<void> {
    this.saved.push(value);
  }

  answerAll(): void {
    for (const waiter of this.pending.splice(0)) waiter.resolve('');
  }

  failAll(): void {
    for (const waiter of this.pending.splice(0)) waiter.reject(new Error('connection lost'));
  }
}

describe('coalescedReads', () => {
  it('sends one query for identical reads in flight together, and one per different argument', async () => {
    const repository = new CountingRepository();
    const reads = coalescedReads(repository, ['find']);
    const all = Promise.all([reads.find('T1'), reads.find('T1'), reads.find('T2'), reads.find('T1')]);
    repository.answerAll();
    expect(await all).toEqual(['record of T1', 'record of T1', 'record of T2', 'record of T1']);
    expect(repository.queries).toEqual(['T1', 'T2']);
  });

  it('keeps nothing afterwards: a read after the answer queries again', async () => {
    const repository = new CountingRepository();
    const reads = coalescedReads(repository, ['find']);
    const first = reads.find('T1');
    repository.answerAll();
    await first;
    const second = reads.find('T1');
    repository.answerAll();
    await second;
    expect(repository.queries).toEqual(['T1', 'T1']);
  });

  it('gives every waiter the failure, then lets the next read try afresh', async () => {
    const repository = new CountingRepository();
    const reads = coalescedReads(repository, ['find']);
    const both = Promise.allSettled([reads.find('T1'), reads.find('T1')]);
    repository.failAll();
    expect((await both).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const again = reads.find('T1');
    repository.answerAll();
    expect(await again).toBe('record of T1');
    expect(repository.queries).toEqual(['T1', 'T1']);
  });

  it('leaves the other methods as they are', async () => {
    const repository = new CountingRepository();
    const reads = coalescedReads(repository, ['find']);
    await reads.save('a');
    await reads.save('a');
    expect(repository.saved).toEqual(['a', 'a']);
  });
});
