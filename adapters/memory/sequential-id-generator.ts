import type { IdGenerator } from '../../core/shared/id-generator.port';

/** Predictable ids for tests: prefix-1, prefix-2, … */
export class SequentialIdGenerator implements IdGenerator {
  private counter = 0;
  constructor(private readonly prefix = 'id') {}

  next(): string {
    this.counter += 1;
    return `${this.prefix}-${this.counter}`;
  }
}
