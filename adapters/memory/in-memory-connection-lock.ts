import type { ConnectionLock } from '../../core/integrations/integration-oauth.port';

/** One piece of work per key at a time, within this process. */
export class InMemoryConnectionLock implements ConnectionLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  async withLock<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const run = before.catch(() => undefined).then(work);
    this.tails.set(key, run);
    try {
      return await run;
    } finally {
      if (this.tails.get(key) === run) this.tails.delete(key);
    }
  }
}
