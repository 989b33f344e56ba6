/**
 * At most `limit` pieces of work at once in this process; the rest wait their turn in arrival
 * order. A waiter whose `signal` aborts leaves the queue and is rejected with its reason.
 */
export class Turns {
  private taken = 0;
  private readonly waiters: (() => void)[] = [];

  constructor(readonly limit: number) {}

  /** Turns in use and work waiting for one (for tests and diagnostics). */
  get running(): number {
    return this.taken;
  }

  get waiting(): number {
    return this.waiters.length;
  }

  take(signal?: AbortSignal): Promise<void> {
    if (this.taken < this.limit) {
      this.taken += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** The turn passes to the longest waiting work. */
  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.taken -= 1;
  }
}
