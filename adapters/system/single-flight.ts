/**
 * Work shared while it is in flight ("single flight"): a second call with the same key while
 * the first is running gets the first's promise instead of starting its own. Nothing is kept
 * once it settles, so no result is staler than one started at the same moment, and a failure
 * fails every waiter while the next call tries afresh.
 */
export class SingleFlight<V> {
  private readonly inflight = new Map<string, Promise<V>>();

  run(key: string, work: () => Promise<V>): Promise<V> {
    const running = this.inflight.get(key);
    if (running) return running;
    const started = work().finally(() => this.inflight.delete(key));
    this.inflight.set(key, started);
    return started;
  }
}
