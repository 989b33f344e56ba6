import { SingleFlight } from '../system/single-flight';

type Read = (...args: never[]) => Promise<unknown>;
type ReadNames<T> = { [K in keyof T]: T[K] extends Read ? K : never }[keyof T];

/**
 * The same repository with the named reads coalesced ("single flight"): while a read is on its
 * way to PostgreSQL, identical calls (same method, same arguments) wait for it and share its
 * result instead of sending their own query. Nothing is kept after the answer arrives, so no
 * read is staler than one that started at the same moment. A burst of questions in one
 * workspace then reads its installation, plan, seats and instructions once, not once per
 * question. The shared results are records that callers only read.
 */
export function coalescedReads<T extends object>(target: T, methods: readonly ReadNames<T>[]): T {
  const flights = new SingleFlight<unknown>();
  const coalesced = Object.create(target) as T;
  for (const method of methods) {
    const read = (target[method] as Read).bind(target) as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(coalesced, method, {
      value: (...args: unknown[]) => flights.run(`${String(method)}\u0000${JSON.stringify(args)}`, () => read(...args)),
    });
  }
  return coalesced;
}
